/**
 * A fake transport for the engine's unit tests: an object shaped like the
 * supabase-js client (sync/transport.ts) whose `push_changes` and
 * `pull_changes` follow the wire contract (docs/sync-protocol.md) over rows
 * kept in memory: versions bumped per write, one transaction id per op,
 * pages ordered by (txid, id) from a cursor. Tests script failures (a
 * network error, a 5xx, an answer off the contract) and can hold a push
 * until they release it. Every call is recorded. Test code only.
 */
import type { WireOp } from '../store';
import type { SyncClient } from '../transport';

type Row = Record<string, unknown> & { id: string; version: number; txid: string };
type Answer = { data: unknown; error: { code?: string; message: string } | null; status: number };
/** What the next call of an RPC does: answer as the contract says (`ok`), throw (network), a status, or this data. */
export type Scripted = 'ok' | 'network' | { status: number; code?: string } | { data: unknown };

export interface FakeBackend {
  client: SyncClient;
  /** Server rows per table. */
  tables: Map<string, Map<string, Row>>;
  /** The ops of each push_changes call, in call order. */
  pushes: WireOp[][];
  /** The arguments of each pull_changes call. */
  pulls: { p_table: string; p_cursor?: string; p_after_id?: string; p_limit?: number }[];
  /** The next call(s) of `rpc` go as scripted, one entry per call. */
  script(rpc: 'push_changes' | 'pull_changes', ...next: Scripted[]): void;
  /** The next push_changes call waits until the returned function is called. */
  holdNextPush(): () => void;
  /** Push calls running now, and the most that ever ran at once. */
  running: { now: number; most: number };
  /** Writes a row as another device would (new version and txid). */
  writeRow(table: string, row: Record<string, unknown> & { id: string }): Row;
}

/** A new fake backend. */
export function fakeBackend(): FakeBackend {
  let txid = 0;
  const scripts = new Map<string, Scripted[]>();
  let hold: Promise<void> | null = null;
  const tables = new Map<string, Map<string, Row>>();
  const tableOf = (name: string): Map<string, Row> => {
    let t = tables.get(name);
    if (!t) tables.set(name, (t = new Map()));
    return t;
  };

  const write = (table: string, row: Record<string, unknown> & { id: string }): Row => {
    const before = tableOf(table).get(row.id);
    const next: Row = {
      deleted_at: null,
      ...before,
      ...row,
      version: (before?.version ?? 0) + 1,
      txid: String(++txid),
    };
    tableOf(table).set(row.id, next);
    return next;
  };

  const applyOp = (op: WireOp): Record<string, unknown> => {
    const base = { op_id: op.op_id, code: null, message: null, conflicts: null };
    const current = tableOf(op.table).get(op.id);
    if (op.kind !== 'insert' && !current)
      return { ...base, status: 'rejected', code: 'P0002', message: 'Row not found', row: null };
    if (op.kind === 'delete')
      return { ...base, status: 'applied', row: write(op.table, { id: op.id, deleted_at: 'now' }) };
    return { ...base, status: 'applied', row: write(op.table, { id: op.id, ...op.changes }) };
  };

  const pull = (args: FakeBackend['pulls'][number]): unknown => {
    const cursor = Number(args.p_cursor ?? '0');
    const limit = args.p_limit ?? 1000;
    const after = args.p_after_id ?? null;
    const all = [...tableOf(args.p_table).values()]
      .filter((r) => {
        const t = Number(r.txid);
        return after === null ? t > cursor : t > cursor || (t === cursor && r.id > after);
      })
      .sort((a, b) => Number(a.txid) - Number(b.txid) || (a.id < b.id ? -1 : 1));
    return { rows: all.slice(0, limit), cursor: String(txid), has_more: all.length > limit };
  };

  const backend: FakeBackend = {
    tables,
    pushes: [],
    pulls: [],
    running: { now: 0, most: 0 },
    client: undefined as unknown as SyncClient,
    script(rpc, ...next) {
      scripts.set(rpc, [...(scripts.get(rpc) ?? []), ...next]);
    },
    holdNextPush() {
      let release = (): void => {};
      hold = new Promise<void>((resolve) => (release = resolve));
      return release;
    },
    writeRow: write,
  };

  async function rpc(name: string, args: Record<string, unknown>): Promise<Answer> {
    const next = scripts.get(name)?.shift();
    const scripted = next === 'ok' ? undefined : next;
    if (name === 'push_changes') {
      backend.pushes.push(args.p_ops as WireOp[]);
      backend.running.now += 1;
      backend.running.most = Math.max(backend.running.most, backend.running.now);
      const waiting = hold;
      hold = null;
      try {
        if (waiting) await waiting;
        if (scripted) return answerOf(scripted);
        return { data: (args.p_ops as WireOp[]).map(applyOp), error: null, status: 200 };
      } finally {
        backend.running.now -= 1;
      }
    }
    if (name === 'pull_changes') {
      backend.pulls.push(args as FakeBackend['pulls'][number]);
      if (scripted) return answerOf(scripted);
      return { data: pull(args as FakeBackend['pulls'][number]), error: null, status: 200 };
    }
    return { data: null, error: { code: 'PGRST202', message: `No function ${name}` }, status: 404 };
  }

  const byId = (table: string, column: string, ids: unknown[]): Answer => ({
    data: [...tableOf(table).values()].filter((r) => ids.includes(r[column])),
    error: null,
    status: 200,
  });
  const session = { data: { session: { access_token: 'token' } }, error: null };
  const fake = {
    rpc,
    from: (table: string) => ({
      select: () => ({
        in: async (column: string, ids: unknown[]) => byId(table, column, ids),
        eq: (column: string, value: unknown) => ({
          maybeSingle: async () => {
            const [row] = byId(table, column, [value]).data as Row[];
            return { data: row ?? null, error: null, status: 200 };
          },
        }),
      }),
    }),
    auth: {
      getSession: async () => session,
      refreshSession: async () => session,
      startAutoRefresh: async () => undefined,
      stopAutoRefresh: async () => undefined,
    },
    storage: {
      from: () => ({
        upload: async () => ({ data: {}, error: null }),
        remove: async () => ({ data: [], error: null }),
        download: async () => ({ data: new Blob([]), error: null }),
      }),
    },
  };
  backend.client = fake as unknown as SyncClient;
  return backend;
}

function answerOf(s: Exclude<Scripted, 'ok'>): Answer {
  if (s === 'network') throw new TypeError('fetch failed');
  if ('data' in s) return { data: s.data, error: null, status: 200 };
  return { data: null, error: { code: s.code, message: `HTTP ${s.status}` }, status: s.status };
}
