/**
 * Shared projects through the real engine: the contractor's device shares a
 * project by invitation; the homeowner's device receives it whole at its next
 * sync, works on it offline (a photo, a rename) and the contractor's device
 * sees that after sync; a viewer's edit is refused by the server; when the
 * contractor removes the homeowner, the homeowner's device drops the project
 * with its files, blobs and queued ops at the next pull.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import {
  inviteAndAccept as invite,
  openDevice,
  settle,
  signUpJoeAndMaria,
  type Credentials,
} from './harness';

let backend: StartedBackend;
let contractor: Credentials;
let maria: Credentials;
const viewer = { email: 'viewer-share@example.com', password: 'Secret-pass-3' };

beforeAll(async () => {
  backend = await startLocalBackend();
  ({ contractor, maria } = await signUpJoeAndMaria(backend, 'share'));
  await backend.signUpConfirmed(viewer.email, viewer.password, {
    role: 'homeowner',
    first_name: 'Vic',
    last_name: 'Viewer',
  });
}, 120_000);
afterAll(async () => {
  await backend?.stop();
});

describe('shared projects on devices', () => {
  it('share, offline edits both ways, viewer refused, revoke drops the project from the device', async () => {
    const joe = await openDevice(backend, 'joe', contractor);
    const home = await openDevice(backend, 'maria', maria);
    const vic = await openDevice(backend, 'vic', viewer);
    const p = await joe.projects.create({
      name: 'Alvarez kitchen',
      status: 'active',
      details: { email: maria.email },
      role: 'contractor',
    });
    await joe.files.attach(p.id, new Blob(['door photo'], { type: 'image/jpeg' }), 'before.jpg');
    expect(await joe.sync()).toMatchObject({ ok: true });

    await invite(backend, joe, home, maria.email, p.id, 'owner');
    await invite(backend, joe, vic, viewer.email, p.id, 'viewer');
    expect(await home.db.projects.get(p.id)).toBeUndefined();
    expect(await home.sync()).toMatchObject({ ok: true });
    expect((await home.db.projects.get(p.id))?.name).toBe('Alvarez kitchen');
    expect(
      (await home.db.project_files.where('project_id').equals(p.id).toArray()).map(
        (f) => f.file_name,
      ),
    ).toEqual(['before.jpg']);
    const mine = (await home.db.project_members.toArray()).filter(
      (m) => m.project_id === p.id && m.user_id === home.userId,
    );
    expect(mine.map((m) => [m.role, m.contact])).toEqual([
      ['owner', { name: 'Joe Builder', email: contractor.email }],
    ]);

    // The homeowner adds a photo and renames the project with no network; it is queued and reaches the contractor.
    home.net.offline = true;
    await home.files.attach(p.id, new Blob(['after photo'], { type: 'image/jpeg' }), 'after.jpg');
    await home.projects.update(p.id, { name: 'Alvarez kitchen (Maria)' });
    expect(await home.sync()).toMatchObject({ ok: false });
    expect(await home.db.outbox.count()).toBe(2);
    home.net.offline = false;
    await settle([home, joe]);
    expect(await home.db.outbox.count()).toBe(0);
    expect((await joe.db.projects.get(p.id))?.name).toBe('Alvarez kitchen (Maria)');
    const joeFiles = (await joe.db.project_files.where('project_id').equals(p.id).toArray())
      .filter((f) => !f.deleted_at)
      .map((f) => f.file_name)
      .sort();
    expect(joeFiles).toEqual(['after.jpg', 'before.jpg']);
    const after = (await joe.db.project_files.where('project_id').equals(p.id).toArray()).find(
      (f) => f.file_name === 'after.jpg',
    )!;
    expect(await (await joe.files.openBlob(after.id)).text()).toBe('after photo');

    // The viewer's edit is refused by the server (dead letter), nothing changes there.
    expect(await vic.sync()).toMatchObject({ ok: true });
    await vic.projects.update(p.id, { name: 'Viewer was here' });
    await vic.sync();
    const letters = await vic.db.dead_letters.toArray();
    expect(letters.map((l) => l.code)).toEqual(['42501']);
    expect((await joe.db.projects.get(p.id))?.name).toBe('Alvarez kitchen (Maria)');

    // Maria queues an edit offline; meanwhile the contractor removes her.
    home.net.offline = true;
    await home.projects.update(p.id, { name: 'Edited after removal' });
    await home.files.attach(p.id, new Blob(['late'], { type: 'image/jpeg' }), 'late.jpg');
    const removed = await joe.client.rpc('remove_project_member', {
      p_project_id: p.id,
      p_user_id: home.userId,
    });
    expect(removed.error).toBeNull();
    home.net.offline = false;
    expect(await home.sync()).toMatchObject({ ok: true });
    expect(await home.db.projects.get(p.id)).toBeUndefined();
    expect(await home.db.project_files.where('project_id').equals(p.id).count()).toBe(0);
    expect(await home.db.file_blobs.count()).toBe(0);
    expect(await home.db.outbox.count()).toBe(0);
    expect(await home.db.dead_letters.count()).toBe(0);
    // Her late edit never reached the server.
    const server = await backend.pg.query<{ name: string }>(
      'select name from projects where id = $1',
      [p.id],
    );
    expect(server.rows[0]!.name).toBe('Alvarez kitchen (Maria)');
    // A later sync does not bring it back.
    expect(await home.sync()).toMatchObject({ ok: true });
    expect(await home.db.projects.get(p.id)).toBeUndefined();

    // Invited again, the device fetches it again.
    await invite(backend, joe, home, maria.email, p.id, 'owner');
    expect(await home.sync()).toMatchObject({ ok: true });
    expect((await home.db.projects.get(p.id))?.name).toBe('Alvarez kitchen (Maria)');

    await Promise.all([joe.close(), home.close(), vic.close()]);
  });

  it("an org admin reassigns a project: the new contractor's device gets it with its files, the old one drops it", async () => {
    const carl = { email: 'carl-org@example.com', password: 'Secret-pass-4' };
    const dana = { email: 'dana-org@example.com', password: 'Secret-pass-5' };
    const boss = await backend.signUpConfirmed('boss-org@example.com', 'Secret-pass-6', {
      role: 'org_admin',
    });
    await backend.signUpConfirmed(carl.email, carl.password, { role: 'contractor' });
    await backend.signUpConfirmed(dana.email, dana.password, { role: 'contractor' });
    await backend.pg.query(
      `update profiles set organization_id = (select organization_id from profiles where id = $1) where email = any($2)`,
      [boss.userId, [carl.email, dana.email]],
    );
    const c = await openDevice(backend, 'carl', carl);
    const d = await openDevice(backend, 'dana', dana);
    const p = await c.projects.create({
      name: 'Lee kitchen',
      status: 'active',
      details: {},
      role: 'contractor',
    });
    await c.files.attach(p.id, new Blob(['sketch'], { type: 'image/jpeg' }), 'sketch.jpg');
    expect(await c.sync()).toMatchObject({ ok: true });
    expect(await d.sync()).toMatchObject({ ok: true });
    expect(await d.db.projects.get(p.id)).toBeUndefined();

    expect(
      (await boss.client.rpc('assign_project', { p_project_id: p.id, p_contractor_id: d.userId }))
        .error,
    ).toBeNull();
    expect(await d.sync()).toMatchObject({ ok: true });
    expect((await d.db.projects.get(p.id))?.assigned_contractor_id).toBe(d.userId);
    expect(
      (await d.db.project_files.where('project_id').equals(p.id).toArray()).map((f) => f.file_name),
    ).toEqual(['sketch.jpg']);
    expect(await c.sync()).toMatchObject({ ok: true });
    expect(await c.db.projects.get(p.id)).toBeUndefined();
    expect(await c.db.project_files.count()).toBe(0);
    await Promise.all([c.close(), d.close()]);
  });
});
