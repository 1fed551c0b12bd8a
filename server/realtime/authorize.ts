/**
 * Realtime Authorization, as hosted Realtime checks a private channel join:
 * in one transaction a probe row for the topic goes into realtime.messages
 * (as the database owner), then, as the caller (`SET LOCAL ROLE` and the JWT
 * claims, `realtime.topic()` set to the topic), the probe must be visible
 * through the SELECT policies of realtime.messages. The transaction is rolled
 * back, so nothing stays behind. A client's broadcast on a private channel
 * is authorized the same way by the INSERT policies: as the caller, a row
 * for the topic is inserted (and rolled back); a row-level security refusal
 * means no.
 */
import { randomUUID } from 'node:crypto';
import { API_STATEMENT_TIMEOUT, runAsOwner, type Claims, type SqlDatabase } from '../db.ts';

const AS_CALLER = `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
  set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true),
  set_config('realtime.topic', $4, true), set_config('statement_timeout', '${API_STATEMENT_TIMEOUT}', true)`;

/**
 * Whether `claims` may read (join) the private sub-topic `topic` (e.g.
 * `user:<uuid>`). Errors: database errors reject (the caller answers the
 * join with an error; a fatal one also restarts the database as for REST).
 */
export async function mayJoin(db: SqlDatabase, claims: Claims, topic: string): Promise<boolean> {
  return runAsOwner(db, async (tx) => {
    const probe = randomUUID();
    await tx.query(
      `insert into realtime.messages (id, topic, extension, private, event) values ($1, $2, 'broadcast', true, 'join')`,
      [probe, topic],
    );
    await tx.query(AS_CALLER, [claims.role, JSON.stringify(claims), claims.sub ?? '', topic]);
    const seen = await tx.query('select 1 as ok from realtime.messages where id = $1', [probe]);
    await tx.rollback();
    return seen.rows.length === 1;
  });
}

/** SQLSTATE of a row-level security refusal (and any missing privilege). */
const INSUFFICIENT_PRIVILEGE = '42501';

/**
 * Whether `claims` may send (broadcast) to the private sub-topic `topic`:
 * an INSERT into realtime.messages as the caller passes its policies.
 * `extension` is `broadcast` (or `presence`). Errors: database errors other
 * than a refusal reject.
 */
export async function mayWrite(
  db: SqlDatabase,
  claims: Claims,
  topic: string,
  extension = 'broadcast',
): Promise<boolean> {
  return runAsOwner(db, async (tx) => {
    await tx.query(AS_CALLER, [claims.role, JSON.stringify(claims), claims.sub ?? '', topic]);
    let allowed = true;
    try {
      await tx.query(
        `insert into realtime.messages (topic, extension, private, event) values ($1, $2, true, 'write_check')`,
        [topic, extension],
      );
    } catch (e) {
      if ((e as { code?: unknown }).code !== INSUFFICIENT_PRIVILEGE) throw e;
      allowed = false;
    }
    await tx.rollback();
    return allowed;
  });
}
