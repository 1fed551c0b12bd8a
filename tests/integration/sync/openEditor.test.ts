/**
 * An open editor never sends back what another device changed: two devices of
 * one contractor against the real local backend. Device A keeps the demo
 * kitchen open; device B widens cabinet 6's door; A measures cabinet 1, syncs
 * (the pull brings B's row in), measures cabinet 3 and saves again. The
 * server must still hold B's width. The same for the builder's draft store
 * (the pulled row merges into the open draft; a field both changed is a
 * conflict the user resolves) and for the profile form.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDetails } from '../../../src/data';
import { createBuilderStore, draftSave } from '../../../src/features/builder/builderStore';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import { openDevice, serverProject, settle, type Device } from './harness';

let backend: StartedBackend;
const carla = { email: 'carla-open-editor@example.com', password: 'Secret-pass-1' };

const kitchen = (
  JSON.parse(
    readFileSync(new URL('../../fixtures/jobs/kitchen-full-overlay.json', import.meta.url), 'utf8'),
  ) as { cabinetData: Record<string, unknown> }
).cabinetData;

beforeAll(async () => {
  backend = await startLocalBackend();
  await backend.signUpConfirmed(carla.email, carla.password, { role: 'contractor' });
});
afterAll(async () => {
  await backend?.stop();
});

/** A deep copy of `details` with one part's field set (the builder's edit of a measurement). */
function measured(details: ProjectDetails, key: string, field: string, value: string) {
  const next = structuredClone(details) as { cabinetData: { itemState: Record<string, object> } };
  next.cabinetData.itemState[key] = { ...next.cabinetData.itemState[key], [field]: value };
  return next as ProjectDetails;
}

async function localDetails(d: Device, id: string): Promise<ProjectDetails> {
  const row = await d.db.projects.get(id);
  if (!row) throw new Error(`${d.name}: no project ${id}`);
  return row.details;
}

async function serverItem(id: string, key: string): Promise<Record<string, unknown>> {
  const row = await serverProject(backend, id);
  const details = row?.details as { cabinetData: { itemState: Record<string, object> } };
  return details.cabinetData.itemState[key] as Record<string, unknown>;
}

async function twoDevicesWithKitchen(name: string) {
  const a = await openDevice(backend, `a-${name}`, carla);
  const b = await openDevice(backend, `b-${name}`, carla);
  const p = await a.projects.create({
    name,
    status: 'active',
    details: { address: '12 Oak St', cabinetData: kitchen } as unknown as ProjectDetails,
    role: 'contractor',
  });
  await settle([a, b]);
  return { a, b, id: p.id };
}

describe('an open editor and another device', () => {
  it('repository: a save diffs the draft against its base, so a pulled change is not sent back', async () => {
    const { a, b, id } = await twoDevicesWithKitchen('Alvarez kitchen');
    // A opens the builder: the draft starts from the row as it is now.
    const loaded = await localDetails(a, id);

    // B widens cabinet 6's door to 22 1/8 and syncs (push_changes, applied).
    const onB = await localDetails(b, id);
    await b.projects.update(
      id,
      { details: measured(onB, '6_0', 'width', '22.125') },
      { base: { details: onB } },
    );
    expect(await b.sync()).toMatchObject({ ok: true, pushed: 1 });
    expect(await serverItem(id, '6_0')).toMatchObject({ width: '22.125' });

    // A measures cabinet 1; autosave, then a sync whose pull brings B's row in.
    const draft1 = measured(loaded, '1_0', 'width', '15');
    await a.projects.update(id, { details: draft1 }, { base: { details: loaded } });
    await a.sync();
    expect(
      (await localDetails(a, id)).cabinetData as { itemState: Record<string, { width: string }> },
    ).toMatchObject({ itemState: { '6_0': { width: '22.125' }, '1_0': { width: '15' } } });

    // A measures cabinet 3 on the same (older) draft; autosave from the last saved state.
    const draft2 = measured(draft1, '3_0', 'width', '30.25');
    await a.projects.update(id, { details: draft2 }, { base: { details: draft1 } });
    const op = await a.db.outbox.toArray();
    expect(op.flatMap((o) => (o.details_patch ?? []).map((e) => e.path.join('.')))).toEqual([
      'cabinetData.itemState.3_0.width',
    ]);
    await settle([a, b]);

    expect(await serverItem(id, '6_0')).toMatchObject({ width: '22.125' });
    expect(await serverItem(id, '1_0')).toMatchObject({ width: '15' });
    expect(await serverItem(id, '3_0')).toMatchObject({ width: '30.25' });
    expect(await localDetails(a, id)).toEqual(await localDetails(b, id));
    await a.close();
    await b.close();
  });

  it('a name changed elsewhere is not sent back by a form saving another field', async () => {
    const { a, b, id } = await twoDevicesWithKitchen('Bennett bath');
    const opened = await a.db.projects.get(id);
    await b.projects.update(id, { name: 'Bennett Family' }, { base: { name: 'Bennett bath' } });
    await b.sync();
    await a.sync();
    // A's form still shows the old name and saves a new description.
    await a.projects.update(
      id,
      { name: 'Bennett bath', details: { ...opened!.details, description: 'Vanity only' } },
      { base: { name: 'Bennett bath', details: opened!.details } },
    );
    await settle([a, b]);
    expect(await serverProject(backend, id)).toMatchObject({
      name: 'Bennett Family',
      details: expect.objectContaining({ description: 'Vanity only' }) as unknown,
    });
    await a.close();
    await b.close();
  });

  it('builder draft: the pulled row merges into the open draft; a field both changed waits for the choice', async () => {
    const { a, b, id } = await twoDevicesWithKitchen('Chen kitchen');
    const storeA = createBuilderStore();
    storeA.getState().load(id, (await localDetails(a, id)).cabinetData);
    // What the builder page does when the local row changes (useProject → mergeRemote).
    const rowChanged = async () =>
      storeA.getState().mergeRemote((await localDetails(a, id)).cabinetData);
    // The autosave; the local row then changes, so the page merges it like any other change.
    const saveA = async () => {
      const args = draftSave(storeA.getState());
      if (!args) throw new Error('no draft');
      const r = await a.projects.update(args.projectId, args.changes, args.options);
      if (!r.ok) throw new Error(r.code);
      await rowChanged();
    };

    const storeB = createBuilderStore();
    storeB.getState().load(id, (await localDetails(b, id)).cabinetData);
    storeB.getState().setItem('6_0', { width: '22.125' });
    storeB.getState().setItem('3_0', { height: '31' });
    const argsB = draftSave(storeB.getState())!;
    await b.projects.update(argsB.projectId, argsB.changes, argsB.options);
    await b.sync();

    storeA.getState().setItem('1_0', { width: '15' });
    await saveA();
    // A has typed cabinet 3's height but not saved it yet when the pull lands.
    storeA.getState().setItem('3_0', { height: '30.5' });
    await a.sync();
    await rowChanged();
    const s = storeA.getState();
    expect(s.data?.itemState['6_0']?.width).toBe('22.125');
    expect(s.data?.itemState['3_0']?.height).toBe('30.5');
    expect(s.conflicts).toEqual([
      { path: ['itemState', '3_0', 'height'], base: '30', mine: '30.5', theirs: '31' },
    ]);
    // Undo takes back A's own edit only: B's width stays.
    storeA.getState().undo();
    expect(storeA.getState().data?.itemState['6_0']?.width).toBe('22.125');
    storeA.getState().redo();

    storeA.getState().setItem('3_0', { width: '30.25' });
    await saveA();
    await settle([a, b]);
    expect(await serverItem(id, '6_0')).toMatchObject({ width: '22.125' });
    expect(await serverItem(id, '1_0')).toMatchObject({ width: '15' });
    expect(await serverItem(id, '3_0')).toMatchObject({ width: '30.25', height: '30.5' });
    await rowChanged();

    // "Take theirs": B's height goes back into the draft and to the server.
    storeA.getState().resolveConflict(['itemState', '3_0', 'height'], 'theirs');
    expect(storeA.getState().conflicts).toEqual([]);
    await saveA();
    await settle([a, b]);
    expect(await serverItem(id, '3_0')).toMatchObject({ width: '30.25', height: '31' });
    await a.close();
    await b.close();
  });

  it('profile: saving the name does not send back a phone changed on another device', async () => {
    const a = await openDevice(backend, 'a-profile', carla);
    const b = await openDevice(backend, 'b-profile', carla);
    await settle([a, b]);
    const opened = await a.db.profiles.get(a.userId);
    const form = { first_name: opened?.first_name ?? null, phone: opened?.phone ?? null };
    await b.profile.update({ phone: '(555) 222-3333' }, { phone: form.phone });
    await b.sync();
    await a.sync();
    await a.profile.update({ ...form, first_name: 'Carla' }, form);
    await settle([a, b]);
    const { rows } = await backend.pg.query<{ first_name: string; phone: string }>(
      'select first_name, phone from public.profiles where id = $1',
      [a.userId],
    );
    expect(rows[0]).toEqual({ first_name: 'Carla', phone: '(555) 222-3333' });
    await a.close();
    await b.close();
  });
});
