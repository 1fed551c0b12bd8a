import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { RefacingDb } from '../data/db';
import { createProjectsRepo } from '../data/projectsRepo';
import type { ProjectMemberRow } from '../data/types';
import { readJob, readJobs } from './membershipHooks';

const opened: RefacingDb[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function member(
  projectId: string,
  userId: string,
  role: ProjectMemberRow['role'],
): ProjectMemberRow {
  return {
    id: crypto.randomUUID(),
    project_id: projectId,
    user_id: userId,
    role,
    display_name: `${role} ${userId}`,
    may: { read: true, edit: role === 'contractor' },
    invited_as: null,
    email: `${userId}@example.com`,
    contact: {},
    invited_by: null,
    version: 1,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    deleted_at: null,
    txid: '1',
  };
}

describe('readJobs (the dashboard page of cards at once)', () => {
  it('answers for each project exactly as readJob does, one by one', async () => {
    const db = new RefacingDb('u1', { indexedDB: new IDBFactory(), IDBKeyRange });
    opened.push(db);
    let t = Date.parse('2026-01-01T00:00:00Z');
    const repo = createProjectsRepo({ getDb: () => db, now: () => (t += 1000) });
    const answered = await repo.create({
      name: 'Answered',
      status: 'active',
      details: {},
      role: 'contractor',
    });
    const made = await repo.create({
      name: 'Made here',
      status: 'active',
      details: {},
      role: 'contractor',
    });
    const gone = await repo.create({
      name: 'Removed',
      status: 'active',
      details: {},
      role: 'contractor',
    });
    await repo.remove(gone.id);
    const sharedOnly = crypto.randomUUID();
    await db.project_members.bulkPut([
      member(answered.id, 'u1', 'contractor'),
      member(answered.id, 'u2', 'owner'),
      { ...member(answered.id, 'u3', 'viewer'), deleted_at: '2026-01-02T00:00:00Z' },
      member(sharedOnly, 'u4', 'contractor'),
    ]);
    const ids = [answered.id, made.id, gone.id, sharedOnly, crypto.randomUUID()];

    const jobs = await readJobs(db, ids);

    expect([...jobs.keys()]).toEqual(ids);
    for (const id of ids) expect(jobs.get(id)).toEqual(await readJob(db, id));
    // The server's answer where there is one; the creator's stand-in where the device made the job.
    expect(jobs.get(answered.id)?.homeowner?.userId).toBe('u2');
    expect(jobs.get(made.id)?.me?.userId).toBe('u1');
    expect(jobs.get(sharedOnly)?.me).toBeNull();
  });
});
