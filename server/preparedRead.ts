/**
 * The hot path of `/rest/v1` reads: one statement as the caller in ONE round
 * trip, prepared once per SQL shape, with the role and the claims set for
 * that statement only. On PGlite the API's statement_timeout is not set here:
 * PGlite cannot interrupt a statement, so the setting would be one more call
 * per read for nothing. On a PostgreSQL server each read is a {@link runAs}
 * transaction, which sets it.
 */
import { PGlite } from '@electric-sql/pglite';
import type { SqlDatabase } from './sqlDatabase.ts';
import { runAs, type Claims, type RequestSettings } from './db.ts';
import { failed, isFatalDatabaseError, rethrow } from './dbHealth.ts';

/** A SQL string literal that is safe whatever `standard_conforming_strings` says (E'…' escaping). */
export function literal(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  const s =
    typeof v === 'string'
      ? v
      : typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint'
        ? String(v)
        : JSON.stringify(v);
  if (s.includes('\0'))
    throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });
  return `E'${s.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** Role-and-claims prologues by claims object (the verifier caches claims per token, so this hits). */
const prologues = new WeakMap<Claims, string>();

function prologueOf(claims: Claims): string {
  let p = prologues.get(claims);
  if (!p) {
    p =
      `set local role ${claims.role}; select ` +
      `set_config('request.jwt.claims', ${literal(JSON.stringify(claims))}, true), ` +
      `set_config('request.jwt.claim.sub', ${literal(claims.sub ?? '')}, true), ` +
      `set_config('request.jwt.claim.role', ${literal(claims.role)}, true), ` +
      `set_config('request.jwt.claim.email', ${literal(claims.email ?? '')}, true)`;
    prologues.set(claims, p);
  }
  return p;
}

/** Prepared statements of {@link queryAsPrepared}, per PGlite instance: SQL text → name. */
const preparedByDb = new WeakMap<PGlite, Map<string, string>>();
/** Distinct read shapes kept prepared; past this the cache starts over (DEALLOCATE ALL). */
const MAX_PREPARED = 256;
let preparedSeq = 0;

/**
 * One statement as the caller in ONE round trip, prepared once per SQL shape
 * (PREPARE as the owner, then a simple-protocol string `SET LOCAL ROLE …;
 * SELECT set_config(…); EXECUTE name(literals…)`, one implicit transaction,
 * so the role and claims apply to that statement only). Postgres re-checks a cached plan against the current role
 * (RLS) and the schema, so the plan is shared safely; claims are read at
 * execution. Every `$n` must be typed by its context (`$1::text`). On an
 * error the statement is deallocated so the next call prepares afresh.
 */
export async function queryAsPrepared<T>(
  pg: SqlDatabase,
  claims: Claims,
  sql: string,
  params: readonly unknown[] = [],
  opts: { request?: RequestSettings; readOnly?: boolean } = {},
): Promise<{ rows: T[]; affectedRows?: number }> {
  if (claims.role !== 'anon' && claims.role !== 'authenticated' && claims.role !== 'service_role')
    throw new Error('bad role');
  // Prepared statements belong to one session and a pool hands out many: there each read is one
  // ordinary transaction as the caller (same role, claims and timeout).
  // Reads are not refused for a deleted account's token (as on PGlite, where that would cost a query).
  if (!(pg instanceof PGlite))
    return runAs(pg, claims, (tx) => tx.query<T>(sql, [...params]), {
      requireUser: false,
      ...opts,
    });
  let cache = preparedByDb.get(pg);
  if (!cache) {
    cache = new Map();
    preparedByDb.set(pg, cache);
  }
  let name = cache.get(sql);
  if (!name) {
    if (cache.size >= MAX_PREPARED) {
      await pg.exec('deallocate all');
      cache.clear();
    }
    preparedSeq += 1;
    const fresh = `_local_read_${preparedSeq}`;
    await pg.exec(`prepare ${fresh} as ${sql}`).catch((e: unknown) => rethrow(pg, e));
    cache.set(sql, fresh);
    name = fresh;
  }
  let prologue = prologueOf(claims);
  if (opts.request)
    prologue +=
      `, set_config('request.method', ${literal(opts.request.method)}, true)` +
      `, set_config('request.path', ${literal(opts.request.path)}, true)` +
      `, set_config('request.headers', ${literal(opts.request.headers)}, true)`;
  if (opts.readOnly) prologue += `, set_config('transaction_read_only', 'on', true)`;
  prologue += ';\n';
  const args = params.length ? `(${params.map(literal).join(', ')})` : '';
  let results;
  try {
    results = await pg.exec(`${prologue}execute ${name}${args}`);
  } catch (e) {
    if (isFatalDatabaseError(e)) rethrow(pg, e);
    // Errors about the data or the caller's rights leave the plan valid; anything else may mean the
    // schema moved under it (dropped column, changed type), so prepare afresh next time.
    const code = (e as { code?: unknown }).code;
    const planIsFine =
      typeof code === 'string' &&
      (code === '42501' || code.startsWith('22') || code.startsWith('23') || code === 'P0001');
    if (!planIsFine) {
      cache.delete(sql);
      await pg.exec(`deallocate ${name}`).catch(() => {});
    }
    throw e;
  }
  // results: SET LOCAL ROLE, the claims row, the statement. No claims row = the database broke silently.
  if (results.length !== 3 || results[1]!.rows.length !== 1)
    failed(pg, 'the claims statement returned no row');
  const last = results[results.length - 1]!;
  return { rows: last.rows as T[], affectedRows: last.affectedRows };
}
