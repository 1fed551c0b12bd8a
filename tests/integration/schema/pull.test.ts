/**
 * pull_changes on PGlite (docs/sync-protocol.md): RLS applies, tombstones
 * included, order (txid, id), paging inside one run, the snapshot-xmin
 * cursor that never skips a transaction committing late.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { asUser, createDb, createUser } from './pgliteDb.ts';
import { pullAll, pullPage, push } from './syncRpc.ts';

let db: PGlite;
let owner: string;
let stranger: string;

function insertOp(id: string, userId: string) {
  return {
    op_id: crypto.randomUUID(),
    table: 'projects',
    id,
    kind: 'insert',
    base_version: null,
    changes: { name: 'P', status: 'active', user_id: userId, owner_user_id: userId, details: {} },
  };
}

beforeAll(async () => {
  db = await createDb();
  owner = await createUser(db, 'o@example.com', { role: 'homeowner' });
  stranger = await createUser(db, 's@example.com', { role: 'homeowner' });
});

afterAll(async () => {
  await db.close();
});

function compareTxidId(a: { txid: string; id: string }, b: { txid: string; id: string }): number {
  const ta = BigInt(a.txid);
  const tb = BigInt(b.txid);
  if (ta !== tb) return ta < tb ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

describe('pull_changes', () => {
  it('pulls 10,000 rows in pages of 1,000, in (txid, id) order, each row once, RLS applied', async () => {
    // 10,000 rows in 10 transactions (1,000 share each txid, so paging must go by (txid, id))
    for (let i = 0; i < 10; i++) {
      await asUser(db, owner, (tx) =>
        tx.query(
          `insert into projects (name, status, user_id, owner_user_id) select 'Bulk ' || g, 'active', $1, $1 from generate_series(1, 1000) g`,
          [owner],
        ),
      );
    }
    await push(db, stranger, [insertOp(crypto.randomUUID(), stranger)]);

    const { rows, next, calls } = await pullAll(db, owner, 'projects', '0', 1000);
    expect(calls).toBe(11); // 10 full pages, then an empty one says there is no more
    expect(rows).toHaveLength(10_000);
    expect(new Set(rows.map((r) => r.id)).size).toBe(10_000);
    expect([...rows].sort(compareTxidId)).toEqual(rows);
    expect(rows.every((r) => r.owner_user_id === owner)).toBe(true);

    // nothing changed since: pulling from the stored cursor brings nothing new
    const again = await pullAll(db, owner, 'projects', next, 1000);
    expect(again.rows).toHaveLength(0);
    // Writing and reading 10,000 rows shares two cores with another test file (vitest.config.ts).
  }, 90_000);

  it('an update and a delete come back as changed rows; the tombstone is included', async () => {
    const a = crypto.randomUUID();
    const b = crypto.randomUUID();
    await push(db, owner, [insertOp(a, owner), insertOp(b, owner)]);
    const { next } = await pullAll(db, owner, 'projects', '0');
    await push(db, owner, [
      {
        op_id: crypto.randomUUID(),
        table: 'projects',
        id: a,
        kind: 'update',
        base_version: 1,
        changes: { name: 'Changed' },
      },
      {
        op_id: crypto.randomUUID(),
        table: 'projects',
        id: b,
        kind: 'delete',
        base_version: 1,
        changes: {},
      },
    ]);
    const changed = await pullAll(db, owner, 'projects', next);
    expect(changed.rows.map((r) => [r.id, r.version, r.deleted_at === null])).toEqual(
      expect.arrayContaining([
        [a, 2, true],
        [b, 2, false],
      ]),
    );
    expect(changed.rows).toHaveLength(2);
  });

  it('the cursor is the snapshot xmin: a transaction still open when the cursor was taken is pulled after it commits', async () => {
    // PGlite has one connection, so the late transaction is the one that asks for the
    // cursor: while it is open (it has written, so it holds an xid), the cursor handed
    // out cannot pass its xid. A cursor taken from max(txid) or a clock would.
    const late = crypto.randomUUID();
    const { cursorDuringLate, lateTxid } = await asUser(db, owner, async (tx) => {
      await tx.query(
        `insert into projects (id, name, status, user_id, owner_user_id) values ($1, 'late', 'active', $2, $2)`,
        [late, owner],
      );
      const x = (await tx.query<{ x: string }>(`select pg_current_xact_id()::text as x`)).rows[0]!
        .x;
      const page = (
        await tx.query<{ r: { cursor: string } }>(
          `select pull_changes('projects', '0', null, 1) as r`,
        )
      ).rows[0]!.r;
      return { cursorDuringLate: page.cursor, lateTxid: x };
    });
    // written later, committed earlier in xid terms: another row after the late one
    await push(db, owner, [insertOp(crypto.randomUUID(), owner)]);
    expect(BigInt(cursorDuringLate)).toBeLessThanOrEqual(BigInt(lateTxid));
    const after = await pullAll(db, owner, 'projects', cursorDuringLate);
    expect(after.rows.map((r) => r.id)).toContain(late);
  });

  it('the cursor of a call never passes a transaction that is in progress', async () => {
    const page = await pullPage(db, owner, 'projects', '0', null, 1);
    const now = (
      await db.query<{ x: string }>(`select pg_snapshot_xmin(pg_current_snapshot())::text as x`)
    ).rows[0]!.x;
    expect(BigInt(page.cursor)).toBeLessThanOrEqual(BigInt(now));
  });

  it('a stranger pulls none of the owner rows; anon may not call it', async () => {
    const { rows } = await pullAll(db, stranger, 'projects', '0');
    expect(rows.every((r) => r.owner_user_id === stranger)).toBe(true);
    await expect(
      asUser(db, null, (tx) => tx.query(`select pull_changes('projects')`)),
    ).rejects.toMatchObject({ code: '42501' });
  });

  it('pulls profiles (own row) and project_files; rejects an unknown table and a bad cursor (22023)', async () => {
    const profiles = await pullAll(db, owner, 'profiles', '0');
    expect(profiles.rows.map((r) => r.id)).toEqual([owner]);
    const files = await pullAll(db, owner, 'project_files', '0');
    expect(files.rows).toEqual([]);
    await expect(pullPage(db, owner, 'auth.users', '0')).rejects.toMatchObject({ code: '22023' });
    await expect(pullPage(db, owner, 'projects', 'yesterday')).rejects.toMatchObject({
      code: '22023',
    });
  });

  it('a pulled row is the table row value for value (the page is built as json: the same values as jsonb)', async () => {
    const id = crypto.randomUUID();
    const details = {
      description: 'Line one\nline "two" \\ tab\t and 2\u2028028',
      email: 'ünïcode@example.com',
      cabinetData: {
        cabinets: { '1': { type: 'Wall', order: 'a0' } },
        itemState: { '1_0': { width: '12 1/2' } },
      },
      nested: { empty: {}, list: [], n: 1.5, big: 12345678901234, yes: true, none: null },
    };
    await push(db, owner, [
      { ...insertOp(id, owner), changes: { ...insertOp(id, owner).changes, details } },
    ]);
    const { rows } = await asUser(db, owner, (tx) =>
      tx.query<{ r: Record<string, unknown> }>(
        `select to_jsonb(p) - 'txid' || jsonb_build_object('txid', p.txid::text) as r from projects p where id = $1`,
        [id],
      ),
    );
    // From the row's own txid: earlier tests left 10,000 rows before it.
    const page = await pullPage(db, owner, 'projects', String(rows[0]?.r.txid));
    const pulled = page.rows.find((r) => r.id === id);
    expect(pulled).toEqual(rows[0]?.r);
    expect(pulled?.details).toEqual(details);
    expect(typeof pulled?.txid).toBe('string');
    expect(typeof page.has_more).toBe('boolean');
    expect(page.cursor).toMatch(/^\d+$/);
  });
});
