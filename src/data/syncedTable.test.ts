import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { RefacingDb } from './db';
import type { RepoContext } from './repoContext';
import { changedColumns, SYNCED_TABLES, syncedTable } from './syncedTable';
import { ROW_TABLES, SYNC_TABLES, type ReviewRow } from './types';

const dbs: RefacingDb[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
});
function makeCtx(): RepoContext & { db: RefacingDb } {
  const db = new RefacingDb('u1', { indexedDB: new IDBFactory(), IDBKeyRange });
  dbs.push(db);
  let t = Date.parse('2026-01-01T00:00:00Z');
  return { db, getDb: () => db, now: () => (t += 1000) };
}

const review = (over: Partial<ReviewRow> = {}): ReviewRow => ({
  id: 'r1',
  project_id: 'p1',
  reviewer_id: 'u1',
  contractor_id: 'c1',
  rating: 4,
  body: 'Good',
  reply: null,
  replied_at: null,
  version: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  deleted_at: null,
  txid: '',
  ...over,
});

describe('the synced-table catalogue', () => {
  it('names every synced table, and the outbox tables are the ones a user writes', () => {
    expect(Object.keys(SYNCED_TABLES).sort()).toEqual([...SYNC_TABLES].sort());
    const outbox = Object.entries(SYNCED_TABLES)
      .filter(([, e]) => e.writtenBy === 'outbox')
      .map(([t]) => t);
    expect(outbox.sort()).toEqual([...ROW_TABLES].sort());
  });
});

describe('changedColumns', () => {
  it('keeps what differs from the row and from the editor base, comparing JSON by content', () => {
    const row = { name: 'A', price_list: { b: 1, a: 2 }, phone: '1' };
    expect(changedColumns(row, { name: 'A', price_list: { a: 2, b: 1 }, phone: '2' })).toEqual({
      phone: '2',
    });
    // The editor started from phone '2' and did not touch it: another device's '1' stays.
    expect(changedColumns(row, { phone: '2', name: 'B' }, { phone: '2', name: 'A' })).toEqual({
      name: 'B',
    });
    expect(changedColumns(undefined, { name: 'A', phone: undefined }, { name: 'A' })).toEqual({
      name: 'A',
    });
  });
});

describe('syncedTable', () => {
  it('creates, updates on the row as it is, and deletes as a tombstone once pushed', async () => {
    const ctx = makeCtx();
    const reviews = syncedTable<ReviewRow>(ctx, { table: 'reviews' });
    const columns = { project_id: 'p1', reviewer_id: 'u1', rating: 4, body: 'Good' };
    await reviews.create(review(), columns);
    const updated = await reviews.update(review(), { columns: { rating: 5 } });
    expect(updated.rating).toBe(5);
    const ops = await ctx.db.outbox.toArray();
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ kind: 'insert', changes: { ...columns, rating: 5 } });
    // Confirmed by the server at version 1: the delete is an op and the row a tombstone.
    await ctx.db.outbox.clear();
    expect(await reviews.applyServerRows([review({ rating: 5, version: 1, txid: '7' })])).toBe(1);
    expect(await reviews.applyServerRows([review({ rating: 1, version: 1, txid: '7' })])).toBe(0);
    const confirmed = await reviews.live('r1');
    expect(confirmed?.rating).toBe(5);
    await reviews.remove(confirmed!);
    expect(await reviews.live('r1')).toBeUndefined();
    expect((await ctx.db.reviews.get('r1'))?.deleted_at).not.toBeNull();
    expect((await ctx.db.outbox.toArray()).map((o) => [o.kind, o.base_version])).toEqual([
      ['delete', 1],
    ]);
  });

  it('drops a row whose insert never left the device, op and all', async () => {
    const ctx = makeCtx();
    const reviews = syncedTable<ReviewRow>(ctx, { table: 'reviews' });
    await reviews.create(review(), { project_id: 'p1', reviewer_id: 'u1', rating: 4, body: 'x' });
    await reviews.remove(review());
    expect(await ctx.db.reviews.count()).toBe(0);
    expect(await ctx.db.outbox.count()).toBe(0);
  });

  it('refuses a column the server does not take from the client', async () => {
    const ctx = makeCtx();
    const reviews = syncedTable<ReviewRow>(ctx, { table: 'reviews' });
    await expect(reviews.update(review(), { columns: { contractor_id: 'me' } })).rejects.toThrow(
      /not client columns: contractor_id/,
    );
    expect(await ctx.db.outbox.count()).toBe(0);
  });

  it('lists the dead letters and conflicts of its own table only', async () => {
    const ctx = makeCtx();
    const reviews = syncedTable<ReviewRow>(ctx, { table: 'reviews' });
    const op = { op_id: 'o', id: 'r1', kind: 'update' as const, base_version: 1, changes: {} };
    await ctx.db.dead_letters.bulkAdd([
      { op: { ...op, table: 'reviews' }, code: '42501', message: 'm', at: '', label: 'Review' },
      { op: { ...op, table: 'quotes' }, code: '42501', message: 'm', at: '', label: 'Quote' },
    ]);
    expect((await reviews.deadLetters()).map((l) => l.label)).toEqual(['Review']);
    expect(await reviews.conflicts()).toEqual([]);
  });
});
