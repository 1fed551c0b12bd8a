/**
 * Property: random interleavings of edits on two clients with
 * random disconnections and lost responses converge — after both come back
 * online and sync, each client's projects equal the server's.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDetails, ProjectStatus } from '../../../src/data/types';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import { localProjects, openDevice, serverProjects, settle, type Device } from './harness';

let backend: StartedBackend;
let run = 0;

beforeAll(async () => {
  backend = await startLocalBackend();
});
afterAll(async () => {
  await backend?.stop();
});

type Cmd =
  | { t: 'name'; dev: 0 | 1; p: number; v: string }
  | { t: 'status'; dev: 0 | 1; p: number; v: ProjectStatus }
  | { t: 'width'; dev: 0 | 1; p: number; k: string; v: string }
  | { t: 'unset'; dev: 0 | 1; p: number; k: string }
  | { t: 'address'; dev: 0 | 1; p: number; v: string }
  | { t: 'create'; dev: 0 | 1; v: string }
  | { t: 'delete'; dev: 0 | 1; p: number }
  | { t: 'net'; dev: 0 | 1; offline: boolean }
  | { t: 'drop'; dev: 0 | 1 }
  | { t: 'sync'; dev: 0 | 1 };

const dev = fc.constantFrom<0 | 1>(0, 1);
const p = fc.nat({ max: 3 });
const key = fc.constantFrom('1_0', '1_1', '2_0');
const word = fc.constantFrom('a', 'b', 'c', 'd', '12.5', '14');
const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ t: fc.constant('name' as const), dev, p, v: word }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('status' as const),
      dev,
      p,
      v: fc.constantFrom<ProjectStatus>('draft', 'active', 'completed'),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ t: fc.constant('width' as const), dev, p, k: key, v: word }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('unset' as const), dev, p, k: key }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('address' as const), dev, p, v: word }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('create' as const), dev, v: word }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('delete' as const), dev, p }) },
  {
    weight: 2,
    arbitrary: fc.record({ t: fc.constant('net' as const), dev, offline: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('drop' as const), dev }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('sync' as const), dev }) },
);

type Details = {
  address?: string;
  cabinetData?: { itemState?: Record<string, { width?: string }> };
};

async function live(
  d: Device,
  index: number,
): Promise<{ id: string; details: Details } | undefined> {
  const rows = (await d.db.projects.orderBy('created_at').toArray()).filter((r) => !r.deleted_at);
  const r = rows[index % Math.max(rows.length, 1)];
  return r ? { id: r.id, details: r.details } : undefined;
}

async function apply(devices: [Device, Device], c: Cmd): Promise<void> {
  const d = devices[c.dev];
  switch (c.t) {
    case 'net':
      d.net.offline = c.offline;
      return;
    case 'drop':
      d.net.dropPushResponses = 1;
      return;
    case 'sync':
      await d.sync();
      return;
    case 'create':
      await d.projects.create({ name: c.v, status: 'draft', details: {}, role: 'contractor' });
      return;
    default:
      break;
  }
  const target = await live(d, c.p);
  if (!target) return;
  const details = structuredClone(target.details);
  switch (c.t) {
    case 'name':
      await d.projects.update(target.id, { name: c.v });
      return;
    case 'status':
      await d.projects.update(target.id, { status: c.v });
      return;
    case 'address':
      details.address = c.v;
      await d.projects.update(target.id, { details: details as ProjectDetails });
      return;
    case 'width': {
      const cab = (details.cabinetData ??= {});
      const items = (cab.itemState ??= {});
      items[c.k] = { ...(items[c.k] ?? {}), width: c.v };
      await d.projects.update(target.id, { details: details as ProjectDetails });
      return;
    }
    case 'unset':
      delete details.cabinetData?.itemState?.[c.k];
      await d.projects.update(target.id, { details: details as ProjectDetails });
      return;
    case 'delete':
      await d.projects.remove(target.id);
      return;
  }
}

describe('convergence property', () => {
  it('two clients with random edits, disconnections and lost responses converge to the server state', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(cmd, { minLength: 5, maxLength: 30 }), async (cmds) => {
        run += 1;
        const creds = { email: `prop-${run}-${Date.now()}@example.com`, password: 'Secret-pass-1' };
        await backend.signUpConfirmed(creds.email, creds.password, { role: 'contractor' });
        const a = await openDevice(backend, 'A', creds);
        const b = await openDevice(backend, 'B', creds);
        try {
          await a.projects.create({
            name: 'Seed 1',
            status: 'draft',
            details: { address: 'x' },
            role: 'contractor',
          });
          await a.projects.create({
            name: 'Seed 2',
            status: 'active',
            details: {},
            role: 'contractor',
          });
          await settle([a, b]);
          for (const c of cmds) await apply([a, b], c);
          for (const d of [a, b]) {
            d.net.offline = false;
            d.net.dropPushResponses = 0;
          }
          await settle([a, b], 8);
          const server = await serverProjects(backend, a.userId);
          expect(await localProjects(a)).toEqual(server);
          expect(await localProjects(b)).toEqual(server);
          expect(await a.db.outbox.count()).toBe(0);
          expect(await b.db.outbox.count()).toBe(0);
          // Only "deleted on another device" may be refused in this model.
          for (const d of [a, b])
            for (const l of await d.db.dead_letters.toArray()) expect(l.code).toBe('P0002');
        } finally {
          await a.close();
          await b.close();
        }
      }),
      { numRuns: 12, endOnFailure: true },
    );
  }, 600_000);
});
