/**
 * push_changes on PGlite (docs/sync-protocol.md): op_id idempotency, inserts
 * and retries, details patches by path, merges with logged conflicts, a
 * rejection that does not abort the batch, and delete vs edit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { asUser, createDb, createUser, storeObjects } from './pgliteDb.ts';
import { push } from './syncRpc.ts';

let db: PGlite;
let contractor: string;
let other: string;

const cabinetData = {
  form: { door: 'Shaker', overlaySelect: 'fol' },
  itemState: {
    '1_0': { width: '12.5', height: '20.25', type: 'Door' },
    '1_1': { width: '12.5', height: '5', type: 'Front' },
  },
};

function uuid(): string {
  return crypto.randomUUID();
}

/** An update op of project `id` from `baseVersion`, with a fresh op_id. */
function updateOp(id: string, baseVersion: number, changes: Record<string, unknown>) {
  return {
    op_id: uuid(),
    table: 'projects',
    id,
    kind: 'update',
    base_version: baseVersion,
    changes,
  };
}

function insertOp(id: string, userId: string, extra: Record<string, unknown> = {}) {
  return {
    op_id: uuid(),
    table: 'projects',
    id,
    kind: 'insert',
    base_version: null,
    changes: {
      name: 'Client',
      status: 'draft',
      user_id: userId,
      assigned_contractor_id: userId,
      details: { description: 'd', cabinetData },
      ...extra,
    },
  };
}

beforeAll(async () => {
  db = await createDb();
  contractor = await createUser(db, 'c@example.com', { role: 'contractor' });
  other = await createUser(db, 'c2@example.com', { role: 'contractor' });
});

afterAll(async () => {
  await db.close();
});

describe('push_changes', () => {
  it('inserts, returns the new row with txid as text and server columns', async () => {
    const id = uuid();
    const [r] = await push(db, contractor, [insertOp(id, contractor)]);
    expect(r).toMatchObject({ status: 'applied', code: null, message: null, conflicts: [] });
    expect(r!.row).toMatchObject({
      id,
      version: 1,
      name: 'Client',
      description: 'd',
      deleted_at: null,
    });
    expect(typeof r!.row!.txid).toBe('string');
  });

  it('a recorded op_id is not applied twice: the retry answers duplicate', async () => {
    const id = uuid();
    const [ins] = await push(db, contractor, [insertOp(id, contractor)]);
    const op = updateOp(id, 1, { name: 'Once' });
    const [first] = await push(db, contractor, [op]);
    const [again] = await push(db, contractor, [op]);
    expect(ins!.status).toBe('applied');
    expect(first).toMatchObject({ status: 'applied', row: { version: 2, name: 'Once' } });
    expect(again).toMatchObject({
      status: 'duplicate',
      op_id: op.op_id,
      row: { version: 2, name: 'Once' },
    });
    const v = (
      await db.query<{ version: number }>('select version from projects where id = $1', [id])
    ).rows[0]!;
    expect(v.version).toBe(2);
  });

  it('insert of an existing id (a retry under a new op_id) updates instead of failing', async () => {
    const id = uuid();
    await push(db, contractor, [insertOp(id, contractor)]);
    const [r] = await push(db, contractor, [insertOp(id, contractor, { name: 'Renamed' })]);
    expect(r).toMatchObject({ status: 'applied', row: { version: 2, name: 'Renamed' } });
  });

  it('details_patch sets leaves, creates missing parents and removes keys', async () => {
    const id = uuid();
    await push(db, contractor, [insertOp(id, contractor)]);
    const [r] = await push(db, contractor, [
      {
        op_id: uuid(),
        table: 'projects',
        id,
        kind: 'update',
        base_version: 1,
        changes: {},
        details_patch: [
          { path: ['cabinetData', 'itemState', '1_0', 'width'], value: '14.5' },
          { path: ['cabinetData', 'itemState', '4_0', 'width'], value: '9' },
          { path: ['cabinetData', 'itemState', '1_1'], remove: true },
          { path: ['budget'], value: '25k-50k' },
        ],
      },
    ]);
    expect(r!.status).toBe('applied');
    const details = r!.row!.details as {
      budget: string;
      cabinetData: typeof cabinetData & { itemState: Record<string, unknown> };
    };
    expect(details.budget).toBe('25k-50k');
    expect(details.cabinetData.form).toEqual(cabinetData.form);
    expect(details.cabinetData.itemState).toEqual({
      '1_0': { width: '14.5', height: '20.25', type: 'Door' },
      '4_0': { width: '9' },
    });
  });

  it('a changed base merges: disjoint paths both survive, the overlap is reported and stored', async () => {
    const id = uuid();
    await push(db, contractor, [insertOp(id, contractor)]);
    // device A edits width of 1_0 and the name (base 1 → 2)
    await push(db, contractor, [
      {
        op_id: uuid(),
        table: 'projects',
        id,
        kind: 'update',
        base_version: 1,
        changes: { name: 'A' },
        details_patch: [{ path: ['cabinetData', 'itemState', '1_0', 'width'], value: '13' }],
      },
    ]);
    // device B, still on base 1, edits height of 1_0 (disjoint) and width of 1_0 (overlap)
    const opB = {
      op_id: uuid(),
      table: 'projects',
      id,
      kind: 'update',
      base_version: 1,
      changes: {},
      details_patch: [
        { path: ['cabinetData', 'itemState', '1_0', 'height'], value: '21' },
        { path: ['cabinetData', 'itemState', '1_0', 'width'], value: '15' },
      ],
    };
    const [r] = await push(db, contractor, [opB]);
    expect(r!.status).toBe('merged');
    expect(r!.conflicts).toEqual([
      {
        path: ['details', 'cabinetData', 'itemState', '1_0', 'width'],
        server_value: '13',
        client_value: '15',
      },
    ]);
    expect(r!.row).toMatchObject({ name: 'A', version: 3 });
    expect(
      (r!.row!.details as { cabinetData: typeof cabinetData }).cabinetData.itemState['1_0'],
    ).toEqual({ width: '15', height: '21', type: 'Door' });
    const stored = (
      await db.query<{
        path: string[];
        server_value: unknown;
        client_value: unknown;
        op_id: string;
      }>('select path, server_value, client_value, op_id from sync_conflicts where row_id = $1', [
        id,
      ])
    ).rows;
    expect(stored).toEqual([
      {
        path: ['details', 'cabinetData', 'itemState', '1_0', 'width'],
        server_value: '13',
        client_value: '15',
        op_id: opB.op_id,
      },
    ]);
  });

  it('a parent replaced on the server overlaps a child edited on the client', async () => {
    const id = uuid();
    await push(db, contractor, [insertOp(id, contractor)]);
    await push(db, contractor, [
      {
        op_id: uuid(),
        table: 'projects',
        id,
        kind: 'update',
        base_version: 1,
        changes: {},
        details_patch: [{ path: ['cabinetData', 'itemState', '1_0'], remove: true }],
      },
    ]);
    const [r] = await push(db, contractor, [
      {
        op_id: uuid(),
        table: 'projects',
        id,
        kind: 'update',
        base_version: 1,
        changes: { status: 'active' },
        details_patch: [{ path: ['cabinetData', 'itemState', '1_0', 'width'], value: '16' }],
      },
    ]);
    expect(r!.status).toBe('merged');
    expect(r!.conflicts).toEqual([
      {
        path: ['details', 'cabinetData', 'itemState', '1_0', 'width'],
        server_value: null,
        client_value: '16',
      },
    ]);
  });

  it('a rejected op rolls back alone: the rest of the batch applies, codes are SQLSTATEs', async () => {
    const good1 = uuid();
    const good2 = uuid();
    const foreign = uuid();
    await push(db, other, [insertOp(foreign, other)]);
    const results = await push(db, contractor, [
      insertOp(good1, contractor),
      {
        ...insertOp(uuid(), contractor),
        changes: { ...insertOp(uuid(), contractor).changes, status: 'on hold' },
      },
      updateOp(foreign, 1, { name: 'hijack' }),
      insertOp(uuid(), other),
      {
        op_id: uuid(),
        table: 'project_files',
        id: uuid(),
        kind: 'insert',
        base_version: null,
        changes: { project_id: uuid(), file_name: 'a', file_path: 'p', user_id: contractor },
      },
      { op_id: uuid(), table: 'nope', id: uuid(), kind: 'insert', base_version: null, changes: {} },
      updateOp(good1, 1, { role: 'x' }),
      insertOp(good2, contractor),
    ]);
    expect(results.map((r) => [r.status, r.code])).toEqual([
      ['applied', null],
      ['rejected', '23514'],
      ['rejected', 'P0002'],
      ['rejected', '42501'],
      ['rejected', '42501'],
      ['rejected', '22023'],
      ['rejected', '22023'],
      ['applied', null],
    ]);
    expect(
      results.every(
        (r) => r.status !== 'rejected' || (r.row === null && typeof r.message === 'string'),
      ),
    ).toBe(true);
    const names = (
      await db.query<{ name: string }>('select name from projects where id = $1', [foreign])
    ).rows[0]!;
    expect(names.name).toBe('Client');
  });

  it('malformed ops beside good ones (a number, a string, null, an array, table or kind not text): each rejected alone', async () => {
    const fresh = uuid();
    const edited = uuid();
    const foreign = uuid();
    await push(db, contractor, [insertOp(edited, contractor)]);
    await push(db, other, [insertOp(foreign, other)]);
    const results = await push(db, contractor, [
      7,
      'projects:insert',
      null,
      [insertOp(uuid(), contractor)],
      { ...insertOp(uuid(), contractor), table: { projects: true } },
      { ...insertOp(uuid(), contractor), kind: ['insert'] },
      insertOp(fresh, contractor),
      updateOp(edited, 1, { name: 'Edited' }),
      updateOp(foreign, 1, { name: 'hijack' }),
    ]);
    expect(results.map((r) => [r.status, r.code])).toEqual([
      ['rejected', '22023'],
      ['rejected', '22023'],
      ['rejected', '22023'],
      ['rejected', '22023'],
      ['rejected', '22023'],
      ['rejected', '22023'],
      ['applied', null],
      ['applied', null],
      ['rejected', 'P0002'],
    ]);
    const rows = await db.query<{ id: string; name: string }>(
      'select id, name from projects where id = any($1::uuid[])',
      [[fresh, edited, foreign]],
    );
    expect(Object.fromEntries(rows.rows.map((r) => [r.id, r.name]))).toEqual({
      [fresh]: 'Client',
      [edited]: 'Edited',
      [foreign]: 'Client',
    });
  });

  it('a rejected op is not recorded: retrying the same op_id tries again', async () => {
    const projectId = uuid();
    const fileOp = {
      op_id: uuid(),
      table: 'project_files',
      id: uuid(),
      kind: 'insert',
      base_version: null,
      changes: {
        project_id: projectId,
        file_name: 'a.jpg',
        file_path: `projects/${projectId}/1.jpg`,
        file_size: 10,
        file_type: 'image/jpeg',
        user_id: contractor,
      },
    };
    const [first] = await push(db, contractor, [fileOp]);
    expect(first!.status).toBe('rejected');
    await push(db, contractor, [insertOp(projectId, contractor)]);
    await storeObjects(db, [`projects/${projectId}/1.jpg`]);
    const [second] = await push(db, contractor, [fileOp]);
    expect(second).toMatchObject({
      status: 'applied',
      row: { project_id: projectId, file_size: 10 },
    });
  });

  it('delete vs edit: the delete wins, a later edit is rejected P0002 "deleted on another device", deleting again is a no-op', async () => {
    const id = uuid();
    await push(db, contractor, [insertOp(id, contractor)]);
    const [del] = await push(db, contractor, [
      { op_id: uuid(), table: 'projects', id, kind: 'delete', base_version: 1, changes: {} },
    ]);
    expect(del!.status).toBe('applied');
    expect(del!.row!.deleted_at).not.toBeNull();
    const [edit] = await push(db, contractor, [updateOp(id, 1, { name: 'late edit' })]);
    expect(edit).toMatchObject({
      status: 'rejected',
      code: 'P0002',
      message: 'sync.deleted_elsewhere',
      row: null,
    });
    const [del2] = await push(db, contractor, [
      { op_id: uuid(), table: 'projects', id, kind: 'delete', base_version: 1, changes: {} },
    ]);
    expect(del2).toMatchObject({ status: 'applied', row: { version: 2 } });
  });

  it('edit then delete from another device: the delete applies on top of the edit', async () => {
    const id = uuid();
    await push(db, contractor, [insertOp(id, contractor)]);
    await push(db, contractor, [updateOp(id, 1, { name: 'edited' })]);
    const [del] = await push(db, contractor, [
      { op_id: uuid(), table: 'projects', id, kind: 'delete', base_version: 1, changes: {} },
    ]);
    expect(del).toMatchObject({ status: 'applied', row: { name: 'edited', version: 3 } });
    expect(del!.row!.deleted_at).not.toBeNull();
  });

  it('profiles: own name/phone update applies; role is not a writable column', async () => {
    const [ok, bad] = await push(db, contractor, [
      {
        op_id: uuid(),
        table: 'profiles',
        id: contractor,
        kind: 'update',
        base_version: 1,
        changes: { first_name: 'Cal', phone: '5550001111' },
      },
      {
        op_id: uuid(),
        table: 'profiles',
        id: contractor,
        kind: 'update',
        base_version: 2,
        changes: { role: 'org_admin' },
      },
    ]);
    expect(ok).toMatchObject({
      status: 'applied',
      row: { first_name: 'Cal', phone: '5550001111', role: 'contractor' },
    });
    expect(bad).toMatchObject({ status: 'rejected', code: '22023' });
  });

  it('a batch of 1,000 ops applies in one call (each its own subtransaction)', async () => {
    const ids = Array.from({ length: 1000 }, () => uuid());
    const inserted = await push(
      db,
      contractor,
      ids.map((id) => insertOp(id, contractor)),
    );
    expect(inserted.filter((r) => r.status === 'applied')).toHaveLength(1000);
    const updated = await push(
      db,
      contractor,
      ids.map((id) => ({
        op_id: uuid(),
        table: 'projects',
        id,
        kind: 'update',
        base_version: 1,
        changes: { status: 'active' },
        details_patch: [{ path: ['cabinetData', 'itemState', '1_0', 'width'], value: '10' }],
      })),
    );
    expect(updated.map((r) => r.status)).toEqual(Array(1000).fill('applied'));
  });

  it('accepts changes.id equal to the op id, rejects a different one (22023)', async () => {
    const id = uuid();
    const [same, other] = await push(db, contractor, [
      { ...insertOp(id, contractor), changes: { ...insertOp(id, contractor).changes, id } },
      {
        ...insertOp(uuid(), contractor),
        changes: { ...insertOp(uuid(), contractor).changes, id: uuid() },
      },
    ]);
    expect(same).toMatchObject({ status: 'applied', row: { id } });
    expect(other).toMatchObject({ status: 'rejected', code: '22023' });
  });

  it('rejects a call that is not an array (22023) and refuses anon', async () => {
    await expect(
      push(db, contractor, { not: 'array' } as unknown as unknown[]),
    ).rejects.toMatchObject({ code: '22023' });
  });
});

describe('sync_prune', () => {
  it('removes old bookkeeping; a merge across pruned versions reports every client path', async () => {
    const id = uuid();
    await push(db, contractor, [insertOp(id, contractor)]);
    await push(db, contractor, [updateOp(id, 1, { name: 'Server' })]);
    await db.query(
      `update sync_change_log set changed_at = now() - interval '200 days' where row_id = $1`,
      [id],
    );
    const pruned = (
      await db.query<{ r: Record<string, number> }>(
        `select private.sync_prune(interval '90 days') as r`,
      )
    ).rows[0]!.r;
    expect(pruned.sync_change_log).toBeGreaterThanOrEqual(1);
    const [r] = await push(db, contractor, [
      {
        op_id: uuid(),
        table: 'projects',
        id,
        kind: 'update',
        base_version: 1,
        changes: { status: 'active' },
        details_patch: [{ path: ['budget'], value: '10k-25k' }],
      },
    ]);
    expect(r!.status).toBe('merged');
    expect(r!.conflicts.map((c) => c.path.join('.')).sort()).toEqual(['details.budget', 'status']);
  });

  it('is not callable through the API', async () => {
    await expect(
      asUser(db, contractor, (tx) => tx.query(`select private.sync_prune()`)),
    ).rejects.toMatchObject({ code: '42501' });
  });
});
