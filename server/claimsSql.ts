/**
 * The statement that opens every API transaction of the local backend: the
 * caller's role and claims, the role's statement_timeout, the request's
 * method, path and headers, read-only when asked, and the check that a user
 * token's account still exists, in one round trip (see `runAs` in db.ts).
 */
/**
 * Longest a statement of an API request may run. Postgres enforces it; PGlite
 * (one wasm thread, no timer signals) ignores it, so there the request bounds
 * checked before any work are what keep one request from holding the database.
 */
export const API_STATEMENT_TIMEOUT = '15s';

/** What PostgREST tells SQL about the request: method, path (`/table`, `/rpc/fn`), headers as JSON. */
export interface RequestSettings {
  method: string;
  path: string;
  /** JSON object of lower-case header names to values. */
  headers: string;
}

/**
 * The role's own `statement_timeout` (`alter role … set`, server/sql/bootstrap.sql: 3 s anon,
 * 8 s authenticated), else the login role's (`authenticator`, as PostgREST's session has it),
 * else API_STATEMENT_TIMEOUT: PostgREST applies the impersonated role's settings per
 * transaction, which `SET ROLE` alone never does.
 */
const ROLE_TIMEOUT_SQL = `coalesce(
  (select substr(s, 19) from pg_catalog.pg_db_role_setting d cross join unnest(d.setconfig) s
    where d.setrole = (select oid from pg_catalog.pg_roles where rolname = $1)
      and d.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
      and s like 'statement\\_timeout=%' order by d.setdatabase desc limit 1),
  (select substr(s, 19) from pg_catalog.pg_db_role_setting d cross join unnest(d.setconfig) s
    where d.setrole = (select oid from pg_catalog.pg_roles where rolname = 'authenticator')
      and d.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
      and s like 'statement\\_timeout=%' order by d.setdatabase desc limit 1),
  '${API_STATEMENT_TIMEOUT}')`;

// The user check rides in the same statement (no extra round trip); auth.users is read with the
// privileges the statement started with (the backend's own role), before the role changes.
// $6..$9: the request's method, path and headers (JSON) as PostgREST sets them, and 'on' for a
// read-only transaction (a GET, a STABLE function), each left alone when null.
export const SET_CLAIMS_SQL = `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
  set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true),
  set_config('request.jwt.claim.email', $4, true), set_config('statement_timeout', ${ROLE_TIMEOUT_SQL}, true),
  case when $6::text is not null then set_config('request.method', $6, true) end,
  case when $7::text is not null then set_config('request.path', $7, true) end,
  case when $8::text is not null then set_config('request.headers', $8, true) end,
  case when $9::text is not null then set_config('transaction_read_only', $9, true) end,
  ($5::uuid is null or exists (select 1 from auth.users u where u.id = $5::uuid)) as user_ok`;
