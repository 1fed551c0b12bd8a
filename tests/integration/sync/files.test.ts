/**
 * A file attached offline reaches Storage and its row appears
 * on a second device; the second device caches it for offline viewing; a
 * delete made offline removes the row (tombstone) and the object.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import { openDevice, settle, type Device } from './harness';

let backend: StartedBackend;
const owner = { email: 'olga-files@example.com', password: 'Secret-pass-1' };
const opened: Device[] = [];

beforeAll(async () => {
  backend = await startLocalBackend();
  await backend.signUpConfirmed(owner.email, owner.password, { role: 'homeowner' });
});
afterAll(async () => {
  for (const d of opened) await d.close().catch(() => undefined);
  await backend?.stop();
});

async function objectExists(path: string): Promise<boolean> {
  const { data } = await backend.serviceClient().storage.from('project-files').download(path);
  return data !== null;
}

describe('9. a file attached offline', () => {
  it('reaches Storage, then its row reaches the server and a second device, which caches it', async () => {
    const a = await openDevice(backend, 'site-phone', owner);
    const b = await openDevice(backend, 'office', owner);
    opened.push(a, b);
    const p = await a.projects.create({
      name: 'Basement',
      status: 'active',
      details: {},
      role: 'homeowner',
    });
    await settle([a, b]);
    a.net.offline = true;
    const bytes = new Uint8Array(3000).map((_, i) => i % 251);
    const file = await a.files.attach(
      p.id,
      new Blob([bytes], { type: 'image/jpeg' }),
      'wall 1.jpg',
    );
    expect(file.file_path).toMatch(new RegExp(`^projects/${p.id}/\\d+\\.jpg$`));
    expect(await a.db.file_blobs.get(file.id)).toMatchObject({ pendingUpload: true });
    expect((await a.sync()).reason).toBe('offline');
    a.net.offline = false;
    // First the upload fails (connection drops): the row is not pushed without its file.
    let failUpload = true;
    a.net.before = async (url) => {
      if (failUpload && url.includes('/storage/v1/object/project-files/')) {
        failUpload = false;
        throw new TypeError('fetch failed');
      }
    };
    const start = a.net.log.length;
    expect((await a.sync()).ok).toBe(false);
    expect(a.net.log.slice(start).some((r) => r.url.includes('/rpc/push_changes'))).toBe(false);
    const { rows: none } = await backend.pg.query<{ n: number }>(
      'select count(*)::int n from public.project_files where id = $1',
      [file.id],
    );
    expect(none[0]?.n).toBe(0);
    expect((await a.sync()).ok).toBe(true);
    a.net.before = undefined;
    const log = a.net.log.slice(start);
    const uploads = log.filter((r) => r.url.includes('/storage/v1/object/project-files/'));
    const pushIndex = log.findIndex((r) => r.url.includes('/rpc/push_changes'));
    const uploadIndex = log.findIndex((r) => r.url.includes('/storage/v1/object/project-files/'));
    expect(uploads).toHaveLength(1);
    expect(uploadIndex).toBeLessThan(pushIndex);
    expect(await objectExists(file.file_path)).toBe(true);
    const { rows } = await backend.pg.query<{ n: number }>(
      'select count(*)::int n from public.project_files where id = $1 and file_path = $2',
      [file.id, file.file_path],
    );
    expect(rows[0]?.n).toBe(1);
    expect(await a.db.outbox.count()).toBe(0);
    expect(await a.db.file_blobs.get(file.id)).toMatchObject({ pendingUpload: false });

    await b.sync();
    const row = await b.db.project_files.get(file.id);
    expect(row).toMatchObject({ file_name: 'wall 1.jpg', file_size: 3000, project_id: p.id });
    expect(await b.db.file_blobs.get(file.id)).toBeUndefined();
    const downloaded = new Uint8Array(await (await b.files.openBlob(file.id)).arrayBuffer());
    expect(downloaded).toEqual(bytes);
    // Cached: readable offline now.
    b.net.offline = true;
    expect((await (await b.files.openBlob(file.id)).arrayBuffer()).byteLength).toBe(3000);
    b.net.offline = false;

    // Deleting works offline; on sync the row becomes a tombstone and the object goes.
    a.net.offline = true;
    expect((await a.files.remove(file.id)).ok).toBe(true);
    expect(await a.db.file_blobs.get(file.id)).toBeUndefined();
    a.net.offline = false;
    await settle([a, b]);
    const { rows: gone } = await backend.pg.query<{ deleted_at: string | null }>(
      'select deleted_at from public.project_files where id = $1',
      [file.id],
    );
    expect(gone[0]?.deleted_at).not.toBeNull();
    expect(await objectExists(file.file_path)).toBe(false);
    expect((await b.db.project_files.get(file.id))?.deleted_at).not.toBeNull();
    expect(await b.db.file_blobs.get(file.id)).toBeUndefined();
  });

  it('a connection lost right after the row’s delete leaves no orphan object: the next sync removes it', async () => {
    const a = await openDevice(backend, 'orphan', owner);
    opened.push(a);
    const p = await a.projects.create({
      name: 'Orphan check',
      status: 'draft',
      details: {},
      role: 'homeowner',
    });
    const file = await a.files.attach(
      p.id,
      new Blob([new Uint8Array(500)], { type: 'image/jpeg' }),
      'cab.jpg',
    );
    expect((await a.sync()).ok).toBe(true);
    expect(await objectExists(file.file_path)).toBe(true);
    expect((await a.files.remove(file.id)).ok).toBe(true);
    // The push of the delete is answered; the Storage call after it fails (connection lost).
    a.net.before = async (url) => {
      if (url.includes('/storage/v1/object/project-files') && !url.includes('/rpc/')) {
        a.net.before = undefined;
        throw new TypeError('fetch failed');
      }
    };
    await a.sync();
    const { rows } = await backend.pg.query<{ deleted_at: string | null }>(
      'select deleted_at from public.project_files where id = $1',
      [file.id],
    );
    expect(rows[0]?.deleted_at).not.toBeNull();
    expect(await objectExists(file.file_path)).toBe(true);
    expect((await a.db.sync_state.get('storage:pendingRemovals'))?.value).toEqual([file.file_path]);
    expect((await a.sync()).ok).toBe(true);
    expect(await objectExists(file.file_path)).toBe(false);
    expect((await a.db.sync_state.get('storage:pendingRemovals'))?.value).toEqual([]);
  });

  it('a file attached and removed before it was ever uploaded never reaches the server', async () => {
    const a = await openDevice(backend, 'quick', owner);
    opened.push(a);
    const p = await a.projects.create({
      name: 'Garage',
      status: 'active',
      details: {},
      role: 'homeowner',
    });
    a.net.offline = true;
    const f = await a.files.attach(p.id, new Blob(['x'], { type: 'text/plain' }), 'note.txt');
    await a.files.remove(f.id);
    a.net.offline = false;
    await a.sync();
    expect(a.net.log.some((r) => r.url.includes('/storage/v1/object/'))).toBe(false);
    const { rows } = await backend.pg.query<{ n: number }>(
      'select count(*)::int n from public.project_files where id = $1',
      [f.id],
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('a project created offline and a photo attached to it offline both reach the server in one sync', async () => {
    const a = await openDevice(backend, 'basement-tablet', owner);
    opened.push(a);
    await a.sync();
    a.net.offline = true;
    const p = await a.projects.create({
      name: 'Cellar kitchen',
      status: 'active',
      details: {},
      role: 'homeowner',
    });
    const bytes = new Uint8Array(1200).map((_, i) => (i * 7) % 256);
    const f = await a.files.attach(p.id, new Blob([bytes], { type: 'image/png' }), 'site.png');
    a.net.offline = false;
    const start = a.net.log.length;
    expect((await a.sync()).ok).toBe(true);
    const log = a.net.log.slice(start).map((r) => r.url);
    // The project's insert is pushed before the upload (Storage RLS needs the project), the file row after.
    const pushes = log
      .map((u, i) => (u.includes('/rpc/push_changes') ? i : -1))
      .filter((i) => i >= 0);
    const upload = log.findIndex((u) => u.includes('/storage/v1/object/project-files/'));
    expect(pushes.length).toBeGreaterThanOrEqual(2);
    expect(pushes[0]).toBeLessThan(upload);
    expect(upload).toBeLessThan(pushes[pushes.length - 1] ?? -1);
    expect(await a.db.dead_letters.count()).toBe(0);
    expect(await a.db.outbox.count()).toBe(0);
    expect(await objectExists(f.file_path)).toBe(true);
    const { rows } = await backend.pg.query<{ n: number }>(
      'select count(*)::int n from public.project_files where id = $1 and project_id = $2',
      [f.id, p.id],
    );
    expect(rows[0]?.n).toBe(1);
  });
});
