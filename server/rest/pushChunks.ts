/**
 * Pushes on PGlite in short transactions, with other requests going between
 * them. PGlite is one connection: while a transaction runs, every other
 * request of every user waits, and a push of a full body (hundreds of ops)
 * holds it for about a second. So on PGlite a large `push_changes` call runs
 * as consecutive transactions of {@link PUSH_CHUNK_OPS} ops, in order, and
 * between two of them the push gives way to the API requests already under
 * way (for at most {@link MAX_GIVE_WAY_MS}).
 *
 * The answer is the same as for one transaction: one result per op, in
 * order. The limits are checked on the whole call first, so a call over a
 * limit still applies nothing. If a later part fails (the database, a
 * timeout), the call answers that error while the earlier parts are saved:
 * the client keeps all of the call's ops and sends them again, and those
 * already applied come back as `duplicate` (their op ids are recorded), as
 * after a connection lost before the answer. PostgreSQL runs many
 * transactions at once, so there a call stays one transaction.
 */
import type { MiddlewareHandler } from 'hono';
import type { BackendContext } from '../context.ts';
import { runAsOwner } from '../db.ts';
import { isPgError } from '../pgError.ts';
import type { Out } from './http.ts';

/** Ops per transaction of a push on PGlite (a fraction of a second of database time even for 5 KB ops). */
export const PUSH_CHUNK_OPS = 50;
/** The most a push waits between two parts for other requests to finish. */
export const MAX_GIVE_WAY_MS = 250;
/** `ops_per_call` of `private.sync_limits()`: a call above it goes whole, to be refused whole. */
const OPS_PER_CALL = 1000;
const PUSH_PATH = '/rest/v1/rpc/push_changes';

/** API requests other than pushes that are under way, and the pushes waiting for them. */
interface Traffic {
  others: number;
  waiting: Set<() => void>;
}

const trafficOf = new WeakMap<BackendContext, Traffic>();

function traffic(ctx: BackendContext): Traffic {
  let t = trafficOf.get(ctx);
  if (!t) trafficOf.set(ctx, (t = { others: 0, waiting: new Set() }));
  return t;
}

/**
 * Middleware (in front of the token check): counts the REST and auth
 * requests other than pushes while they run. Storage is left out: an upload
 * may take minutes, and its database work is one short statement.
 */
export function otherRequests(ctx: BackendContext): MiddlewareHandler {
  return async (c, next) => {
    const path = c.req.path;
    if (path === PUSH_PATH || !/^\/(rest|auth)\/v1\//.test(path)) return next();
    const t = traffic(ctx);
    t.others += 1;
    try {
      await next();
    } finally {
      t.others -= 1;
      if (t.others === 0) for (const wake of [...t.waiting]) wake();
    }
  };
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Waits until no other request is under way, or {@link MAX_GIVE_WAY_MS}. */
async function giveWay(ctx: BackendContext): Promise<void> {
  // Two turns of the event loop first: requests that arrived while the last part ran are read and counted.
  await turn();
  await turn();
  const t = traffic(ctx);
  if (t.others === 0) return;
  await new Promise<void>((resolve) => {
    const wake = (): void => {
      clearTimeout(timer);
      t.waiting.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, MAX_GIVE_WAY_MS);
    t.waiting.add(wake);
  });
}

/** The ops of a push body to run in parts on this database, or null to run it as one transaction. */
export function opsToSplit(ctx: BackendContext, body: unknown): unknown[] | null {
  if ((ctx.pg as { kind?: string }).kind === 'postgres') return null;
  if (typeof body !== 'object' || body === null) return null;
  const keys = Object.keys(body);
  const ops = (body as { p_ops?: unknown }).p_ops;
  if (keys.length !== 1 || !Array.isArray(ops)) return null;
  return ops.length > PUSH_CHUNK_OPS && ops.length <= OPS_PER_CALL ? ops : null;
}

/**
 * Runs `ops` as consecutive `runPart` calls of at most PUSH_CHUNK_OPS ops
 * (each its own transaction) and joins their answers (JSON arrays) in order.
 * Throws the database error of the limits check (nothing applied); answers a
 * part's error as it came (see the header for what was saved).
 */
export async function pushInParts(
  ctx: BackendContext,
  ops: unknown[],
  runPart: (ops: unknown[]) => Promise<Out>,
): Promise<Out> {
  try {
    // The whole call's limits, as push_changes checks them, before any part is applied.
    await runAsOwner(ctx.pg, (tx) =>
      tx.query('select private.sync_check_limits($1::text::jsonb)', [JSON.stringify(ops)]),
    );
  } catch (e) {
    // An op with \u0000 (jsonb cannot hold it) is rejected alone by its part; the parts check the rest.
    if (!isPgError(e) || e.code !== '22P05') throw e;
  }
  const parts: string[] = [];
  for (let i = 0; i < ops.length; i += PUSH_CHUNK_OPS) {
    if (i > 0) await giveWay(ctx);
    const out = await runPart(ops.slice(i, i + PUSH_CHUNK_OPS));
    if (out.status !== 200 || typeof out.body !== 'string') return out;
    const inner = out.body.trim().slice(1, -1).trim();
    if (inner) parts.push(inner);
  }
  return { status: 200, body: `[${parts.join(',')}]` };
}
