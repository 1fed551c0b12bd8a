import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { RefacingDb, dbNameFor } from './db';
import { countProjects, queryProjects } from './projectQueries';
import { createProjectsRepo } from './projectsRepo';
import type { ProjectStatus } from './types';

const opened: Dexie[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function makeDb(factory = new IDBFactory()): RefacingDb {
  const db = new RefacingDb('u1', { indexedDB: factory, IDBKeyRange });
  opened.push(db);
  return db;
}

describe('dashboard pages (limit)', () => {
  it('returns the newest `limit` projects of a status or of all, from the indexes', async () => {
    const db = makeDb();
    let t = Date.parse('2026-01-01T00:00:00Z');
    const repo = createProjectsRepo({ getDb: () => db, now: () => (t += 1000) });
    const statuses: ProjectStatus[] = ['draft', 'active', 'completed'];
    for (let i = 0; i < 30; i++) {
      await repo.create({ name: `Job ${i}`, status: statuses[i % 3]!, details: {}, role: 'contractor' });
    }
    const all = await queryProjects(db, { role: 'contractor', limit: 5 });
    expect(all.map((p) => p.name)).toEqual(['Job 29', 'Job 28', 'Job 27', 'Job 26', 'Job 25']);
    const active = await queryProjects(db, { role: 'contractor', status: 'active', limit: 3 });
    expect(active.map((p) => p.name)).toEqual(['Job 28', 'Job 25', 'Job 22']);
    const searched = await queryProjects(db, { role: 'contractor', search: 'job', limit: 2 });
    expect(searched.map((p) => p.name)).toEqual(['Job 29', 'Job 28']);
    expect(await queryProjects(db, { role: 'contractor' })).toHaveLength(30);
    expect(await queryProjects(db, { role: 'homeowner', limit: 5 })).toEqual([]);
    expect(await countProjects(db, 'contractor')).toEqual({ all: 30, draft: 10, active: 10, completed: 10, archived: 0 });
    // Tombstones stay out of the pages.
    await repo.remove(all[0]!.id);
    expect((await queryProjects(db, { role: 'contractor', limit: 1 }))[0]?.name).toBe('Job 28');
    expect((await queryProjects(db, { role: 'org_admin', limit: 1 }))[0]?.name).toBe('Job 28');
  });
});

describe('schema upgrade', () => {
  it('a version-1 database opens as version 3 with its rows and outbox intact, search words rebuilt', async () => {
    const factory = new IDBFactory();
    const v1 = new Dexie(dbNameFor('u1'), { indexedDB: factory, IDBKeyRange });
    v1.version(1).stores({
      projects: 'id, created_at, _st, [_own+status], [_asg+status], [_own+created_at], [_asg+created_at], *_words',
      profiles: 'id',
      project_files: 'id, project_id, [project_id+created_at]',
      file_blobs: 'fileId',
      outbox: '++seq, [table+id], op_id',
      sync_state: 'key',
      conflicts: '++id, seen, rowId',
      dead_letters: '++id, op.id',
    });
    await v1.table('projects').put({
      id: 'p1', name: 'Kept', status: 'active', details: {}, user_id: 'u1', owner_user_id: null,
      assigned_contractor_id: 'u1', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
      version: 1, deleted_at: null, txid: '5', _words: ['kept'], _asg: 'u1', _st: 'active',
    });
    await v1.table('projects').put({
      id: 'p2', name: 'Phone job', status: 'draft', details: { phone: '(555) 123-4567' }, user_id: 'u1', owner_user_id: null,
      assigned_contractor_id: 'u1', created_at: '2026-01-02T00:00:00Z', updated_at: '2026-01-02T00:00:00Z',
      version: 1, deleted_at: null, txid: '6', _words: ['phone', 'job', '5551234567', '555', '123-4567'], _asg: 'u1', _st: 'draft',
    });
    await v1.table('outbox').add({ op_id: 'o1', table: 'projects', id: 'p1', kind: 'update', base_version: 1, changes: { name: 'Kept' } });
    v1.close();

    const db = makeDb(factory);
    await db.open();
    expect(db.verno).toBe(4);
    expect(await db.project_members.count()).toBe(0);
    expect((await queryProjects(db, { role: 'contractor', status: 'active', limit: 10 })).map((p) => p.id)).toEqual(['p1']);
    expect(await countProjects(db, 'contractor')).toEqual({ all: 2, draft: 1, active: 1, completed: 0, archived: 0 });
    expect(await db.outbox.count()).toBe(1);
    // Words rebuilt by the upgrade: the local number without its area code now finds the job.
    expect((await queryProjects(db, { role: 'contractor', search: '123-4567' })).map((p) => p.id)).toEqual(['p2']);
    expect((await db.projects.get('p2'))?._words).toEqual(['1234567', '4567', '5551234567', 'job', 'phone']);
  });
});
