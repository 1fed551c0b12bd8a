/**
 * A change queued behind an op the server merged keeps the version its
 * device saw: tablet A's first op (a form field) was sent once and not
 * answered, the phone then measured a door, A typed another width into the
 * same door; when A's ops go, the first is merged past the phone's width and
 * the second must be reported as a conflict with the phone's value, not
 * rebased past it and written over it unseen. (Found by the lost-work
 * simulation, tests/integration/simulation.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDetails } from '../../../src/data/types';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import { openDevice, serverProject, settle, type Device } from './harness';

let backend: StartedBackend;
const joe = { email: 'joe-rebase@example.com', password: 'Secret-pass-1' };
const opened: Device[] = [];

beforeAll(async () => {
  backend = await startLocalBackend();
  await backend.signUpConfirmed(joe.email, joe.password, { role: 'contractor' });
});
afterAll(async () => {
  for (const d of opened) await d.close().catch(() => undefined);
  await backend?.stop();
});

function withWidth(details: ProjectDetails, width: string): ProjectDetails {
  const next = structuredClone(details) as {
    cabinetData: { itemState: Record<string, { width: string }> };
  };
  next.cabinetData.itemState['0_0'] = { ...next.cabinetData.itemState['0_0'], width };
  return next as unknown as ProjectDetails;
}

describe('an op queued behind a merged op', () => {
  it('is not rebased past changes its device never saw: the overlap comes back as a conflict', async () => {
    const a = await openDevice(backend, 'tablet A', joe);
    const b = await openDevice(backend, 'tablet B', joe);
    opened.push(a, b);
    const start = {
      address: '1 Oak St',
      cabinetData: { itemState: { '0_0': { width: '14', height: '30' } } },
    } as unknown as ProjectDetails;
    const p = await a.projects.create({
      name: 'Oak kitchen',
      status: 'active',
      details: start,
      role: 'contractor',
    });
    await settle([a, b]);

    // A's form change is sent, and the request never reaches the server.
    expect((await a.projects.update(p.id, { name: 'Oak kitchen, phase 2' })).ok).toBe(true);
    let abort = true;
    a.net.before = async (url) => {
      if (abort && url.includes('/rpc/push_changes')) {
        abort = false;
        throw new TypeError('fetch failed: connection refused');
      }
    };
    expect((await a.sync()).ok).toBe(false);

    // B measures the door; A, not having seen it, types another width into the same door.
    expect((await b.projects.update(p.id, { details: withWidth(start, '15') })).ok).toBe(true);
    expect((await b.sync()).ok).toBe(true);
    expect(
      (
        await a.projects.update(
          p.id,
          { details: withWidth(start, '16') },
          { base: { details: start } },
        )
      ).ok,
    ).toBe(true);
    await settle([a, b]);

    const conflicts = (await a.db.conflicts.toArray()).filter((c) => c.rowId === p.id);
    expect(conflicts).toEqual([
      expect.objectContaining({
        path: ['details', 'cabinetData', 'itemState', '0_0', 'width'],
        serverValue: '15',
        clientValue: '16',
      }),
    ]);
    const server = await serverProject(backend, p.id);
    expect(server?.name).toBe('Oak kitchen, phase 2');
    expect(
      (server?.details as { cabinetData: { itemState: Record<string, { width: string }> } })
        .cabinetData.itemState['0_0']?.width,
    ).toBe('16');
  });
});
