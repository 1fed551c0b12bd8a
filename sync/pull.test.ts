/**
 * The pull against an in-memory store and a fake backend: pages by
 * (txid, id) from the stored cursor, the first call's cursor stored at the
 * end, a small first page into an empty table, and a failed or off-contract
 * page leaving the cursor where it was; pages that arrive during a write
 * written together, in order, with a bound on the rows that wait.
 */
import { describe, expect, it, vi } from 'vitest';
import { FIRST_PAGE_SIZE, pullTable } from './pull';
import { BAD_RESPONSE } from './responses';
import { fakeBackend } from './testing/fakeBackend';
import { memoryStore } from './testing/memoryStore';

const now = (): number => Date.parse('2026-11-25T08:00:00Z');

function serverWith(count: number) {
  const server = fakeBackend();
  for (let i = 1; i <= count; i++)
    server.writeRow('projects', { id: `p${String(i).padStart(2, '0')}`, name: `Job ${i}` });
  return server;
}

describe('pullTable', () => {
  it('pages through the table in (txid, id) order and stores the first call cursor', async () => {
    const store = memoryStore();
    // A local row: the table is not fresh, so every page has the page size.
    store.putRow('projects', { id: 'local', version: 1 });
    const server = serverWith(5);

    const result = await pullTable(
      { store, supabase: server.client, now, pageSize: 2 },
      'projects',
    );

    expect(result).toEqual({ failure: null, applied: 5 });
    expect(server.pulls.map((p) => [p.p_cursor, p.p_after_id ?? null, p.p_limit])).toEqual([
      ['0', null, 2],
      ['2', 'p02', 2],
      ['4', 'p04', 2],
    ]);
    expect(store.cursors.get('projects')).toBe('5');
    expect(store.row('projects', 'p05')).toMatchObject({ name: 'Job 5', version: 1 });
  });

  it('asks for a small first page when the table is empty', async () => {
    const store = memoryStore();
    const server = serverWith(3);

    await pullTable({ store, supabase: server.client, now, pageSize: 1000 }, 'projects');

    expect(server.pulls[0]!.p_limit).toBe(FIRST_PAGE_SIZE);
  });

  it('grows the pages of an empty table from the small first one to the page size', async () => {
    const store = memoryStore();
    const server = serverWith(1500);

    const result = await pullTable(
      { store, supabase: server.client, now, pageSize: 1000 },
      'projects',
    );

    expect(result).toEqual({ failure: null, applied: 1500 });
    expect(server.pulls.map((p) => p.p_limit)).toEqual([
      FIRST_PAGE_SIZE,
      FIRST_PAGE_SIZE * 3,
      FIRST_PAGE_SIZE * 9,
      1000,
    ]);
  });

  it('pulls from the stored cursor and applies rows idempotently by version', async () => {
    const store = memoryStore();
    const server = serverWith(2);
    await pullTable({ store, supabase: server.client, now }, 'projects');
    server.writeRow('projects', { id: 'p01', name: 'Job 1, renamed' });

    const again = await pullTable({ store, supabase: server.client, now }, 'projects');

    expect(server.pulls[1]!.p_cursor).toBe('2');
    expect(again).toEqual({ failure: null, applied: 1 });
    expect(store.row('projects', 'p01')).toMatchObject({ name: 'Job 1, renamed', version: 2 });
  });

  it('keeps the cursor when a later page fails, having applied the earlier pages', async () => {
    const store = memoryStore();
    store.putRow('projects', { id: 'local', version: 1 });
    const server = serverWith(4);
    server.script('pull_changes', 'ok', 'network');

    const result = await pullTable(
      { store, supabase: server.client, now, pageSize: 2 },
      'projects',
    );

    expect(result).toMatchObject({ applied: 2, failure: { kind: 'network' } });
    expect(store.row('projects', 'p02')).toMatchObject({ name: 'Job 2' });
    expect(store.row('projects', 'p03')).toBeUndefined();
    expect(store.cursors.has('projects')).toBe(false);
  });

  it('fails with bad_response on a page off the contract: nothing applied, cursor kept', async () => {
    const store = memoryStore();
    const server = serverWith(2);
    server.script('pull_changes', {
      data: { rows: [{ id: 'p01' }], cursor: 'x', has_more: false },
    });

    const result = await pullTable({ store, supabase: server.client, now }, 'projects');

    expect(result.applied).toBe(0);
    expect(result.failure).toMatchObject({ kind: 'server', code: BAD_RESPONSE });
    expect(store.row('projects', 'p01')).toBeUndefined();
    expect(store.cursors.has('projects')).toBe(false);
  });

  it('writes the pages that arrive during a write together, in pull order', async () => {
    const store = memoryStore();
    store.putRow('projects', { id: 'local', version: 1 });
    const server = serverWith(7);
    const release = store.holdWrites();

    const pulling = pullTable({ store, supabase: server.client, now, pageSize: 2 }, 'projects');
    // The first page's write is held; the other pages arrive meanwhile and wait.
    await vi.waitFor(() => expect(server.pulls).toHaveLength(4));
    expect(store.writes).toEqual([[2]]);
    release();

    expect(await pulling).toEqual({ failure: null, applied: 7 });
    expect(store.writes).toEqual([[2], [2, 2, 1]]);
    expect(store.cursors.get('projects')).toBe('7');
    expect(store.row('projects', 'p07')).toMatchObject({ name: 'Job 7' });
  });

  it('asks no further page while the rows waiting reach the bound', async () => {
    const store = memoryStore();
    store.putRow('projects', { id: 'local', version: 1 });
    const server = serverWith(9);
    const release = store.holdWrites();

    const pulling = pullTable(
      { store, supabase: server.client, now, pageSize: 2, maxWaitingRows: 4 },
      'projects',
    );
    // One page writing, two waiting (4 rows): the fourth page is not asked for.
    await vi.waitFor(() => expect(server.pulls).toHaveLength(3));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.pulls).toHaveLength(3);
    release();

    expect(await pulling).toEqual({ failure: null, applied: 9 });
    expect(store.writes.slice(0, 2)).toEqual([[2], [2, 2]]);
    expect(store.writes.flat().reduce((a, b) => a + b, 0)).toBe(9);
    expect(store.cursors.get('projects')).toBe('9');
  });

  it('still writes the pages already here when a later page fails, and keeps the cursor', async () => {
    const store = memoryStore();
    store.putRow('projects', { id: 'local', version: 1 });
    const server = serverWith(8);
    server.script('pull_changes', 'ok', 'ok', 'ok', 'network');
    const release = store.holdWrites();

    const pulling = pullTable({ store, supabase: server.client, now, pageSize: 2 }, 'projects');
    await vi.waitFor(() => expect(server.pulls).toHaveLength(4));
    release();

    expect(await pulling).toMatchObject({ applied: 6, failure: { kind: 'network' } });
    expect(store.writes).toEqual([[2], [2, 2]]);
    expect(store.row('projects', 'p06')).toMatchObject({ name: 'Job 6' });
    expect(store.row('projects', 'p07')).toBeUndefined();
    expect(store.cursors.has('projects')).toBe(false);
  });
});
