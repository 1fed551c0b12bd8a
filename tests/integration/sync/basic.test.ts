import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import { localProjects, openDevice, serverProject, serverProjects, settle } from './harness';

let backend: StartedBackend;
const alice = { email: 'alice-basic@example.com', password: 'Secret-pass-1' };

beforeAll(async () => {
  backend = await startLocalBackend();
  await backend.signUpConfirmed(alice.email, alice.password, { role: 'contractor' });
});
afterAll(async () => {
  await backend?.stop();
});

describe('sync round trip', () => {
  it('a project created on one device reaches the server and a second device', async () => {
    const a = await openDevice(backend, 'a', alice);
    const b = await openDevice(backend, 'b', alice);
    const p = await a.projects.create({
      name: 'Smith kitchen',
      status: 'draft',
      details: { address: '1 Oak St' },
      role: 'contractor',
    });
    const ra = await a.sync();
    expect(ra).toMatchObject({ ok: true });
    expect(await serverProject(backend, p.id)).toMatchObject({ name: 'Smith kitchen', version: 1 });
    await settle([a, b]);
    expect(await localProjects(b)).toEqual(await serverProjects(backend, a.userId));
    expect(await localProjects(a)).toEqual(await localProjects(b));
    expect(await a.db.outbox.count()).toBe(0);
    await a.close();
    await b.close();
  });
});
