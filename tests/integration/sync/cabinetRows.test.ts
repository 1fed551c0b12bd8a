/**
 * Two tablets of one contractor add cabinets to one job at the same time,
 * through the real builder store, repositories, sync engine and local
 * backend: online (one after the other's push, before its pull), and both
 * offline with two cabinets each. Every cabinet is kept with its width on
 * both devices and the server, in one order, and a third device that signs
 * in later gets the same job. A removal on one and a measurement on the
 * other of the same cabinet is a choice shown in the builder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDetails } from '../../../src/data';
import { normalizeCabinetData } from '../../../src/domain/cabinetData';
import { orderedCabinets } from '../../../src/domain/cabinetRows';
import { createBuilderStore, draftSave } from '../../../src/features/builder/builderStore';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import { openDevice, serverProject, settle, type Device } from './harness';

let backend: StartedBackend;
const carla = { email: 'carla-rows@example.com', password: 'Secret-pass-1' };

beforeAll(async () => {
  backend = await startLocalBackend();
  await backend.signUpConfirmed(carla.email, carla.password, { role: 'contractor' });
});
afterAll(async () => {
  await backend?.stop();
});

/** A device with the builder open on job `id`, saving and merging as the builder page does. */
function builderOn(device: Device, id: string) {
  const store = createBuilderStore();
  const local = async () => (await device.db.projects.get(id))?.details.cabinetData;
  return {
    store,
    async open() {
      store.getState().load(id, await local());
    },
    /** The local row changed (a save or a pull): the page merges it into the draft. */
    async rowChanged() {
      store.getState().mergeRemote(await local());
    },
    /** The autosave. */
    async save() {
      const args = draftSave(store.getState());
      if (!args) throw new Error('no draft');
      const r = await device.projects.update(args.projectId, args.changes, args.options);
      if (!r.ok) throw new Error(r.code);
      await this.rowChanged();
    },
    /** Adds a cabinet and measures its first part's width, as a person does. */
    add(type: 'Wall' | 'Base 1/1', width: string): string {
      const rowId = store.getState().addCabinet(type)!;
      store.getState().setItem(`${rowId}_0`, { width, height: '30' });
      return rowId;
    },
  };
}

/** The job's cabinets in list order with their first part's width, from stored builder data. */
function cabinetsOf(cabinetData: unknown): { id: string; type: string; width: string }[] {
  const data = normalizeCabinetData(cabinetData);
  return orderedCabinets(data.cabinets).map((r) => ({
    id: r.id,
    type: r.type,
    width: data.itemState[`${r.id}_0`]?.width ?? '',
  }));
}

async function newJob(a: Device, b: Device, name: string): Promise<string> {
  const p = await a.projects.create({
    name,
    status: 'active',
    details: {
      cabinetData: {
        cabinets: { '1': { type: 'Wall', order: 'a0' } },
        itemState: { '1_0': { width: '20', height: '30' } },
      },
    } as unknown as ProjectDetails,
    role: 'contractor',
  });
  await settle([a, b]);
  return p.id;
}

/** Two tablets of Carla (`rows-a<tag>`, `rows-b<tag>`) with a new job named `name` open in each one's builder. */
async function twoTabletsOnNewJob(tag: string, name: string) {
  const a = await openDevice(backend, `rows-a${tag}`, carla);
  const b = await openDevice(backend, `rows-b${tag}`, carla);
  const id = await newJob(a, b, name);
  const onA = builderOn(a, id);
  const onB = builderOn(b, id);
  await onA.open();
  await onB.open();
  return { a, b, id, onA, onB };
}

describe('two tablets adding cabinets to one job', () => {
  it('online, at the same moment: both cabinets, with their widths, everywhere', async () => {
    const { a, b, id, onA, onB } = await twoTabletsOnNewJob('1', 'Same moment');
    const wall = onA.add('Wall', '21');
    const base = onB.add('Base 1/1', '17');
    await onA.save();
    await onB.save();
    // Both push before either pulls: the second push merges on the server.
    expect(await a.sync()).toMatchObject({ ok: true });
    expect(await b.sync()).toMatchObject({ ok: true });
    await settle([a, b]);
    await onA.rowChanged();
    await onB.rowChanged();

    const expected = [
      { id: '1', type: 'Wall', width: '20' },
      ...[
        { id: wall, type: 'Wall', width: '21' },
        { id: base, type: 'Base 1/1', width: '17' },
      ].sort((x, y) => (x.id < y.id ? -1 : 1)),
    ];
    const server = await serverProject(backend, id);
    expect(cabinetsOf((server?.details as ProjectDetails).cabinetData)).toEqual(expected);
    expect(cabinetsOf(onA.store.getState().data)).toEqual(expected);
    expect(cabinetsOf(onB.store.getState().data)).toEqual(expected);
    expect(onA.store.getState().conflicts).toEqual([]);
    expect(onB.store.getState().conflicts).toEqual([]);
    // No "Overwritten values" either: nothing was overwritten.
    expect(await a.db.conflicts.count()).toBe(0);
    expect(await b.db.conflicts.count()).toBe(0);
    await a.close();
    await b.close();
  });

  it('both offline, two cabinets each; back online; a third device signing in later: all four, with widths', async () => {
    const { a, b, id, onA, onB } = await twoTabletsOnNewJob('2', 'Offline adds');
    a.net.offline = true;
    b.net.offline = true;
    const added = [
      { id: onA.add('Wall', '21'), type: 'Wall', width: '21' },
      { id: onA.add('Wall', '22.5'), type: 'Wall', width: '22.5' },
    ];
    await onA.save();
    added.push(
      { id: onB.add('Base 1/1', '17'), type: 'Base 1/1', width: '17' },
      { id: onB.add('Base 1/1', '18.25'), type: 'Base 1/1', width: '18.25' },
    );
    await onB.save();
    expect(await a.sync()).toMatchObject({ ok: false });
    a.net.offline = false;
    b.net.offline = false;
    await settle([a, b]);
    await onA.rowChanged();
    await onB.rowChanged();

    const server = cabinetsOf(
      ((await serverProject(backend, id))?.details as ProjectDetails).cabinetData,
    );
    expect(server).toHaveLength(5);
    expect(server[0]).toEqual({ id: '1', type: 'Wall', width: '20' });
    expect([...server.slice(1)].sort((x, y) => (x.id < y.id ? -1 : 1))).toEqual(
      [...added].sort((x, y) => (x.id < y.id ? -1 : 1)),
    );
    // Each tablet keeps its own two in the order it added them.
    const order = server.map((r) => r.id);
    expect(order.indexOf(added[0]!.id)).toBeLessThan(order.indexOf(added[1]!.id));
    expect(order.indexOf(added[2]!.id)).toBeLessThan(order.indexOf(added[3]!.id));
    expect(cabinetsOf(onA.store.getState().data)).toEqual(server);
    expect(cabinetsOf(onB.store.getState().data)).toEqual(server);
    expect(cabinetsOf((await a.db.projects.get(id))?.details.cabinetData)).toEqual(server);
    expect(cabinetsOf((await b.db.projects.get(id))?.details.cabinetData)).toEqual(server);

    const c = await openDevice(backend, 'rows-c2', carla);
    await settle([c]);
    expect(cabinetsOf((await c.db.projects.get(id))?.details.cabinetData)).toEqual(server);
    await a.close();
    await b.close();
    await c.close();
  });

  it('removed on one tablet while measured on the other (both offline): the measuring tablet is asked', async () => {
    const { a, b, id, onA, onB } = await twoTabletsOnNewJob('3', 'Remove and measure');
    a.net.offline = true;
    b.net.offline = true;
    onA.store.getState().removeCabinet('1');
    await onA.save();
    onB.store.getState().setItem('1_0', { width: '19.5' });
    // B's change is still in the draft (not yet autosaved) when A's removal arrives.
    a.net.offline = false;
    await a.sync();
    b.net.offline = false;
    await b.sync();
    await onB.rowChanged();
    const conflicts = onB.store.getState().conflicts;
    expect(conflicts.map((c) => c.path)).toEqual([['cabinets', '1']]);
    // The draft keeps the cabinet with B's width until B chooses.
    expect(cabinetsOf(onB.store.getState().data)).toEqual([
      { id: '1', type: 'Wall', width: '19.5' },
    ]);
    // Keep mine: the cabinet goes back to the server with B's width, and reaches A.
    onB.store.getState().resolveConflict(['cabinets', '1'], 'mine');
    await onB.save();
    await settle([a, b]);
    await onA.rowChanged();
    const server = cabinetsOf(
      ((await serverProject(backend, id))?.details as ProjectDetails).cabinetData,
    );
    expect(server).toEqual([{ id: '1', type: 'Wall', width: '19.5' }]);
    expect(cabinetsOf(onA.store.getState().data)).toEqual(server);
    await a.close();
    await b.close();
  });
});
