/**
 * What one push may cost the server, and what a bad op costs its batch,
 * through supabase-js against the real local backend:
 *   - an op with a \u0000 (which Postgres text cannot hold) is rejected alone
 *     (22P05) and becomes a dead letter on the device; the other ops apply;
 *   - one push per user runs at a time, two more wait their turn, and any
 *     beyond those are answered 429 with Retry-After (the device backs off at
 *     least that long);
 *   - a push body over the cap is refused 413 before any database work; a
 *     lone op over a server limit becomes a dead letter instead of blocking
 *     the queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import { newId } from '../../../src/data/outbox';
import { MAX_PUSH_BYTES } from '../../../server/rest/pushGate';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import { NO_REALTIME } from '../../support/noRealtime';
import { openDevice, serverProject, type Device } from './harness';

let backend: StartedBackend;
const nina = { email: 'nina-bounds@example.com', password: 'Secret-pass-1' };
let ninaId = '';
let ninaToken = '';
const opened: Device[] = [];

function insertOp(userId: string, name: string, details: Record<string, unknown> = {}) {
  const id = newId();
  return {
    op_id: newId(),
    table: 'projects',
    id,
    kind: 'insert',
    base_version: null,
    changes: {
      name,
      status: 'draft',
      details,
      user_id: userId,
      owner_user_id: null,
      assigned_contractor_id: userId,
    },
  };
}

/** Puts `name` back into the queued insert of `id`, as a build without the text rule queued it. */
async function asOldBuild(d: Device, id: string, name: string): Promise<void> {
  await d.db.outbox
    .where('[table+id]')
    .equals(['projects', id])
    .modify((o) => {
      o.changes = { ...o.changes, name };
    });
}

function pushFetch(token: string, ops: unknown[]): Promise<Response> {
  return fetch(`${backend.url}/rest/v1/rpc/push_changes`, {
    method: 'POST',
    headers: {
      apikey: backend.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ p_ops: ops }),
  });
}

beforeAll(async () => {
  backend = await startLocalBackend();
  const signed = await backend.signUpConfirmed(nina.email, nina.password, { role: 'contractor' });
  ninaId = signed.userId;
  ninaToken = signed.accessToken;
});
afterAll(async () => {
  for (const d of opened) await d.close().catch(() => undefined);
  await backend?.stop();
});

describe('a \\u0000 in one op rejects only that op', () => {
  it('through supabase-js: the batch answers 200, that op 22P05, the others applied', async () => {
    const client = createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { authorization: `Bearer ${ninaToken}` } },
      realtime: NO_REALTIME,
    });
    const good = insertOp(ninaId, 'Kitchen');
    const badName = insertOp(ninaId, 'Bath\u0000room');
    const badDetails = insertOp(ninaId, 'Laundry', { notes: 'x\u0000y' });
    const { data, error, status } = await client.rpc('push_changes', {
      p_ops: [badName, good, badDetails],
    });
    expect(error).toBeNull();
    expect(status).toBe(200);
    const results = data as { op_id: string; status: string; code: string; message: string }[];
    expect(results.map((r) => [r.op_id, r.status, r.code])).toEqual([
      [badName.op_id, 'rejected', '22P05'],
      [good.op_id, 'applied', null],
      [badDetails.op_id, 'rejected', '22P05'],
    ]);
    expect(results[0]!.message).toBe('sync.nul_character');
    expect(await serverProject(backend, good.id)).toMatchObject({ name: 'Kitchen' });
    expect(await serverProject(backend, badName.id)).toBeNull();
    expect(await serverProject(backend, badDetails.id)).toBeNull();
  });

  it('on a device: those ops become dead letters, the rest sync', async () => {
    const d = await openDevice(backend, 'nul', nina);
    opened.push(d);
    const fine = await d.projects.create({
      name: 'Fine',
      status: 'draft',
      details: {},
      role: 'contractor',
    });
    const bad = await d.projects.create({
      name: 'Pasted\u0000name',
      status: 'draft',
      details: {},
      role: 'contractor',
    });
    // Today's text rule stores U+FFFD; the op below is as an older build queued it, NUL and all.
    expect(bad.name).toBe('Pasted\uFFFDname');
    await asOldBuild(d, bad.id, 'Pasted\u0000name');
    const r = await d.sync();
    expect(r.ok).toBe(true);
    expect(await serverProject(backend, fine.id)).toMatchObject({ name: 'Fine' });
    expect(await serverProject(backend, bad.id)).toBeNull();
    const letters = await d.db.dead_letters.toArray();
    expect(letters.map((l) => [l.op.id, l.code])).toEqual([[bad.id, '22P05']]);
    expect(await d.db.outbox.count()).toBe(0);
  });

  it('where the server refuses the whole call for it (hosted PostgREST), the batch is split: the same outcome', async () => {
    const d = await openDevice(backend, 'nul-hosted', nina, {
      net: { offline: false, dropPushResponses: 0, log: [], hostedNulRefusal: true },
    });
    opened.push(d);
    const names = ['One', 'Two', 'Pasted\u0000again', 'Three', 'Four'];
    const made = [];
    for (const name of names)
      made.push(
        await d.projects.create({ name, status: 'draft', details: {}, role: 'contractor' }),
      );
    await asOldBuild(d, made[2]!.id, names[2]!);
    const r = await d.sync();
    expect(r.ok).toBe(true);
    for (const p of made.filter((_, i) => i !== 2))
      expect(await serverProject(backend, p.id)).toMatchObject({ name: p.name });
    expect(await serverProject(backend, made[2]!.id)).toBeNull();
    const letters = await d.db.dead_letters.toArray();
    expect(letters.map((l) => [l.op.id, l.code])).toEqual([[made[2]!.id, '22P05']]);
    expect(await d.db.outbox.count()).toBe(0);
  });
});

describe('one push per user at a time', () => {
  it('two more wait their turn and apply; any beyond those get 429 with Retry-After', async () => {
    // Hold the table push_changes records into, so the first push cannot finish
    // until every other request has been answered or is waiting.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = backend.pg.transaction(async (tx) => {
      await tx.query('lock table public.sync_ops in exclusive mode');
      locked();
      await held;
    });
    await isLocked;
    const batches = Array.from({ length: 6 }, (_, i) => [insertOp(ninaId, `Queued ${i}`)]);
    const calls = batches.map((ops) => pushFetch(ninaToken, ops));
    // Three are refused at once while the first runs and two wait.
    const refused: Response[] = [];
    const answered = calls.map((p) =>
      p.then((res) => {
        if (res.status === 429) refused.push(res);
        return res;
      }),
    );
    await new Promise<void>((resolve) => {
      const check = (): void => {
        if (refused.length >= 3) resolve();
      };
      for (const p of answered) void p.then(check);
    });
    expect(refused).toHaveLength(3);
    for (const res of refused) {
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.json()).toEqual({
        code: 'over_request_rate_limit',
        message: 'Another sync of this account is still being saved; try again shortly',
        details: 'Retry-After: 1',
        hint: 'One push per account runs at a time',
      });
    }
    release();
    await holder;
    const all = await Promise.all(answered);
    expect(all.map((r) => r.status).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    const applied = await Promise.all(
      batches.map(async (ops) => (await serverProject(backend, ops[0]!.id)) !== null),
    );
    const ok = all.map((r) => r.status === 200);
    expect(applied).toEqual(ok);
  });

  it('another user is not held back by the gate', async () => {
    const other = await backend.signUpConfirmed('omar-bounds@example.com', nina.password, {
      role: 'contractor',
    });
    const res = await pushFetch(other.accessToken, [insertOp(other.userId, 'Elsewhere')]);
    expect(res.status).toBe(200);
  });

  it('a device told 429 keeps its ops and waits at least Retry-After before the next try', async () => {
    const d = await openDevice(backend, 'busy', nina);
    opened.push(d);
    await d.projects.create({ name: 'Later', status: 'draft', details: {}, role: 'contractor' });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = backend.pg.transaction(async (tx) => {
      await tx.query('lock table public.sync_ops in exclusive mode');
      locked();
      await held;
    });
    await isLocked;
    // Three of the user's pushes running or waiting: the first 429 among four says so.
    const others = [0, 1, 2, 3].map((i) => pushFetch(ninaToken, [insertOp(ninaId, `Other ${i}`)]));
    await Promise.any(
      others.map((p) =>
        p.then((res) => {
          if (res.status !== 429) throw new Error(`answered ${res.status}`);
        }),
      ),
    );
    const before = Date.now();
    const r = await d.sync();
    release();
    await holder;
    await Promise.all(others);
    expect(r.ok).toBe(false);
    expect(r.failure).toMatchObject({ kind: 'server', code: '429', retryAfterMs: 1000 });
    expect(d.status.get().nextRetryAt).toBeGreaterThanOrEqual(before + 1000);
    expect(await d.db.outbox.count()).toBe(1);
    expect(await d.db.dead_letters.count()).toBe(0);
    expect((await d.sync()).ok).toBe(true);
    expect(await d.db.outbox.count()).toBe(0);
  });
});

describe('bytes per push', () => {
  it('a body over the cap is refused 413 (PGRST413), nothing applied', async () => {
    const op = insertOp(ninaId, 'Huge', { notes: 'x'.repeat(200_000) });
    const ops = Array.from({ length: Math.ceil(MAX_PUSH_BYTES / 200_000) + 1 }, () => ({
      ...op,
      op_id: newId(),
      id: newId(),
    }));
    const res = await pushFetch(ninaToken, ops);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('PGRST413');
    for (const o of ops) expect(await serverProject(backend, o.id)).toBeNull();
  });

  it('a lone op over a server limit becomes a dead letter; the ops around it sync', async () => {
    const d = await openDevice(backend, 'big', nina);
    opened.push(d);
    const small = await d.projects.create({
      name: 'Small',
      status: 'draft',
      details: {},
      role: 'contractor',
    });
    // Over the 1 MiB a push body may carry (413 PGRST413): no retry can send it.
    const huge = await d.projects.create({
      name: 'Huge',
      status: 'draft',
      details: { notes: Array.from({ length: 5 }, () => 'x'.repeat(220_000)) },
      role: 'contractor',
    });
    // One string over the 256 KiB a JSON body may hold (400 PGRST102).
    const long = await d.projects.create({
      name: 'Long',
      status: 'draft',
      details: { notes: 'y'.repeat(300_000) },
      role: 'contractor',
    });
    const after = await d.projects.create({
      name: 'After',
      status: 'draft',
      details: {},
      role: 'contractor',
    });
    const r = await d.sync();
    expect(r.ok).toBe(true);
    expect(await serverProject(backend, small.id)).toMatchObject({ name: 'Small' });
    expect(await serverProject(backend, after.id)).toMatchObject({ name: 'After' });
    expect(await serverProject(backend, huge.id)).toBeNull();
    expect(await serverProject(backend, long.id)).toBeNull();
    const letters = await d.db.dead_letters.toArray();
    expect(letters.map((l) => [l.op.id, l.code]).sort()).toEqual(
      [
        [huge.id, 'PGRST413'],
        [long.id, 'PGRST102'],
      ].sort(),
    );
    expect(await d.db.outbox.count()).toBe(0);
  });
});
