import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { applyPreparedRows, applyServerRows, prepareServerRows } from './applyServerRows';
import { createDeadLettersRepo } from './deadLettersRepo';
import { RefacingDb } from './db';
import { createFilesRepo } from './filesRepo';
import { countProjects, queryProjects } from './projectQueries';
import { createProjectsRepo } from './projectsRepo';
import type { RepoContext } from './repoContext';
import type { ProjectDetails, ProjectRow } from './types';

const d = (x: unknown) => x as ProjectDetails;

const dbs: RefacingDb[] = [];
function makeCtx(userId = 'u1'): RepoContext & { db: RefacingDb } {
  const db = new RefacingDb(userId, { indexedDB: new IDBFactory(), IDBKeyRange });
  dbs.push(db);
  let t = Date.parse('2026-01-01T00:00:00Z');
  return { db, getDb: () => db, now: () => (t += 1000) };
}
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
});

/**
 * The server took every queued op and holds `project` at version 1: the
 * outbox is emptied and the row applied as a pulled one.
 */
async function serverConfirmed(
  ctx: RepoContext & { db: RefacingDb },
  project: ProjectRow,
): Promise<void> {
  await ctx.db.outbox.clear();
  await applyServerRows(ctx.db, 'projects', [{ ...project, version: 1, txid: '1' }], '');
}

describe('projectsRepo', () => {
  it('writes the row and one insert op; autosave updates coalesce into it', async () => {
    const ctx = makeCtx();
    const repo = createProjectsRepo(ctx);
    const p = await repo.create({
      name: 'Smith kitchen',
      status: 'draft',
      details: { address: '12 Oak St' },
      role: 'contractor',
    });
    expect(p.assigned_contractor_id).toBe('u1');
    expect(p.owner_user_id).toBeNull();
    for (let i = 0; i < 5; i++)
      await repo.update(p.id, { details: { address: '12 Oak St', notes: `n${i}` } });
    const ops = await ctx.db.outbox.toArray();
    expect(ops).toHaveLength(1);
    expect(ops[0]?.kind).toBe('insert');
    expect(ops[0]?.changes.details).toEqual({ address: '12 Oak St', notes: 'n4' });
  });

  it('coalesces updates of a confirmed row into one update with merged paths', async () => {
    const ctx = makeCtx();
    const repo = createProjectsRepo(ctx);
    const p = await repo.create({ name: 'A', status: 'draft', details: {}, role: 'homeowner' });
    await ctx.db.outbox.clear();
    await applyServerRows(
      ctx.db,
      'projects',
      [
        {
          ...p,
          version: 1,
          txid: '10',
          details: { cabinetData: { itemState: { '3_0': { width: '10' } } } },
        },
      ],
      '',
    );
    await repo.update(p.id, {
      details: d({ cabinetData: { itemState: { '3_0': { width: '14.5' } } } }),
    });
    await repo.update(p.id, {
      name: 'B',
      details: d({ cabinetData: { itemState: { '3_0': { width: '14.5', height: '30' } } } }),
    });
    await repo.update(p.id, { details: d({ cabinetData: { itemState: {} } }) });
    const ops = await ctx.db.outbox.toArray();
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ kind: 'update', base_version: 1, changes: { name: 'B' } });
    expect(ops[0]?.details_patch).toEqual([
      { path: ['cabinetData', 'itemState', '3_0'], remove: true },
    ]);
  });

  it('a pulled row keeps pending local edits on top; older versions are ignored', async () => {
    const ctx = makeCtx();
    const repo = createProjectsRepo(ctx);
    const p = await repo.create({
      name: 'A',
      status: 'draft',
      details: { phone: '555' },
      role: 'homeowner',
    });
    await serverConfirmed(ctx, p);
    await repo.update(p.id, { name: 'Mine' });
    await applyServerRows(
      ctx.db,
      'projects',
      [{ ...p, version: 2, txid: '2', status: 'active', details: { phone: '777' } }],
      '',
    );
    let row = await ctx.db.projects.get(p.id);
    expect(row).toMatchObject({
      name: 'Mine',
      status: 'active',
      version: 2,
      details: { phone: '777' },
    });
    await applyServerRows(ctx.db, 'projects', [{ ...p, version: 1, txid: '1', name: 'old' }], '');
    row = await ctx.db.projects.get(p.id);
    expect(row?.name).toBe('Mine');
  });

  it('writes prepared batches in one go, in order: a later copy of a row wins, pending edits stay on top', async () => {
    const ctx = makeCtx();
    const repo = createProjectsRepo(ctx);
    const mine = await repo.create({
      name: 'Mine',
      status: 'draft',
      details: {},
      role: 'contractor',
    });
    await serverConfirmed(ctx, mine);
    await repo.update(mine.id, { name: 'Mine, renamed here' });
    const row = (id: string, version: number, name: string) => ({
      id,
      name,
      status: 'active',
      details: { address: `${name} St` },
      version,
      txid: String(version),
      deleted_at: null,
      assigned_contractor_id: 'u1',
    });
    const first = prepareServerRows('projects', [row('a', 1, 'Oak'), row(mine.id, 2, 'Server')]);
    const second = prepareServerRows('projects', [row('b', 1, 'Elm'), row('a', 2, 'Oak two')]);

    expect(await applyPreparedRows(ctx.db, [first, second], '')).toBe(4);
    expect(await ctx.db.projects.get('a')).toMatchObject({ name: 'Oak two', version: 2 });
    expect(await ctx.db.projects.get('b')).toMatchObject({ name: 'Elm', _words: ['elm', 'st'] });
    expect(await ctx.db.projects.get(mine.id)).toMatchObject({
      name: 'Mine, renamed here',
      version: 2,
    });
    expect(await applyPreparedRows(ctx.db, [], '')).toBe(0);
  });

  it('delete of a never-pushed project drops it; of a pushed one leaves a tombstone and one delete op', async () => {
    const ctx = makeCtx();
    const repo = createProjectsRepo(ctx);
    const a = await repo.create({ name: 'A', status: 'draft', details: {}, role: 'homeowner' });
    await repo.remove(a.id);
    expect(await ctx.db.projects.count()).toBe(0);
    expect(await ctx.db.outbox.count()).toBe(0);
    const b = await repo.create({ name: 'B', status: 'draft', details: {}, role: 'homeowner' });
    await serverConfirmed(ctx, b);
    await repo.update(b.id, { name: 'B2' });
    await repo.remove(b.id);
    const ops = await ctx.db.outbox.toArray();
    expect(ops.map((o) => o.kind)).toEqual(['delete']);
    expect(await queryProjects(ctx.db, { role: 'homeowner' })).toEqual([]);
  });

  it('filters, counts and searches on indexes', async () => {
    const ctx = makeCtx();
    const repo = createProjectsRepo(ctx);
    await repo.create({
      name: 'Smith kitchen',
      status: 'draft',
      details: { email: 'jo@smith.com', phone: '(555) 123-4567', address: '12 Oak Street' },
      role: 'contractor',
    });
    await repo.create({
      name: 'Jones bath',
      status: 'active',
      details: { address: '9 Elm Road' },
      role: 'contractor',
    });
    const c = await repo.create({
      name: 'Gone',
      status: 'active',
      details: {},
      role: 'contractor',
    });
    await serverConfirmed(ctx, c);
    await repo.remove(c.id);
    expect(await countProjects(ctx.db, 'contractor')).toEqual({
      all: 2,
      draft: 1,
      active: 1,
      completed: 0,
      archived: 0,
    });
    expect((await queryProjects(ctx.db, { role: 'contractor' })).map((p) => p.name)).toEqual([
      'Jones bath',
      'Smith kitchen',
    ]);
    expect(
      (await queryProjects(ctx.db, { role: 'contractor', search: 'oak' })).map((p) => p.name),
    ).toEqual(['Smith kitchen']);
    expect(
      (await queryProjects(ctx.db, { role: 'contractor', search: '555-123' })).map((p) => p.name),
    ).toEqual(['Smith kitchen']);
    expect(
      (await queryProjects(ctx.db, { role: 'contractor', search: 'smith.com' })).map((p) => p.name),
    ).toEqual(['Smith kitchen']);
    expect(
      (await queryProjects(ctx.db, { role: 'contractor', status: 'active' })).map((p) => p.name),
    ).toEqual(['Jones bath']);
    expect(await queryProjects(ctx.db, { role: 'homeowner' })).toEqual([]);
  });
});

describe('filesRepo and dead letters', () => {
  it('attach keeps the blob and queues an upload-then-insert; removing before upload drops everything', async () => {
    const ctx = makeCtx();
    const files = createFilesRepo(ctx, () => null);
    const row = await files.attach('p1', new Blob(['hello'], { type: 'image/png' }), 'photo.PNG');
    expect(row.file_path).toMatch(/^projects\/p1\/\d+\.png$/);
    expect(row.file_size).toBe(5);
    const [op] = await ctx.db.outbox.toArray();
    expect(op?.upload).toEqual({ fileId: row.id, path: row.file_path, uploaded: false });
    expect(await (await files.openBlob(row.id)).text()).toBe('hello');
    await files.remove(row.id);
    expect(await ctx.db.outbox.count()).toBe(0);
    expect(await ctx.db.file_blobs.count()).toBe(0);
  });

  it('attachOnce gives back the project file with the same bytes; other bytes or another project get a new one', async () => {
    const ctx = makeCtx();
    const files = createFilesRepo(ctx, () => null);
    const photo = () => new Blob([new Uint8Array([1, 2, 3, 4, 5])], { type: 'image/jpeg' });
    const first = await files.attach('p1', photo(), 'kitchen.jpg');
    const again = await files.attachOnce('p1', photo(), 'IMG_0001.jpg');
    expect(again).toEqual({ row: first, reused: true });
    const other = await files.attachOnce(
      'p1',
      new Blob([new Uint8Array([1, 2, 3, 4, 6])], { type: 'image/jpeg' }),
      'kitchen.jpg',
    );
    expect(other.reused).toBe(false);
    const elsewhere = await files.attachOnce('p2', photo(), 'kitchen.jpg');
    expect(elsewhere.reused).toBe(false);
    const inserts = (await ctx.db.outbox.toArray()).filter((o) => o.kind === 'insert');
    expect(inserts).toHaveLength(3);
    await files.remove(first.id);
    expect((await files.attachOnce('p1', photo(), 'kitchen.jpg')).reused).toBe(false);
  });

  it('discarding a rejected insert removes the local row; retry re-queues with a new op_id', async () => {
    const ctx = makeCtx();
    const repo = createProjectsRepo(ctx);
    const letters = createDeadLettersRepo(ctx);
    const p = await repo.create({ name: 'A', status: 'draft', details: {}, role: 'homeowner' });
    const [op] = await ctx.db.outbox.toArray();
    await ctx.db.outbox.clear();
    const id = await ctx.db.dead_letters.add({
      op: op!,
      code: '42501',
      message: 'rls',
      at: '',
      label: 'A',
    });
    await letters.retry(id);
    const [again] = await ctx.db.outbox.toArray();
    expect(again?.op_id).not.toBe(op?.op_id);
    await ctx.db.outbox.clear();
    const id2 = await ctx.db.dead_letters.add({
      op: again!,
      code: '42501',
      message: 'rls',
      at: '',
      label: 'A',
    });
    await letters.discard(id2);
    expect(await ctx.db.projects.get(p.id)).toBeUndefined();
  });
});
