/**
 * Row and record types of the local database (src/data). Server rows follow the
 * wire contract (docs/sync-protocol.md): snake_case server columns, `version`
 * bumped by the server, `deleted_at` for tombstones, `txid` as text.
 * Local bookkeeping fields start with an underscore and never go over the wire.
 */
import type { JobRole } from '../domain/jobRole';
import type { CabinetData } from '../domain/cabinetData';
import type { QuoteLine } from '../domain/quoteTotals';

/** Product rules "Records and their fields"/"Roles and what they may do": project status values, stored lowercase. */
export type ProjectStatus = 'draft' | 'active' | 'completed' | 'archived';

/** Which dashboard variant a query is for (app-contracts.md; org_admin sees all it has). */
export type DataRole = 'homeowner' | 'contractor' | 'org_admin';

/** Product rules "Records and their fields" "Project details" (inside `details`). Unknown keys are kept as they are. */
export interface ProjectDetails {
  description?: string;
  projectType?: string;
  email?: string;
  phone?: string;
  address?: string;
  projectScopes?: string[];
  budget?: string;
  customBudget?: string;
  cabinetData?: CabinetData;
  [key: string]: unknown;
}

/** Columns every synced table has (server-set). */
export interface SyncedColumns {
  /** Server version; 0 on a row the server has not confirmed yet. */
  version: number;
  created_at: string;
  updated_at: string;
  /** Tombstone time (ISO) or null. Set locally on delete until the server confirms. */
  deleted_at: string | null;
  /** Server transaction id as text; '' until the server confirms. */
  txid: string;
}

export interface ProjectRow extends SyncedColumns {
  id: string;
  name: string;
  status: ProjectStatus;
  details: ProjectDetails;
  /** Generated on the server from details.description. */
  description: string | null;
  user_id: string;
  owner_user_id: string | null;
  assigned_contractor_id: string | null;
}

export interface ProfileRow extends SyncedColumns {
  id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  address: string | null;
  /** The contractor's price list (see domain/pricing.ts); null or absent = no prices. */
  price_list?: unknown;
  /** A contractor's 5-digit ZIP codes and 3-digit ZIP prefixes (see domain/serviceAreas.ts); absent on old rows. */
  service_areas?: string[];
  /** The language the person chose (BCP 47, `en` or `es` today); null or absent = follow the browser. */
  locale?: string | null;
  role: string | null;
  organization_id: string | null;
  permissions: unknown;
}

export interface ProjectFileRow extends SyncedColumns {
  id: string;
  project_id: string;
  file_name: string;
  /** Storage object name `projects/{projectId}/{timestamp}.{ext}`. */
  file_path: string;
  /** Bytes. */
  file_size: number;
  file_type: string;
  user_id: string;
}

/** A file as the project screen lists it. */
export interface LocalProjectFile extends ProjectFileRow {
  /** True while the upload or the row insert has not reached the server. */
  pending: boolean;
  /** True when the blob is in IndexedDB (viewable offline). */
  hasLocalBlob: boolean;
}

/** The role an invitation grants on a project (what the inviter picks; the person's place on the job is their JobRole). */
export type MemberRole = 'owner' | 'contractor' | 'viewer';

/**
 * One person on a job (server table project_members), kept by the server:
 * a row per person on the job (the homeowner, the contractor of record,
 * invited editors and viewers, the organization admins of either side) with
 * the server's answer to "what is this person on this job and what may they
 * do" (product rules "Who is who on a job"). Never written by the app. A
 * tombstone of the user's own row makes the device drop the project.
 */
export interface ProjectMemberRow extends SyncedColumns {
  id: string;
  project_id: string;
  user_id: string;
  /** What the person is on the job (the server's private.project_role). */
  role: JobRole;
  /** First and last name, then company, then email; kept current by the server. */
  display_name?: string;
  /** What the person may do on the job (the server's private.job_may); read through jobMayOf. */
  may?: unknown;
  /** What an invitation granted, or null when the person is on the job by what they are. */
  invited_as?: MemberRole | null;
  email: string | null;
  /** The project's contractor when the member joined: name, email, phone (any may be absent). */
  contact: { name?: string; email?: string; phone?: string };
  invited_by: string | null;
}

/** A quote request as a quote keeps it (server `private.quote_request_summary`). */
export interface QuoteRequestSummary {
  project_type: string;
  scopes: string[];
  zip: string;
  description: string;
  needed_by: string | null;
  photos: { id: string; file_name: string; file_path: string; file_type: string }[];
}

/** Where a quote stands (the server moves it past `sent`; a contractor writes `draft` and `sent`). */
export type QuoteStatus =
  'draft' | 'sent' | 'accepted' | 'declined' | 'withdrawn' | 'expired' | 'superseded';

/**
 * A contractor's quote on a project (server table `quotes`). The contractor
 * writes its content while it is a draft and sends it by setting `status`
 * to 'sent'; the server computes the totals, stamps `sent_at` and the content
 * hash, and from then on the row is frozen (a revision is a new row).
 */
export interface QuoteRow extends SyncedColumns {
  id: string;
  project_id: string;
  contractor_id: string;
  request_id: string | null;
  /**
   * What the quote request said when the quote was started (job type, scopes,
   * ZIP, description, shared photos), copied by the server; null when the
   * quote answers no request or the server has not answered yet.
   */
  request_summary?: QuoteRequestSummary | null;
  /** 1, 2, … per (project, contractor). */
  revision: number;
  status: QuoteStatus;
  lines: QuoteLine[];
  /** Percent, 0 to 100, at most 3 decimals. */
  tax_rate: number;
  currency: string;
  /** Integer cents, computed by the server (src/domain/quoteTotals.ts computes the same). */
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  /** Date (YYYY-MM-DD) or null. */
  valid_until: string | null;
  notes: string;
  /** The contractor's name, company, email and phone when sent. */
  contractor_contact: { name?: string; company?: string; email?: string; phone?: string };
  sent_at: string | null;
  decided_at: string | null;
  decline_reason: string | null;
  content_sha256: string | null;
  signer_name: string | null;
  signed_by: string | null;
  signed_at: string | null;
  signed_sha256: string | null;
}

/**
 * A message in a project's thread (server table `messages`). The author
 * writes it offline like any row; the server stamps `created_at` (its time
 * of receipt) and `edited_at`, and lets the author change or delete it for
 * 15 minutes only.
 */
export interface MessageRow extends SyncedColumns {
  id: string;
  project_id: string;
  author_id: string;
  /** 1 to 4,000 characters, shown as text (src/domain/messageText.ts). */
  body: string;
  /** Ids of files of the same project (project_files). */
  attachments: string[];
  /**
   * The bidding contractor whose private conversation with the homeowner
   * this belongs to; null (or absent on rows stored before it existed): the
   * job's thread. The server sets it for a bidder's own messages.
   */
  bidder_id?: string | null;
  edited_at: string | null;
}

/**
 * A member's "read up to" marker on a project's thread (server table
 * `message_reads`): one per member and project, its id derived from both
 * (messageReadId.ts); written by its member through the outbox, pulled by
 * the member's other devices (unread counts) and the other side ("Seen").
 */
export interface MessageReadRow extends SyncedColumns {
  id: string;
  project_id: string;
  user_id: string;
  /** Server time of the newest message the member has read (ISO). */
  read_up_to: string;
}

/**
 * A homeowner's review of the contractor of a completed project (server
 * table `reviews`, one per project). The reviewer writes the stars and text
 * (and changes them for 30 days); the contractor writes `reply` once and the
 * server stamps `replied_at`. The server sets `contractor_id` from the
 * project's assigned contractor.
 */
export interface ReviewRow extends SyncedColumns {
  id: string;
  project_id: string;
  reviewer_id: string;
  contractor_id: string;
  /** Whole stars, 1 to 5. */
  rating: number;
  /** Up to 2,000 characters, shown as text. */
  body: string;
  /** The contractor's one reply (up to 2,000 characters) or null. */
  reply: string | null;
  replied_at: string | null;
}

/**
 * A review of a contractor as readers outside its job get it
 * (`contractor_reviews`): no id of the reviewer or of the job, the reviewer
 * as a first name and last initial ("Hannah H."). Kept on the device as read
 * (store `contractor_reviews`), so the comparison shows them offline.
 */
export interface ContractorReviewRow {
  id: string;
  contractor_id: string;
  /** Whole stars, 1 to 5. */
  rating: number;
  body: string;
  reply: string | null;
  replied_at: string | null;
  created_at: string;
  updated_at: string;
  /** "Hannah H.", "Hannah", or "A homeowner". */
  reviewer_name: string;
}

/** What a visit is for: measuring the job for a quote, or installing the doors. */
export type VisitKind = 'measure' | 'install';

/** Where a visit stands: a measure visit is proposed, then scheduled (one slot accepted) or declined; either kind may be cancelled by the contractor. */
export type VisitStatus = 'proposed' | 'scheduled' | 'declined' | 'cancelled';

/** One time slot of a visit: instants as ISO 8601 UTC text (the server normalizes to `…Z`). */
export interface VisitSlot {
  starts_at: string;
  ends_at: string;
}

/**
 * A visit to the job (server table visits): a measure visit the contractor
 * proposes from a quote request (the slots are the options; the homeowner
 * accepts one, `chosen_slot`), or an install whose slots are the days of
 * work, with the team members who go (`crew`). The server sets
 * `contractor_id`, `title` (the job's name), `starts_at`/`ends_at` (the
 * chosen slot, or the span of the slots) and `answered_at`.
 */
export interface VisitRow extends SyncedColumns {
  id: string;
  project_id: string;
  contractor_id: string;
  kind: VisitKind;
  status: VisitStatus;
  slots: VisitSlot[];
  chosen_slot: number | null;
  starts_at: string | null;
  ends_at: string | null;
  message: string;
  crew: string[];
  title: string;
  created_by: string | null;
  answered_at: string | null;
  /** An install marked done by its contractor (the server's time; null while not). */
  done_at?: string | null;
  /** The contractor's name, company, email and phone when it was written (set by the server; absent until pulled). */
  contractor_contact?: { name?: string; company?: string; email?: string; phone?: string };
}

import type {
  CheckState,
  DoorOrderStatus,
  OrderedPart,
  PartCheck,
} from '../domain/doorOrderTracking';
export type { CheckState, DoorOrderStatus, OrderedPart, PartCheck };

/** A door maker on a contractor's list (`door_makers`; the contractor is set by the server). */
export interface DoorMakerRow extends SyncedColumns {
  id: string;
  contractor_id: string;
  name: string;
  email: string;
  /**
   * The language the maker's order is written in (the sheet, its files, the mail): 'en' or 'es',
   * 'en' for a maker made before makers kept one (a row pulled then may lack it: read it through
   * `makerLocale`). The app's languages (src/i18n/locales.ts `LOCALES`), spelled here since the
   * server's type check reads this file without the browser's globals.
   */
  locale: 'en' | 'es';
  created_by: string | null;
}

/**
 * A door order sent to a maker (`door_orders`): the snapshot (maker, PO,
 * note, parts, files, how it was sent) fixed once placed; the tracking and
 * check-in move. A remake is an order with `remake_of` set. Dates are
 * calendar dates `YYYY-MM-DD`.
 */
export interface DoorOrderRow extends SyncedColumns {
  id: string;
  project_id: string;
  contractor_id: string;
  remake_of: string | null;
  maker_id: string | null;
  maker_name: string;
  maker_email: string;
  po_number: string;
  note: string;
  parts: OrderedPart[];
  files: ('pdf' | 'csv' | 'xlsx')[];
  sent_via: 'mail' | 'other';
  mailed_at: string | null;
  status: DoorOrderStatus;
  ordered_on: string;
  maker_order_number: string;
  promised_ship_on: string | null;
  confirmed_on: string | null;
  carrier: string;
  tracking_number: string;
  shipped_on: string | null;
  received_on: string | null;
  checkin: Record<string, PartCheck>;
  created_by: string | null;
}

/** Where a change order stands: written (draft), sent to the homeowner, then approved or declined by her, or withdrawn by the contractor. */
export type ChangeOrderStatus = 'draft' | 'sent' | 'approved' | 'declined' | 'withdrawn';

/**
 * A change to the contract after acceptance (server table change_orders):
 * `lines` the job gains, priced like quote lines, `credits` what it loses,
 * at the accepted quote's prices. The server sets the contractor, the
 * accepted quote, `number` (1, 2, … per job), tax rate and currency (the
 * quote's), every total (cents; negative for a credit), and when sent the
 * contract before it and `content_sha256`, the hash the homeowner signs.
 */
export interface ChangeOrderRow extends SyncedColumns {
  id: string;
  project_id: string;
  quote_id: string;
  contractor_id: string;
  number: number;
  status: ChangeOrderStatus;
  lines: QuoteLine[];
  credits: QuoteLine[];
  note: string;
  tax_rate: number;
  currency: string;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  contract_before_cents: number | null;
  content_sha256: string | null;
  sent_at: string | null;
  decided_at: string | null;
  decline_reason: string | null;
  signer_name: string | null;
  signed_by: string | null;
  signed_at: string | null;
  signed_sha256: string | null;
}

/** What an invoice bills: a step of the payment schedule, or an approved change order. */
export type InvoiceKind = 'deposit' | 'doors_received' | 'completion' | 'change_order';

/** Planned (on the schedule, no number yet), issued (numbered by the server), or void. */
export type InvoiceStatus = 'planned' | 'issued' | 'void';

/**
 * An invoice of the contract (server table invoices); the planned ones are
 * the payment schedule. The server sets the contractor, the accepted quote,
 * `number` and `issued_at` when issued (the next of his organization's
 * sequence), the due date when none was given (14 days on), the link's
 * `share_token`, and a change-order invoice's amount (its change order's total).
 */
export interface InvoiceRow extends SyncedColumns {
  id: string;
  project_id: string;
  quote_id: string;
  contractor_id: string;
  kind: InvoiceKind;
  change_order_id: string | null;
  status: InvoiceStatus;
  /** Cents. */
  amount_cents: number;
  number: number | null;
  issued_at: string | null;
  /** YYYY-MM-DD. */
  due_on: string | null;
  note: string;
  share_token: string;
}

/** How a payment was made (card payments are taken elsewhere: the app processes none). */
export type PaymentMethod = 'cash' | 'check' | 'card_elsewhere' | 'bank_transfer';

/** A payment the job's contractor recorded (server table payments). The server sets the contractor and `recorded_by`. */
export interface PaymentRow extends SyncedColumns {
  id: string;
  project_id: string;
  invoice_id: string | null;
  contractor_id: string;
  recorded_by: string | null;
  method: PaymentMethod;
  /** Cents. */
  amount_cents: number;
  /** YYYY-MM-DD. */
  paid_on: string;
  reference: string;
}

/**
 * One thing left to fix at the walkthrough (server table punch_list_items):
 * per opening (`opening_key` is the builder's item key `<cabinet row id>_<index>`,
 * null for the job as a whole), with a note, an optional photo (a
 * project_files row of the same job) and done. The server stamps
 * `created_by` and `done_at`, and refuses any change after the sign-off.
 */
export interface PunchListItemRow extends SyncedColumns {
  id: string;
  project_id: string;
  opening_key: string | null;
  item: string;
  note: string;
  photo_file_id: string | null;
  done: boolean;
  done_at: string | null;
  created_by: string | null;
}

/**
 * The homeowner's sign-off of a job (server table project_signoffs, written
 * only by `sign_off_project`): her typed name, when, the SHA-256 of the
 * punch list as signed, how many items it held and the final invoice issued.
 */
export interface ProjectSignoffRow extends SyncedColumns {
  id: string;
  project_id: string;
  signer_name: string;
  signed_by: string | null;
  signed_at: string;
  signed_sha256: string;
  items: number;
  final_invoice_id: string | null;
}

export type SyncTable =
  | 'projects'
  | 'profiles'
  | 'project_files'
  | 'quotes'
  | 'messages'
  | 'message_reads'
  | 'reviews'
  | 'visits'
  | 'door_makers'
  | 'door_orders'
  | 'change_orders'
  | 'invoices'
  | 'payments'
  | 'punch_list_items'
  | 'project_signoffs'
  | 'project_members';
/** Pull order: memberships last, so a revocation is applied after the rows it hides. */
export const SYNC_TABLES: readonly SyncTable[] = [
  'profiles',
  'projects',
  'project_files',
  'quotes',
  'messages',
  'message_reads',
  'reviews',
  'visits',
  'door_makers',
  'door_orders',
  'change_orders',
  'invoices',
  'payments',
  'punch_list_items',
  'project_signoffs',
  'project_members',
];

/** The synced tables whose rows a user writes through the outbox (memberships and sign-offs are written only by the server). */
export const ROW_TABLES: readonly Exclude<SyncTable, 'project_members' | 'project_signoffs'>[] = [
  'profiles',
  'projects',
  'project_files',
  'quotes',
  'messages',
  'message_reads',
  'reviews',
  'visits',
  'door_makers',
  'door_orders',
  'change_orders',
  'invoices',
  'payments',
  'punch_list_items',
];

export type OpKind = 'insert' | 'update' | 'delete';

/** One changed JSON path of `details` (sync-protocol.md, details_patch). */
export type DetailsPatchEntry =
  | { path: string[]; value: unknown; remove?: undefined }
  | { path: string[]; remove: true; value?: undefined };

/** The operation exactly as it goes over the wire (sync-protocol.md, push). */
export interface WireOp {
  op_id: string;
  table: SyncTable;
  id: string;
  kind: OpKind;
  base_version: number | null;
  changes: Record<string, unknown>;
  details_patch?: DetailsPatchEntry[];
}

/** Outbox entry: the wire op plus local bookkeeping. */
export interface OutboxEntry extends WireOp {
  /** Auto-incremented order of the queue. */
  seq?: number;
  /** Failed network attempts so far. */
  attempts: number;
  /** Epoch ms before which the engine does not retry (backoff). */
  nextAttemptAt: number;
  /**
   * 1 on ops sent by builds before `SENT_THROUGH_KEY` (outbox.ts) replaced this
   * flag; such an op is never coalesced into. New ops keep 0.
   */
  inFlight: 0 | 1;
  /** Local time the op was queued (ISO), display only. */
  queuedAt: string;
  /** project_files insert: the blob must reach Storage before the row is pushed. */
  upload?: { fileId: string; path: string; uploaded: boolean };
  /** project_files delete: remove this Storage object after the delete is confirmed. */
  removeObject?: string;
  lastError?: string;
}

/** An op the server rejected; kept until the user retries or discards it. */
export interface DeadLetter {
  id?: number;
  op: WireOp;
  code: string;
  /** The error code the server answered (`quote.sent_readonly`), or its words for its own errors. */
  message: string;
  /** The code's data as the server's DETAIL JSON text (`{"field":"projects.name","limit":200}`). */
  details?: string;
  /** Local time (ISO). */
  at: string;
  /** Human label of the row (project name, file name). */
  label: string;
  /** The refused op's outbox seq (absent on letters written by older builds): a later accepted op clears what it covers. */
  seq?: number;
}

/** One path both sides changed, reported by push_changes (status merged). */
export interface ConflictRecord {
  id?: number;
  table: SyncTable;
  rowId: string;
  opId: string;
  path: string[];
  serverValue: unknown;
  clientValue: unknown;
  /** Local time (ISO). */
  at: string;
  label: string;
  /** 0 until the user has looked at it on the sync page. */
  seen: 0 | 1;
}

export interface FileBlobRecord {
  /** project_files.id */
  fileId: string;
  blob: Blob;
  /** True for a blob attached on this device that Storage does not have yet. */
  pendingUpload: boolean;
}

/** Key/value rows: `cursor:<table>`, `lastSyncedAt`, `refetch`, `members:fetch`. */
export interface SyncStateRecord {
  key: string;
  value: unknown;
}

export interface ProjectCounts {
  all: number;
  draft: number;
  active: number;
  completed: number;
  archived: number;
}

export type Outcome<T, E extends string = string> =
  { ok: true; value: T } | { ok: false; error: E };
