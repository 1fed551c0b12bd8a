/**
 * Bounds on what a client sends to the sync RPCs, checked before any work
 * (private.sync_limits): whole-call errors 54000 (a count or size) and 54001
 * (a depth), which the server answers 413. A NUL character rejects only its
 * op (22P05). pull_changes takes only a cursor of 1–20 digits (22023), on
 * every PostgreSQL version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { asUser, createDb, createUser, tryAsUser } from './pgliteDb.ts';
import { pullPage, push } from './syncRpc.ts';

let db: PGlite;
let owner: string;
let projectId: string;

function uuid(): string {
  return crypto.randomUUID();
}

function update(changes: Record<string, unknown>, patch?: unknown[]) {
  return {
    op_id: uuid(),
    table: 'projects',
    id: projectId,
    kind: 'update',
    base_version: null,
    changes,
    ...(patch ? { details_patch: patch } : {}),
  };
}

/** push_changes with a raw JSON text (so \u0000 reaches the server as the app's JSON.stringify sends it). */
async function pushText(userId: string, text: string) {
  return tryAsUser(
    db,
    userId,
    async (tx) =>
      (
        await tx.query<{ r: { status: string; code: string | null; op_id: string | null }[] }>(
          'select push_changes($1::json) as r',
          [text],
        )
      ).rows[0]!.r,
  );
}

async function version(): Promise<number> {
  return (
    await db.query<{ version: number }>('select version from projects where id = $1', [projectId])
  ).rows[0]!.version;
}

beforeAll(async () => {
  db = await createDb();
  owner = await createUser(db, 'owner@example.com', { role: 'homeowner' });
  projectId = uuid();
  await push(db, owner, [
    {
      op_id: uuid(),
      table: 'projects',
      id: projectId,
      kind: 'insert',
      changes: { name: 'Kitchen', user_id: owner, owner_user_id: owner },
    },
  ]);
});

afterAll(async () => {
  await db.close();
});

describe('push_changes limits (whole call refused, nothing applied)', () => {
  it('a details_patch path of 6,000 keys is refused at once (54001)', async () => {
    const before = await version();
    const path = Array.from({ length: 6000 }, (_, i) => `k${i}`);
    const res = await pushText(owner, JSON.stringify([update({}, [{ path, value: 1 }])]));
    expect(res).toMatchObject({ ok: false, code: '54001' });
    expect(await version()).toBe(before);
  });

  it('a path of 33 keys is refused, 32 keys apply', async () => {
    const long = await pushText(
      owner,
      JSON.stringify([
        update({}, [{ path: Array.from({ length: 33 }, (_, i) => `k${i}`), value: 1 }]),
      ]),
    );
    expect(long).toMatchObject({ ok: false, code: '54001' });
    const [ok] = await push(db, owner, [
      update({}, [{ path: Array.from({ length: 32 }, (_, i) => `k${i}`), value: 1 }]),
    ]);
    expect(ok).toMatchObject({ status: 'applied' });
  });

  it('sync_jsonb_set_deep itself refuses a 6,000-key path (54001)', async () => {
    const path = Array.from({ length: 6000 }, (_, i) => `k${i}`);
    await expect(
      db.query(`select private.sync_jsonb_set_deep('{}'::jsonb, $1::text[], '1'::jsonb)`, [path]),
    ).rejects.toMatchObject({ code: '54001' });
  });

  it('more than 1,000 ops per call (54000)', async () => {
    const ops = Array.from({ length: 1001 }, () => update({ name: 'x' }));
    expect(await pushText(owner, JSON.stringify(ops))).toMatchObject({
      ok: false,
      code: '54000',
      message: 'sync.too_many_ops',
    });
    // counted before the op-by-op reading a NUL would need
    const withNul = [update({ name: '\u0000' }), ...ops];
    expect(await pushText(owner, JSON.stringify(withNul))).toMatchObject({
      ok: false,
      code: '54000',
      message: 'sync.too_many_ops',
    });
  });

  it('more than 1,000 patch entries in one op (54000)', async () => {
    const patch = Array.from({ length: 1001 }, (_, i) => ({ path: [`k${i}`], value: i }));
    expect(await pushText(owner, JSON.stringify([update({}, patch)]))).toMatchObject({
      ok: false,
      code: '54000',
    });
  });

  it('an op nested deeper than 64 levels (54001), whatever the field', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 80; i += 1) deep = [deep];
    expect(
      await pushText(owner, JSON.stringify([update({ details: { notes: deep } })])),
    ).toMatchObject({ ok: false, code: '54001' });
    expect(await pushText(owner, JSON.stringify([{ ...update({}), extra: deep }]))).toMatchObject({
      ok: false,
      code: '54001',
    });
  });

  it('an op larger than 1 MB (54000)', async () => {
    const res = await pushText(owner, JSON.stringify([update({ name: 'x'.repeat(1_100_000) })]));
    expect(res).toMatchObject({ ok: false, code: '54000' });
  });
});

describe('a NUL character rejects only its op', () => {
  it('the other ops of the batch apply; that op is rejected 22P05', async () => {
    const before = await version();
    const bad = update({ name: 'a\u0000b' });
    const good = {
      op_id: uuid(),
      table: 'projects',
      id: uuid(),
      kind: 'insert',
      changes: { name: 'Bath', user_id: owner, owner_user_id: owner },
    };
    const res = await pushText(owner, JSON.stringify([bad, good]));
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.value.map((r) => [r.op_id, r.status, r.code])).toEqual([
      [bad.op_id, 'rejected', '22P05'],
      [good.op_id, 'applied', null],
    ]);
    expect(await version()).toBe(before);
    const name = await asUser(
      db,
      owner,
      async (tx) =>
        (await tx.query<{ name: string }>('select name from projects where id = $1', [good.id]))
          .rows[0]!.name,
    );
    expect(name).toBe('Bath');
  });

  it('also when the fast path takes the other ops', async () => {
    const v = await version();
    const bad = {
      op_id: uuid(),
      table: 'projects',
      id: uuid(),
      kind: 'update',
      base_version: 1,
      changes: { name: '\u0000' },
    };
    const fast = {
      op_id: uuid(),
      table: 'projects',
      id: projectId,
      kind: 'update',
      base_version: v,
      changes: { name: 'Fast' },
    };
    const res = await pushText(owner, JSON.stringify([fast, bad]));
    expect(res.ok && res.value.map((r) => [r.status, r.code])).toEqual([
      ['applied', null],
      ['rejected', '22P05'],
    ]);
  });
});

describe('pull_changes cursor', () => {
  it.each(['yesterday', '12abc', '-1', ' 1', '1.5', '1'.repeat(21), '99999999999999999999'])(
    'rejects %j with 22023',
    async (cursor) => {
      await expect(pullPage(db, owner, 'projects', cursor)).rejects.toMatchObject({
        code: '22023',
      });
    },
  );

  it('takes 1–20 digits and an empty cursor (from the start)', async () => {
    for (const cursor of ['0', '1', '', '18446744073709551615']) {
      const page = await pullPage(db, owner, 'projects', cursor);
      expect(page.cursor).toMatch(/^[0-9]{1,20}$/);
    }
    expect((await pullPage(db, owner, 'projects', '')).rows.length).toBeGreaterThan(0);
  });
});
