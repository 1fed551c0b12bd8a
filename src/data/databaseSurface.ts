/**
 * database.types.ts as values, for the test that compares it with the
 * migrated database (tests/integration/schema/databaseTypes.test.ts): each
 * table's columns and each RPC's arguments (required, and those with a
 * default). The compiler holds these lists to the `Database` type both ways:
 * `satisfies` refuses a name the type does not have, and the `_every…` checks
 * below refuse a list that leaves one out. Not used by the app itself.
 */
import type { Database } from './database.types';

type Tables = Database['public']['Tables'];
type Functions = Database['public']['Functions'];

/** The argument names of an RPC (none for `Args: never`). */
type ArgName<F extends keyof Functions> = [Functions[F]['Args']] extends [never]
  ? never
  : keyof Functions[F]['Args'] & string;

/** The arguments of an RPC that may be left out (the function has a default for them). */
type OptionalArg<F extends keyof Functions> = [Functions[F]['Args']] extends [never]
  ? never
  : {
      [K in keyof Functions[F]['Args']]-?: object extends Pick<Functions[F]['Args'], K> ? K : never;
    }[keyof Functions[F]['Args']] &
      string;

/** Each table's columns, as in its `Row` type. */
export const TABLE_COLUMNS = {
  door_makers: [
    'contractor_id',
    'created_at',
    'created_by',
    'deleted_at',
    'email',
    'id',
    'name',
    'txid',
    'updated_at',
    'version',
  ],
  door_orders: [
    'carrier',
    'checkin',
    'confirmed_on',
    'contractor_id',
    'created_at',
    'created_by',
    'deleted_at',
    'files',
    'id',
    'mailed_at',
    'maker_email',
    'maker_id',
    'maker_name',
    'maker_order_number',
    'note',
    'ordered_on',
    'parts',
    'po_number',
    'project_id',
    'promised_ship_on',
    'received_on',
    'remake_of',
    'sent_via',
    'shipped_on',
    'status',
    'tracking_number',
    'txid',
    'updated_at',
    'version',
  ],
  message_reads: [
    'created_at',
    'deleted_at',
    'id',
    'project_id',
    'read_up_to',
    'txid',
    'updated_at',
    'user_id',
    'version',
  ],
  messages: [
    'attachments',
    'author_id',
    'body',
    'created_at',
    'deleted_at',
    'edited_at',
    'id',
    'project_id',
    'txid',
    'updated_at',
    'version',
  ],
  profiles: [
    'address',
    'created_at',
    'deleted_at',
    'email',
    'first_name',
    'id',
    'last_name',
    'locale',
    'organization_id',
    'permissions',
    'phone',
    'price_list',
    'role',
    'service_areas',
    'txid',
    'updated_at',
    'version',
  ],
  project_files: [
    'created_at',
    'deleted_at',
    'file_name',
    'file_path',
    'file_size',
    'file_type',
    'id',
    'project_id',
    'txid',
    'updated_at',
    'user_id',
    'version',
  ],
  project_members: [
    'contact',
    'created_at',
    'deleted_at',
    'display_name',
    'email',
    'id',
    'invited_as',
    'invited_by',
    'may',
    'project_id',
    'role',
    'txid',
    'updated_at',
    'user_id',
    'version',
  ],
  projects: [
    'assigned_contractor_id',
    'created_at',
    'deleted_at',
    'description',
    'details',
    'id',
    'name',
    'owner_user_id',
    'status',
    'txid',
    'updated_at',
    'user_id',
    'version',
  ],
  quote_requests: [
    'closed_at',
    'created_at',
    'description',
    'id',
    'needed_by',
    'photo_file_ids',
    'photos',
    'project_id',
    'project_type',
    'scopes',
    'status',
    'updated_at',
    'zip',
  ],
  quotes: [
    'content_sha256',
    'contractor_contact',
    'contractor_id',
    'created_at',
    'currency',
    'decided_at',
    'decline_reason',
    'deleted_at',
    'id',
    'lines',
    'notes',
    'project_id',
    'request_id',
    'request_summary',
    'revision',
    'sent_at',
    'signed_at',
    'signed_by',
    'signed_sha256',
    'signer_name',
    'status',
    'subtotal_cents',
    'tax_cents',
    'tax_rate',
    'total_cents',
    'txid',
    'updated_at',
    'valid_until',
    'version',
  ],
  reviews: [
    'body',
    'contractor_id',
    'created_at',
    'deleted_at',
    'id',
    'project_id',
    'rating',
    'replied_at',
    'reply',
    'reviewer_id',
    'txid',
    'updated_at',
    'version',
  ],
  visits: [
    'answered_at',
    'chosen_slot',
    'contractor_id',
    'created_at',
    'created_by',
    'crew',
    'deleted_at',
    'ends_at',
    'id',
    'kind',
    'message',
    'project_id',
    'slots',
    'starts_at',
    'status',
    'title',
    'txid',
    'updated_at',
    'version',
  ],
} as const satisfies { [T in keyof Tables]: readonly (keyof Tables[T]['Row'])[] };

/** Each table's columns that an insert must give (required in its `Insert` type). */
export const TABLE_INSERT_REQUIRED = {
  door_makers: ['contractor_id', 'email', 'name'],
  door_orders: ['contractor_id', 'project_id'],
  message_reads: ['project_id', 'read_up_to'],
  messages: ['author_id', 'body', 'project_id'],
  profiles: ['id'],
  project_files: ['file_name', 'file_path', 'project_id', 'user_id'],
  project_members: ['project_id', 'role', 'user_id'],
  projects: ['user_id'],
  quote_requests: ['project_id', 'zip'],
  quotes: ['contractor_id', 'project_id'],
  reviews: ['contractor_id', 'project_id', 'rating', 'reviewer_id'],
  visits: ['contractor_id', 'kind', 'project_id'],
} as const satisfies { [T in keyof Tables]: readonly (keyof Tables[T]['Insert'])[] };

/** Each RPC's arguments: all of them, and those it has a default for. */
export const RPC_ARGS = {
  accept_project_invite: { args: ['p_token'], optional: [] },
  accept_quote: { args: ['p_content_sha256', 'p_quote_id', 'p_signer_name'], optional: [] },
  applied_migrations: { args: [], optional: [] },
  assign_project: { args: ['p_contractor_id', 'p_project_id'], optional: [] },
  contractor_reviews: { args: ['p_contractor_ids'], optional: [] },
  create_org_invite: { args: ['p_email', 'p_token_hash'], optional: [] },
  create_project_invite: {
    args: ['p_email', 'p_project_id', 'p_role', 'p_token_hash'],
    optional: [],
  },
  decline_quote: { args: ['p_quote_id', 'p_reason'], optional: ['p_reason'] },
  delete_my_account: { args: [], optional: [] },
  door_order_mailed: { args: ['p_order_id'], optional: [] },
  mark_messages_read: { args: ['p_project_id', 'p_up_to'], optional: [] },
  my_account_storage_paths: { args: [], optional: [] },
  org_contractors: { args: [], optional: [] },
  org_invites_of: { args: [], optional: [] },
  project_invites_of: { args: ['p_project_id'], optional: [] },
  pull_changes: {
    args: ['p_after_id', 'p_cursor', 'p_limit', 'p_table'],
    optional: ['p_after_id', 'p_cursor', 'p_limit'],
  },
  push_changes: { args: ['p_ops'], optional: [] },
  quote_analytics: { args: ['p_from', 'p_to'], optional: [] },
  quote_document_locale: { args: ['p_quote_id'], optional: [] },
  remove_org_member: { args: ['p_user_id'], optional: [] },
  remove_project_member: { args: ['p_project_id', 'p_user_id'], optional: [] },
  revoke_project_invite: { args: ['p_invite_id'], optional: [] },
  team_review_stats: { args: ['p_from', 'p_to'], optional: [] },
  withdraw_quote: { args: ['p_quote_id'], optional: [] },
} as const satisfies {
  [F in keyof Functions]: { args: readonly ArgName<F>[]; optional: readonly OptionalArg<F>[] };
};

/** `true` when `Listed` covers `All`; else the names left out (a type error at the checks below). */
type Covers<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : Exclude<All, Listed>;
type RequiredInsert<T extends keyof Tables> = {
  [K in keyof Tables[T]['Insert']]-?: object extends Pick<Tables[T]['Insert'], K> ? never : K;
}[keyof Tables[T]['Insert']];

// Compile-time only: a column or argument of database.types.ts missing from the lists above fails typechecking here, naming it.
const _everyColumn: {
  [T in keyof Tables]: Covers<keyof Tables[T]['Row'], (typeof TABLE_COLUMNS)[T][number]>;
} = {
  door_makers: true,
  door_orders: true,
  message_reads: true,
  messages: true,
  profiles: true,
  project_files: true,
  project_members: true,
  projects: true,
  quote_requests: true,
  quotes: true,
  reviews: true,
  visits: true,
};
const _everyRequiredInsert: {
  [T in keyof Tables]: Covers<RequiredInsert<T>, (typeof TABLE_INSERT_REQUIRED)[T][number]>;
} = {
  door_makers: true,
  door_orders: true,
  message_reads: true,
  messages: true,
  profiles: true,
  project_files: true,
  project_members: true,
  projects: true,
  quote_requests: true,
  quotes: true,
  reviews: true,
  visits: true,
};
const _everyArg: {
  [F in keyof Functions]: [
    Covers<ArgName<F>, (typeof RPC_ARGS)[F]['args'][number]>,
    Covers<OptionalArg<F>, (typeof RPC_ARGS)[F]['optional'][number]>,
  ];
} = {
  accept_project_invite: [true, true],
  accept_quote: [true, true],
  applied_migrations: [true, true],
  assign_project: [true, true],
  contractor_reviews: [true, true],
  create_org_invite: [true, true],
  create_project_invite: [true, true],
  decline_quote: [true, true],
  delete_my_account: [true, true],
  door_order_mailed: [true, true],
  mark_messages_read: [true, true],
  my_account_storage_paths: [true, true],
  org_contractors: [true, true],
  org_invites_of: [true, true],
  project_invites_of: [true, true],
  pull_changes: [true, true],
  push_changes: [true, true],
  quote_analytics: [true, true],
  quote_document_locale: [true, true],
  remove_org_member: [true, true],
  remove_project_member: [true, true],
  revoke_project_invite: [true, true],
  team_review_stats: [true, true],
  withdraw_quote: [true, true],
};
