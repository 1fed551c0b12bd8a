/**
 * Test support: typed calls of the sync RPCs (docs/sync-protocol.md) on a
 * PGlite database as a given user.
 */
import type { PGlite } from '@electric-sql/pglite';
import { asUser } from './pgliteDb.ts';

export interface WireRow {
  id: string;
  version: number;
  txid: string;
  deleted_at: string | null;
  [column: string]: unknown;
}

export interface PushResult {
  op_id: string;
  status: 'applied' | 'merged' | 'duplicate' | 'rejected';
  code: string | null;
  message: string | null;
  conflicts: { path: string[]; server_value: unknown; client_value: unknown }[];
  row: WireRow | null;
}

export interface PullPage {
  rows: WireRow[];
  cursor: string;
  has_more: boolean;
}

/** push_changes(p_ops) as `userId`. */
export async function push(db: PGlite, userId: string, ops: unknown[]): Promise<PushResult[]> {
  return asUser(db, userId, async (tx) => {
    const res = await tx.query<{ r: PushResult[] }>('select push_changes($1::json) as r', [
      JSON.stringify(ops),
    ]);
    return res.rows[0]!.r;
  });
}

/** pull_changes(...) as `userId`. */
export async function pullPage(
  db: PGlite,
  userId: string,
  table: string,
  cursor: string,
  afterId: string | null = null,
  limit = 1000,
): Promise<PullPage> {
  return asUser(db, userId, async (tx) => {
    const res = await tx.query<{ r: PullPage }>('select pull_changes($1, $2, $3, $4) as r', [
      table,
      cursor,
      afterId,
      limit,
    ]);
    return res.rows[0]!.r;
  });
}

/** The client loop of the contract: first call's cursor is the next cursor; page by the last (txid, id). */
export async function pullAll(
  db: PGlite,
  userId: string,
  table: string,
  cursor: string,
  limit = 1000,
): Promise<{ rows: WireRow[]; next: string; calls: number }> {
  const first = await pullPage(db, userId, table, cursor, null, limit);
  const rows = [...first.rows];
  let page = first;
  let calls = 1;
  while (page.has_more) {
    const last = page.rows[page.rows.length - 1]!;
    page = await pullPage(db, userId, table, last.txid, last.id, limit);
    rows.push(...page.rows);
    calls += 1;
  }
  return { rows, next: first.cursor, calls };
}
