/**
 * The pull against an in-memory store and a fake backend: pages by
 * (txid, id) from the stored cursor, the first call's cursor stored at the
 * end, a small first page into an empty table, and a failed or off-contract
 * page leaving the cursor where it was.
 */
import { describe, expect, it } from 'vitest';
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
});
