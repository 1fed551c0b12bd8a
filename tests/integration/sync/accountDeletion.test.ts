/**
 * Deleting an account through the app's data layer against the local
 * backend (PGlite and PostgreSQL): the account's files go through the
 * Storage API (which passes Storage's delete guard and removes the bytes),
 * then delete_my_account; nothing of the account is left, nobody else's
 * data is touched. Offline, nothing is deleted and the reason says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import { openDevice, settle, type Device } from './harness';
import { deleteAccountOnServer, unsyncedChangeCount } from '../../../src/data/accountDeletion';

let backend: StartedBackend;
const opened: Device[] = [];

beforeAll(async () => {
  backend = await startLocalBackend();
});
afterAll(async () => {
  for (const d of opened) await d.close().catch(() => undefined);
  await backend?.stop();
});

async function objectExists(path: string): Promise<boolean> {
  const { data } = await backend.serviceClient().storage.from('project-files').download(path);
  return data !== null;
}

describe('account deletion', () => {
  it('removes the account’s files through Storage, then the account; nothing left, others untouched', async () => {
    const leaving = { email: 'leaving-files@example.com', password: 'Secret-pass-1' };
    const staying = { email: 'staying-files@example.com', password: 'Secret-pass-2' };
    await backend.signUpConfirmed(leaving.email, leaving.password, { role: 'homeowner' });
    await backend.signUpConfirmed(staying.email, staying.password, { role: 'homeowner' });
    const a = await openDevice(backend, 'leaving-phone', leaving);
    const b = await openDevice(backend, 'staying-phone', staying);
    opened.push(a, b);
    const mine = await a.projects.create({
      name: 'Kitchen',
      status: 'active',
      details: {},
      role: 'homeowner',
    });
    const theirs = await b.projects.create({
      name: 'Bath',
      status: 'active',
      details: {},
      role: 'homeowner',
    });
    const photo = await a.files.attach(
      mine.id,
      new Blob([new Uint8Array(2000).fill(7)], { type: 'image/jpeg' }),
      'wall.jpg',
    );
    const plan = await a.files.attach(
      mine.id,
      new Blob([new Uint8Array(500).fill(9)], { type: 'image/jpeg' }),
      'plan.jpg',
    );
    const other = await b.files.attach(
      theirs.id,
      new Blob([new Uint8Array(100).fill(1)], { type: 'image/jpeg' }),
      'b.jpg',
    );
    await settle([a, b]);
    expect(await unsyncedChangeCount(a.db)).toBe(0);
    for (const f of [photo, plan, other]) expect(await objectExists(f.file_path)).toBe(true);

    // Without removing the files first, the server refuses and deletes nothing.
    const refused = await a.client.rpc('delete_my_account');
    expect(refused.error?.message).toBe('account.files_remain');

    const result = await deleteAccountOnServer(a.client);
    expect(result).toEqual({ ok: true, filesRemoved: 2 });
    for (const f of [photo, plan]) expect(await objectExists(f.file_path)).toBe(false);
    expect(await objectExists(other.file_path)).toBe(true);
    const left = await backend.pg.query<{
      users: number;
      projects: number;
      objects: number;
      others: number;
    }>(
      `select (select count(*)::int from auth.users where id = $1) users,
              (select count(*)::int from public.projects where id = $2) projects,
              (select count(*)::int from storage.objects where name like 'projects/' || $2 || '/%') objects,
              (select count(*)::int from storage.objects where name like 'projects/' || $3 || '/%') others`,
      [a.userId, mine.id, theirs.id],
    );
    expect(left.rows[0]).toEqual({ users: 0, projects: 0, objects: 0, others: 1 });
  });

  it('offline: nothing is deleted and the reason is "offline"', async () => {
    const creds = { email: 'offline-leaver@example.com', password: 'Secret-pass-3' };
    await backend.signUpConfirmed(creds.email, creds.password, { role: 'homeowner' });
    const d = await openDevice(backend, 'offline-phone', creds);
    opened.push(d);
    await d.projects.create({ name: 'Unsynced', status: 'draft', details: {}, role: 'homeowner' });
    expect(await unsyncedChangeCount(d.db)).toBeGreaterThan(0);
    d.net.offline = true;
    const result = await deleteAccountOnServer(d.client);
    expect(result).toMatchObject({ ok: false, reason: 'offline' });
    const users = await backend.pg.query<{ n: number }>(
      'select count(*)::int as n from auth.users where id = $1',
      [d.userId],
    );
    expect(users.rows[0]!.n).toBe(1);
  });
});
