/**
 * The REST checks of `npm run check:hosted` (called by scripts/hostedCheck.ts):
 * - "row cap": a read of more than 1,000 rows comes back capped at the
 *   project's `max_rows` and the app's paged read (sync/pagedRead.ts) still
 *   gets every row; a cap below the app's page size, which would end its
 *   reads early, fails. Needs throwaway accounts (it writes 1,001 projects,
 *   removed with the account).
 * - "not found status": a function's "not found" answers 404 PT404, as the
 *   app expects (a 500 P0002 means the migration that moved it is missing).
 */
import { randomUUID } from 'node:crypto';
import { READ_PAGE_ROWS, readAllPages, type PageAnswer } from '../sync/pagedRead.ts';

type Status = 'ok' | 'FAIL' | 'skip';

/** What a REST check needs of the run: the project, the anon key and a signed-in user. */
export interface RestCheckContext {
  base: string;
  anonKey: string;
  user: { id: string; token: string; made: boolean };
}

const CAP_ROWS = 1001;

function headers(
  ctx: RestCheckContext,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    apikey: ctx.anonKey,
    authorization: `Bearer ${ctx.user.token}`,
    'content-type': 'application/json',
    ...extra,
  };
}

/** A read of more than 1,000 rows is capped and the app's paging gets them all. */
export async function checkRowCap(ctx: RestCheckContext): Promise<[Status, string]> {
  if (!ctx.user.made)
    return ['skip', 'needs the throwaway accounts this check makes (it writes 1,001 projects)'];
  const tag = `check-hosted-cap-${randomUUID()}`;
  const rows = Array.from({ length: CAP_ROWS }, () => ({
    id: randomUUID(),
    name: tag,
    status: 'draft',
    user_id: ctx.user.id,
    assigned_contractor_id: ctx.user.id,
    details: {},
  }));
  const made = await fetch(`${ctx.base}/rest/v1/projects`, {
    method: 'POST',
    headers: headers(ctx, { prefer: 'return=minimal' }),
    body: JSON.stringify(rows),
  });
  if (made.status !== 201)
    return ['FAIL', `inserting ${CAP_ROWS} projects answered ${made.status}`];
  const url = `${ctx.base}/rest/v1/projects?select=id&name=eq.${encodeURIComponent(tag)}`;
  const one = await fetch(url, { headers: headers(ctx, { prefer: 'count=exact' }) });
  const first = (await one.json()) as unknown[];
  const range = one.headers.get('content-range') ?? '';
  const total = Number(range.split('/')[1]);
  if (total !== CAP_ROWS) return ['FAIL', `the count says ${range}, not ${CAP_ROWS} rows`];
  if (first.length < READ_PAGE_ROWS)
    return [
      'FAIL',
      `max_rows is ${first.length}, below the app's page of ${READ_PAGE_ROWS}: its reads would stop early (set max_rows to at least ${READ_PAGE_ROWS})`,
    ];
  const paged = await readAllPages(async (after, limit) => {
    const res = await fetch(`${url}&order=id${after ? `&id=gt.${after}` : ''}&limit=${limit}`, {
      headers: headers(ctx),
    });
    const body = (await res.json()) as unknown;
    return (
      res.ok
        ? { data: body, error: null, status: res.status }
        : { data: null, error: body, status: res.status }
    ) as PageAnswer;
  });
  if (paged.error) return ['FAIL', `a paged read answered ${paged.status}`];
  if (paged.data?.length !== CAP_ROWS)
    return ['FAIL', `paging read ${paged.data?.length ?? 0} of ${CAP_ROWS} rows`];
  const capped = first.length < CAP_ROWS;
  return [
    'ok',
    capped
      ? `one read answers ${first.length} of ${CAP_ROWS} rows (max_rows); paging reads them all`
      : `no row cap (one read answered all ${CAP_ROWS}); paging reads them all`,
  ];
}

/** A function's "not found" is 404 PT404 (hosted answers P0002 with 500). */
export async function checkNotFoundStatus(ctx: RestCheckContext): Promise<[Status, string]> {
  const res = await fetch(`${ctx.base}/rest/v1/rpc/withdraw_quote`, {
    method: 'POST',
    headers: headers(ctx),
    body: JSON.stringify({ p_quote_id: randomUUID() }),
  });
  const body = (await res.json().catch(() => ({}))) as { code?: string };
  if (res.status === 404 && body.code === 'PT404') return ['ok', 'a missing quote is 404 PT404'];
  return [
    'FAIL',
    `a missing quote answered ${res.status} ${body.code ?? ''}: expected 404 PT404 (run supabase db push)`,
  ];
}
