/**
 * The push against an in-memory store and a fake backend: queue order, one
 * op per row per call (a later op waits and is rebased), batches, a refused
 * op as a dead letter that never blocks the rest, an answer off the wire
 * contract (nothing applied, ops kept), and an empty outbox sending nothing.
 */
import { describe, expect, it } from 'vitest';
import { pushOutbox } from './push';
import { BAD_RESPONSE } from './responses';
import { fakeBackend } from './testing/fakeBackend';
import { memoryStore } from './testing/memoryStore';

const now = (): number => Date.parse('2026-11-25T08:00:00Z');

function insert(id: string, name: string) {
  return {
    table: 'projects',
    id,
    kind: 'insert' as const,
    base_version: null,
    changes: { name },
  };
}

function update(id: string, name: string) {
  return {
    table: 'projects',
    id,
    kind: 'update' as const,
    base_version: 0,
    changes: { name },
  };
}

describe('pushOutbox', () => {
  it('sends ops in queue order, one per row per call, and rebases a later op on the answer', async () => {
    const store = memoryStore();
    const server = fakeBackend();
    store.enqueue(insert('a', 'Kitchen'));
    store.enqueue(insert('b', 'Bath'));
    store.enqueue(update('a', 'Kitchen 2'));

    const outcome = await pushOutbox({ store, supabase: server.client, now });

    expect(outcome).toEqual({ ok: true, pushed: 3 });
    expect(server.pushes.map((call) => call.map((op) => `${op.kind} ${op.id}`))).toEqual([
      ['insert a', 'insert b'],
      ['update a'],
    ]);
    // The update went out on the version the insert's answer gave the row.
    expect(server.pushes[1]![0]!.base_version).toBe(1);
    expect(store.outbox).toEqual([]);
    expect(store.row('projects', 'a')).toMatchObject({ name: 'Kitchen 2', version: 2 });
    expect(store.row('projects', 'b')).toMatchObject({ name: 'Bath', version: 1 });
  });

  it('pages the outbox in batches of batchSize, in queue order', async () => {
    const store = memoryStore();
    const server = fakeBackend();
    for (const id of ['p1', 'p2', 'p3', 'p4', 'p5']) store.enqueue(insert(id, id));

    const outcome = await pushOutbox({ store, supabase: server.client, now, batchSize: 2 });

    expect(outcome).toEqual({ ok: true, pushed: 5 });
    expect(server.pushes.map((call) => call.map((op) => op.id))).toEqual([
      ['p1', 'p2'],
      ['p3', 'p4'],
      ['p5'],
    ]);
  });

  it('turns a refused op into a dead letter and sends the rest', async () => {
    const store = memoryStore();
    const server = fakeBackend();
    store.enqueue(update('missing', 'Gone elsewhere'));
    store.enqueue(insert('c', 'Laundry'));

    const outcome = await pushOutbox({ store, supabase: server.client, now });

    expect(outcome).toEqual({ ok: true, pushed: 2 });
    expect(store.deadLetters).toMatchObject([{ op: { id: 'missing' }, code: 'P0002' }]);
    expect(store.row('projects', 'c')).toMatchObject({ name: 'Laundry' });
    expect(store.outbox).toEqual([]);
  });

  it('fails with bad_response on an answer off the contract: nothing applied, ops kept and counted', async () => {
    const store = memoryStore();
    const server = fakeBackend();
    const a = store.enqueue(insert('a', 'Kitchen'));
    const b = store.enqueue(insert('b', 'Bath'));
    server.script('push_changes', { data: [{ op_id: a.op_id, status: 'done' }] });

    const outcome = await pushOutbox({ store, supabase: server.client, now });

    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.failure).toMatchObject({ kind: 'server', code: BAD_RESPONSE });
    expect(store.outbox.map((o) => o.op_id)).toEqual([a.op_id, b.op_id]);
    expect(store.row('projects', 'a')).toBeUndefined();
    expect(store.deadLetters).toEqual([]);
    expect(store.attempts.get(a.seq!)).toBe(1);
    expect(store.attempts.get(b.seq!)).toBe(1);
  });

  it('stops at a network failure with the ops still queued', async () => {
    const store = memoryStore();
    const server = fakeBackend();
    store.enqueue(insert('a', 'Kitchen'));
    server.script('push_changes', 'network');

    const outcome = await pushOutbox({ store, supabase: server.client, now });

    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'network' } });
    expect(store.outbox).toHaveLength(1);
  });

  it('sends nothing when the outbox is empty', async () => {
    const store = memoryStore();
    const server = fakeBackend();
    let drained = 0;

    const outcome = await pushOutbox({
      store,
      supabase: server.client,
      now,
      onDrained: () => (drained += 1),
    });

    expect(outcome).toEqual({ ok: true, pushed: 0 });
    expect(server.pushes).toEqual([]);
    expect(drained).toBe(1);
  });
});
