/**
 * The replays of the PostgREST referee (postgrestReferee.test.ts): one for
 * each REST call the app makes (keyed as restCalls.ts keys them), called as
 * the app calls it, then the error cases and the features a developer
 * reaches for first. Each runs once per server with that side's own fixture
 * rows, so a write on one side never changes what the other answers.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';

export type Side = 'local' | 'postgrest';

/** A side's own rows (see makeFixture in the test). */
export interface Fixture {
  /** Joe's (contractor) job with 1,100 messages, a file and details {email, zip, tags}. */
  project: string;
  /** Maria's (homeowner) own project. */
  homeProject: string;
  file: string;
  /** The user whose account this side deletes. */
  gone: string;
}

export interface ReplayContext {
  side: Side;
  /** A client of `who` ('joe', 'maria', …; null: the anon key only). */
  as: (who: string | null) => SupabaseClient;
  fx: Fixture;
  /** `<who>:id` → the user's id. */
  ids: Record<string, string>;
  sql: (text: string, params?: unknown[]) => Promise<unknown>;
}

export interface Replay {
  name: string;
  /** The app's call keys (restCalls.ts) this replay stands for; none for an error or feature case. */
  keys: string[];
  run(r: ReplayContext): PromiseLike<unknown>;
}

const NO_SUCH = '00000000-0000-4000-8000-000000000000';

/** Functions the error and transaction cases call (made as the database owner before both servers read their schema). */
export const REFEREE_FUNCTIONS = `
  create table public.referee_log (id serial primary key, note text);
  grant insert on public.referee_log to authenticated;
  grant usage on sequence public.referee_log_id_seq to authenticated;
  create function public.referee_raise(p_code text) returns void language plpgsql as $$
    begin raise exception 'raised %', p_code using errcode = p_code, hint = 'referee.hint'; end $$;
  create function public.referee_request() returns json language sql stable as $$
    select json_build_object('method', current_setting('request.method', true),
      'path', current_setting('request.path', true),
      'probe', current_setting('request.headers', true)::json->>'x-referee',
      'timeout', current_setting('statement_timeout'),
      'read_only', current_setting('transaction_read_only')) $$;
  create function public.referee_write() returns int language sql volatile as $$
    insert into public.referee_log (note) values ('written') returning 1 $$;
  create function public.referee_stable_write() returns int language plpgsql stable as $$
    begin return public.referee_write(); end $$;
  create function public.referee_series() returns setof int language sql stable as $$
    select generate_series(1, 1100) $$;
  grant execute on function public.referee_raise(text), public.referee_request(), public.referee_write(),
    public.referee_stable_write(), public.referee_series() to anon, authenticated;`;

export const REPLAYS: Replay[] = [
  {
    name: 'profiles: upsert ignoring a duplicate (profile set-up at sign-in)',
    keys: ['from:profiles'],
    run: ({ as, ids }) =>
      as('joe')
        .from('profiles')
        .upsert(
          { id: ids['joe:id'], email: 'joe-referee@example.com', role: 'contractor' },
          { onConflict: 'id', ignoreDuplicates: true },
        ),
  },
  {
    name: 'shared-project fetch: keyset pages of each table by project (sync/members.ts)',
    keys: ['sync/members.ts from:table'],
    run: async ({ as, fx }) => {
      const joe = as('joe');
      for (const [table, key] of [
        ['projects', 'id'],
        ['project_files', 'project_id'],
        ['messages', 'project_id'],
        ['message_reads', 'project_id'],
      ] as const) {
        const first = await joe
          .from(table)
          .select('*')
          .in(key, [fx.project])
          .order('id')
          .limit(1000);
        const last = (first.data ?? []).at(-1) as { id?: string } | undefined;
        if (last?.id)
          await joe
            .from(table)
            .select('*')
            .in(key, [fx.project])
            .gt('id', last.id)
            .order('id')
            .limit(1000);
      }
    },
  },
  {
    name: 'refetch one row by id, maybeSingle (sync/refetch.ts)',
    keys: ['sync/refetch.ts from:item.table'],
    run: async ({ as, fx }) => {
      await as('joe').from('projects').select('*').eq('id', fx.project).maybeSingle();
      await as('joe').from('project_files').select('*').eq('id', NO_SUCH).maybeSingle();
    },
  },
  {
    name: 'quote requests: open one, read it, list, close it',
    keys: ['from:quote_requests'],
    run: async ({ as, fx }) => {
      const maria = as('maria');
      const cols =
        'id, project_id, project_type, scopes, description, zip, photos, needed_by, status';
      const made = await maria
        .from('quote_requests')
        .insert({
          project_id: fx.homeProject,
          project_type: 'Kitchen',
          scopes: ['doors'],
          zip: '12345',
          description: 'Oak',
        })
        .select(cols)
        .single();
      await maria
        .from('quote_requests')
        .insert({ project_id: fx.homeProject, zip: '12345' })
        .select(cols)
        .single();
      await maria
        .from('quote_requests')
        .select(cols)
        .eq('project_id', fx.homeProject)
        .eq('status', 'open')
        .maybeSingle();
      await as('joe')
        .from('quote_requests')
        .select(cols)
        .eq('status', 'open')
        .order('created_at', { ascending: false })
        .limit(100);
      const id = (made.data as { id?: string } | null)?.id ?? NO_SUCH;
      await maria.from('quote_requests').update({ status: 'closed' }).eq('id', id);
    },
  },
  {
    name: 'mark_messages_read',
    keys: ['rpc:mark_messages_read'],
    run: async ({ as, fx }) => {
      await as('joe').rpc('mark_messages_read', {
        p_project_id: fx.project,
        p_up_to: '2026-01-01T00:00:00Z',
      });
      await as('maria').rpc('mark_messages_read', {
        p_project_id: fx.project,
        p_up_to: '2026-01-01T00:00:00Z',
      });
    },
  },
  {
    name: 'access and quote RPCs on ids that are not there (the app’s "not found")',
    keys: [
      'src/remote/rpc.ts rpc:fn',
      'rpc:accept_project_invite',
      'rpc:accept_quote',
      'rpc:assign_project',
      'rpc:decline_quote',
      'rpc:remove_org_member',
      'rpc:remove_project_member',
      'rpc:revoke_project_invite',
      'rpc:withdraw_quote',
    ],
    run: async ({ as, fx, ids }) => {
      const joe = as('joe');
      const maria = as('maria');
      await maria.rpc('accept_project_invite', { p_token: 'not-a-token' });
      await maria.rpc('accept_quote', {
        p_quote_id: NO_SUCH,
        p_content_sha256: 'a'.repeat(64),
        p_signer_name: 'Maria',
      });
      await maria.rpc('decline_quote', { p_quote_id: NO_SUCH });
      await joe.rpc('withdraw_quote', { p_quote_id: NO_SUCH });
      await joe.rpc('assign_project', { p_project_id: NO_SUCH, p_contractor_id: ids['joe:id'] });
      await joe.rpc('remove_org_member', { p_user_id: ids['maria:id'] });
      await joe.rpc('remove_project_member', {
        p_project_id: fx.project,
        p_user_id: ids['maria:id'],
      });
      await joe.rpc('revoke_project_invite', { p_invite_id: NO_SUCH });
    },
  },
  {
    name: 'after the yes: change orders signed or declined, the sign-off, the quote document language (refusals)',
    keys: [
      'rpc:approve_change_order',
      'rpc:decline_change_order',
      'rpc:quote_document_locale',
      'rpc:sign_off_project',
      'rpc:door_order_mail_prepare',
    ],
    run: async ({ as, fx }) => {
      const joe = as('joe');
      const maria = as('maria');
      await maria.rpc('approve_change_order', {
        p_change_order_id: NO_SUCH,
        p_content_sha256: 'a'.repeat(64),
        p_signer_name: 'Maria',
      });
      await maria.rpc('decline_change_order', { p_change_order_id: NO_SUCH, p_reason: 'No' });
      await joe.rpc('quote_document_locale', { p_quote_id: NO_SUCH });
      await maria.rpc('sign_off_project', {
        p_project_id: fx.project,
        p_items: [],
        p_signer_name: 'Maria',
      });
      await joe.rpc('sign_off_project', {
        p_project_id: NO_SUCH,
        p_items: [],
        p_signer_name: 'Joe',
      });
      // The mail function's database side: an order nobody has, a body that is no uuid.
      await joe.rpc('door_order_mail_prepare', { p_order_id: NO_SUCH });
      await joe.rpc('door_order_mail_prepare', { p_order_id: 'not-a-uuid' });
    },
  },
  {
    name: 'analytics RPCs',
    keys: [
      'rpc:quote_analytics',
      'rpc:team_review_stats',
      'rpc:org_contractors',
      'rpc:job_analytics',
    ],
    run: async ({ as }) => {
      const joe = as('joe');
      await joe.rpc('quote_analytics', { p_from: '2026-01-01', p_to: '2026-12-31' });
      await joe.rpc('team_review_stats', { p_from: '2026-01-01', p_to: '2026-12-31' });
      await joe.rpc('org_contractors');
      // Joe is no organization's admin: the job figures are refused with their code.
      await joe.rpc('job_analytics');
      await as(null).rpc('job_analytics');
    },
  },
  {
    name: 'the calendar feed link: its status, made (refused to anon), turned off',
    keys: ['rpc:calendar_feed_status', 'rpc:calendar_feed_issue', 'rpc:calendar_feed_revoke'],
    run: async ({ as, ids, sql }) => {
      const joe = as('joe');
      await joe.rpc('calendar_feed_status');
      // A made link's token is random on each side, so the one compared is refused (anon) and
      // the link Joe has is written directly, as calendar_feed_issue keeps it (its hash only).
      await as(null).rpc('calendar_feed_issue');
      await sql(
        `insert into private.calendar_feeds (user_id, token_sha256, created_at)
         values ($1, repeat('0', 64), '2026-11-30T12:00:00Z')`,
        [ids['joe:id']],
      );
      await joe.rpc('calendar_feed_status');
      await joe.rpc('calendar_feed_revoke');
      await joe.rpc('calendar_feed_status');
    },
  },
  {
    name: "contractor reviews as a homeowner comparing quotes reads them (no reviewer's or job's id)",
    keys: ['rpc:contractor_reviews'],
    run: async ({ as, ids }) => {
      await as('maria').rpc('contractor_reviews', { p_contractor_ids: [ids['joe:id'], NO_SUCH] });
      await as('maria').rpc('contractor_reviews', { p_contractor_ids: [] });
      await as('maria').rpc('contractor_reviews', { p_contractor_ids: 'not a list' });
      await as(null).rpc('contractor_reviews', { p_contractor_ids: [ids['joe:id']] });
    },
  },
  {
    name: 'push_changes and pull_changes as the sync engine calls them',
    keys: ['rpc:push_changes', 'rpc:pull_changes'],
    run: async ({ as, fx, side }) => {
      const joe = as('joe');
      await joe.rpc('push_changes', {
        p_ops: [
          {
            op_id:
              side === 'local'
                ? '11111111-1111-4111-8111-111111111111'
                : '22222222-2222-4222-8222-222222222222',
            table: 'projects',
            id: fx.project,
            kind: 'update',
            base_version: 1,
            changes: { name: 'Referee kitchen (renamed)' },
          },
        ],
      });
      await joe.rpc('push_changes', { p_ops: 'not a list' });
      await joe.rpc('pull_changes', { p_table: 'messages', p_cursor: '0', p_limit: 5 });
      await joe.rpc('pull_changes', { p_table: 'no_such_table', p_cursor: '0', p_limit: 5 });
    },
  },
  {
    name: 'account deletion: list the files (with a count), delete the account',
    keys: ['rpc:my_account_storage_paths', 'rpc:delete_my_account'],
    run: async ({ as, fx }) => {
      await as('joe').rpc('my_account_storage_paths');
      await as('joe').rpc('my_account_storage_paths', undefined, { count: 'exact' });
      await as('joe').rpc('my_account_storage_paths', undefined, { count: 'exact', head: true });
      await as(fx.gone).rpc('delete_my_account');
      await as(null).rpc('delete_my_account');
    },
  },
  // ── the row cap and ranges ──
  {
    name: 'a read past max_rows: 1,000 rows, with and without a count, and ranges past it',
    keys: [],
    run: async ({ as, fx }) => {
      const joe = as('joe');
      await joe.from('messages').select('body').eq('project_id', fx.project).order('created_at');
      await joe
        .from('messages')
        .select('body', { count: 'exact' })
        .eq('project_id', fx.project)
        .order('created_at');
      await joe
        .from('messages')
        .select('body', { count: 'exact' })
        .eq('project_id', fx.project)
        .order('created_at')
        .range(1000, 2999);
      await joe
        .from('messages')
        .select('body', { count: 'exact' })
        .eq('project_id', fx.project)
        .range(1100, 1109);
      await joe
        .from('messages')
        .select('body', { count: 'exact' })
        .eq('project_id', fx.project)
        .range(5000, 5009);
      await joe.from('messages').select('body').eq('project_id', fx.project).range(5000, 5009);
      await joe
        .from('messages')
        .select('body', { count: 'exact', head: true })
        .eq('project_id', fx.project);
    },
  },
  // ── errors ──
  {
    name: 'errors: an unknown table',
    keys: [],
    run: ({ as }) => as('joe').from('no_such_table').select('*'),
  },
  {
    name: 'errors: a malformed token',
    keys: [],
    run: ({ as }) => as('nobody').from('projects').select('id'),
  },
  {
    name: 'errors: unknown column, operator, function; a bad value; no token',
    keys: [],
    run: async ({ as, fx }) => {
      const joe = as('joe');
      await joe.from('projects').select('no_such_column');
      await joe.from('projects').select('id').eq('no_such_column', 1);
      await joe.from('projects').select('id').filter('name', 'nope', 'x');
      await joe.from('projects').select('id').eq('id', 'not-a-uuid');
      await joe.rpc('no_such_function');
      await as(null).from('projects').select('id').eq('id', fx.project);
    },
  },
  {
    name: 'errors: a body that is not JSON, on a table and on an RPC (400 PGRST102)',
    keys: [],
    run: async ({ as, ids }) => {
      // supabase-js sends only JSON it made: the raw call, through the client's own fetch (its keys)
      const rest = (as('joe') as unknown as { rest: { url: string; fetch: typeof fetch } }).rest;
      for (const [path, body] of [
        ['/projects', '{"name": '],
        ['/rpc/referee_request', '[1,'],
      ] as const)
        await rest.fetch(`${rest.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${ids.joe}` },
          body,
        });
    },
  },
  {
    name: 'errors raised in a function: P0001 400, P0002/P0003 500, PT404 404, PT409 409',
    keys: [],
    run: async ({ as }) => {
      for (const code of ['P0001', 'P0002', 'P0003', 'PT404', 'PT409', '22023', '42501'])
        await as('joe').rpc('referee_raise', { p_code: code });
    },
  },
  {
    name: 'the database’s own codes through an RPC: 42501 (anon 401, signed-in 403 with a code), 22023 400, 23505 409',
    keys: [],
    run: async ({ as, fx }) => {
      const hash = 'a'.repeat(64);
      const invite = (who: string | null, project: string, email: string) =>
        as(who).rpc('create_project_invite', {
          p_project_id: project,
          p_email: email,
          p_role: 'owner',
          p_token_hash: hash,
        });
      const seen = [
        await as(null).rpc('accept_quote', {
          p_quote_id: NO_SUCH,
          p_content_sha256: hash,
          p_signer_name: 'Maria',
        }),
        await invite('maria', fx.project, 'friend@example.com'),
        await invite('joe', fx.project, 'not an email'),
        await invite('joe', fx.project, 'joe-referee@example.com'),
      ].map((r) => [r.status, r.error?.code, r.error?.message, r.error?.details]);
      // What the app reads on both sides: the status, the SQLSTATE, the code, its data.
      expect(seen).toEqual([
        // Not granted to anon: Postgres's own refusal, 401 for the anon role on both.
        [401, '42501', 'permission denied for function accept_quote', null],
        [403, '42501', 'invite.project_manager_only', null],
        [400, '22023', 'invite.email_invalid', null],
        [409, '23505', 'invite.already_member', null],
      ]);
    },
  },
  {
    name: 'a raised PT429 code with its data: invite.limit_reached after 20 invitations in the hour',
    keys: [],
    run: async ({ as, fx, ids, sql }) => {
      // The same 20 sends of the hour before each side's call, so both answer the same count.
      await sql(`delete from private.invite_sends where inviter = $1`, [ids['maria:id']]);
      await sql(
        `insert into private.invite_sends (inviter, email)
         select $1, 'sent' || g || '@example.com' from generate_series(1, 20) g`,
        [ids['maria:id']],
      );
      const r = await as('maria').rpc('create_project_invite', {
        p_project_id: fx.homeProject,
        p_email: 'one-more@example.com',
        p_role: 'viewer',
        p_token_hash: 'b'.repeat(64),
      });
      expect([r.status, r.error?.code, r.error?.message]).toEqual([
        429,
        'PT429',
        'invite.limit_reached',
      ]);
      expect(JSON.parse(String(r.error?.details))).toEqual({
        count: 20,
        limit: 20,
        retry_after_minutes: 60,
      });
    },
  },
  {
    name: 'what SQL sees: request.method/path/headers, the role’s statement_timeout, read-only',
    keys: [],
    run: async ({ as }) => {
      await as('joe').rpc('referee_request').setHeader('x-referee', 'r1');
      await as('joe').rpc('referee_request', {}, { get: true }).setHeader('x-referee', 'r2');
      await as(null).rpc('referee_request', {}, { get: true });
    },
  },
  {
    name: 'a STABLE function cannot write; a volatile one called by POST can',
    keys: [],
    run: async ({ as }) => {
      await as('joe').rpc('referee_stable_write');
      await as('joe').rpc('referee_write', {}, { get: true });
      await as('joe').rpc('referee_write');
    },
  },
  {
    name: 'a set-returning call past max_rows, counted, and past its end',
    keys: [],
    run: async ({ as }) => {
      await as('joe').rpc('referee_series');
      await as('joe').rpc('referee_series', {}, { count: 'exact' });
      await as('joe').rpc('referee_series', {}, { count: 'exact' }).range(1000, 1999);
      await as('joe').rpc('referee_series', {}, { count: 'exact' }).range(2000, 2009);
    },
  },
  {
    name: 'a counted call of a function with one result (the count supabase-js reads)',
    keys: [],
    run: async ({ as }) => {
      await as('joe').rpc('referee_request', {}, { count: 'exact' });
      await as('joe').rpc('referee_raise', { p_code: 'P0001' }, { count: 'exact' });
      await as('joe').rpc('referee_series', {}, { count: 'exact', head: true });
      await as('joe').rpc('referee_write', {}, { count: 'exact' });
      await as('joe').from('referee_log').insert({ note: 'counted' }, { count: 'exact' });
    },
  },
  {
    name: 'a GET runs read-only: a writing function called by GET',
    keys: [],
    run: async ({ as, fx }) => {
      await as('joe').rpc(
        'mark_messages_read',
        { p_project_id: fx.project, p_up_to: '2026-02-01T00:00:00Z' },
        { get: true },
      );
    },
  },
  // ── what a developer reaches for ──
  {
    name: 'embedding: one-to-many and many-to-one along foreign keys',
    keys: [],
    run: async ({ as, fx }) => {
      const joe = as('joe');
      await joe.from('projects').select('id, name, project_files(file_name)').eq('id', fx.project);
      await joe.from('project_files').select('file_name, projects(name)').eq('id', fx.file);
      await joe.from('project_files').select('file_name, project:projects(name)').eq('id', fx.file);
    },
  },
  {
    name: 'JSON paths in select and filters',
    keys: [],
    run: async ({ as, fx }) => {
      const joe = as('joe');
      await joe
        .from('projects')
        .select('id, details->>email, zip:details->zip')
        .eq('id', fx.project);
      await joe.from('projects').select('name').eq('details->>zip', '12345').eq('id', fx.project);
      await joe.from('projects').select('name').eq('details->>zip', '99999').eq('id', fx.project);
    },
  },
  {
    name: 'overlaps and full-text search',
    keys: [],
    run: async ({ as, fx }) => {
      const maria = as('maria');
      await maria
        .from('quote_requests')
        .select('zip')
        .overlaps('scopes', ['doors', 'hinges'])
        .eq('project_id', fx.homeProject);
      const joe = as('joe');
      await joe
        .from('messages')
        .select('body')
        .textSearch('body', 'Message & 1099')
        .eq('project_id', fx.project);
      await joe
        .from('messages')
        .select('body')
        .textSearch('body', 'message 1099', { type: 'plain' })
        .eq('project_id', fx.project);
      await joe
        .from('messages')
        .select('body')
        .textSearch('body', 'message 1099', { type: 'phrase' })
        .eq('project_id', fx.project);
      await joe
        .from('messages')
        .select('body')
        .textSearch('body', 'message 1099', { type: 'websearch', config: 'english' })
        .eq('project_id', fx.project);
    },
  },
  {
    name: 'operators the local backend does not build (imatch, isdistinct, like(any))',
    keys: [],
    run: async ({ as }) => {
      const joe = as('joe');
      await joe.from('projects').select('name').filter('name', 'imatch', 'kitchen');
      await joe.from('projects').select('name').filter('name', 'isdistinct', 'x');
      await joe.from('projects').select('name').filter('name', 'like(any)', '{Referee*,x*}');
    },
  },
  {
    name: 'csv',
    keys: [],
    run: async ({ as, fx }) => {
      await as('joe')
        .from('messages')
        .select('body')
        .eq('project_id', fx.project)
        .order('created_at')
        .limit(3)
        .csv();
    },
  },
];
