import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../tests/support/cabinetRows';
import { createBuilderStore, draftSave, selectCabinetRows } from './builderStore';

describe('builder draft store', () => {
  it('seeds from stored cabinetData (normalized) and counts revisions', () => {
    const store = createBuilderStore();
    store.getState().load('p1', {
      form: { overlaySelect: 'fol', stdOption: '1.75' },
      cabinetRows: [{ id: 4, type: 'Wall' }],
    });
    expect(store.getState()).toMatchObject({ projectId: 'p1', revision: 0, saveState: 'idle' });
    expect(store.getState().data?.form.olSize).toBe(1.75);
    store.getState().setText('nrs', 'N-1');
    expect(store.getState().revision).toBe(1);
    expect(store.getState().data?.form.nrs).toBe('N-1');
  });

  it('adds a cabinet with the next id and one blank item per part; remove drops its items', () => {
    const store = createBuilderStore();
    store.getState().load('p1', {
      cabinetRows: [{ id: 4, type: 'Wall' }],
      itemState: { '4_0': { width: '10', height: '20' } },
    });
    const id = store.getState().addCabinet('Base 2/1')!;
    // A random uuid: no other device mints it.
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const d = store.getState().data!;
    expect(rowsOf(d)).toEqual([
      { id: '4', type: 'Wall' },
      { id, type: 'Base 2/1' },
    ]);
    expect(Object.keys(d?.itemState ?? {})).toEqual(['4_0', `${id}_0`, `${id}_1`, `${id}_2`]);
    expect(d?.itemState[`${id}_2`]).toEqual({
      width: '',
      height: '',
      nextToWall: false,
      splitDoor: false,
      type: 'Front',
    });
    store.getState().removeCabinet('4');
    expect(Object.keys(store.getState().data?.itemState ?? {})).toEqual([
      `${id}_0`,
      `${id}_1`,
      `${id}_2`,
    ]);
  });

  it('a typed change touches only its own item object (so only that part re-renders)', () => {
    const store = createBuilderStore();
    store.getState().load('p1', {});
    const id = store.getState().addCabinet('Base 2/1')!;
    const before = store.getState().data;
    store.getState().setItem(`${id}_1`, { width: '12.5' });
    const after = store.getState().data;
    expect(after?.itemState[`${id}_0`]).toBe(before?.itemState[`${id}_0`]);
    expect(after?.itemState[`${id}_1`]).not.toBe(before?.itemState[`${id}_1`]);
    expect(after?.cabinets).toBe(before?.cabinets);
    // The list in order is the same array: nothing that shows the list re-renders.
    expect(selectCabinetRows(store.getState())).toBe(selectCabinetRows({ data: before }));
    expect(after?.form).toBe(before?.form);
  });

  it('std option resets the job stiles/rails (mid stile ×2) but keeps item overrides', () => {
    const store = createBuilderStore();
    store.getState().load('p1', {});
    const key = `${store.getState().addCabinet('Wall')}_0`;
    store.getState().setOverrideEnabled(key, true);
    store.getState().setItemOverride(key, 'botRail', 2.5);
    store.getState().setStdOption(1.625);
    const d = store.getState().data;
    expect(d?.stileRail.midStile).toBe(3.25);
    expect(d?.stileRail.botRail).toBe(1.625);
    expect(d?.itemState[key]?.stileRailOverride).toMatchObject({
      botRail: 2.5,
      topRail: 1.5,
      midStile: 3,
    });
    store.getState().setOverrideEnabled(key, false);
    expect(store.getState().data?.itemState[key]?.stileRailOverride).toBeUndefined();
  });
});

describe('builder undo', () => {
  function measuredJob() {
    const store = createBuilderStore();
    store.getState().load('p1', {
      cabinetRows: [
        { id: 0, type: 'Wall' },
        { id: 1, type: 'Base 1/1' },
        { id: 2, type: 'Wall' },
      ],
      itemState: {
        '0_0': { width: '10', height: '20' },
        '1_0': {
          width: '14.375',
          height: '22',
          nextToWall: true,
          stileRailOverride: { botRail: 2.5 },
        },
        '1_1': { width: '14.375', height: '5' },
        '2_0': { width: '12', height: '30' },
      },
    });
    return store;
  }

  it('keystrokes in one field are one undo step; Ctrl+Z takes back at least 20 edits in order', () => {
    const store = measuredJob();
    const s = () => store.getState();
    for (const w of ['1', '14', '14.5']) s().setItem('0_0', { width: w });
    s().setItem('0_0', { height: '25' });
    expect(s().undo()).toBe(true);
    expect(s().data?.itemState['0_0']).toMatchObject({ width: '14.5', height: '20' });
    expect(s().undo()).toBe(true);
    expect(s().data?.itemState['0_0']).toMatchObject({ width: '10', height: '20' });
    expect(s().undo()).toBe(false);

    for (let i = 1; i <= 25; i++)
      s().setItem(`${i % 2}_0`, { nextToWall: i % 3 === 0, width: String(i) });
    for (let i = 25; i > 0; i--) {
      expect(s().data?.itemState[`${i % 2}_0`]?.width).toBe(String(i));
      expect(s().undo()).toBe(true);
    }
    expect(s().data?.itemState['0_0']?.width).toBe('10');
    expect(s().data?.itemState['1_0']?.width).toBe('14.375');
    expect(s().redo()).toBe(true);
    expect(s().data?.itemState['1_0']?.width).toBe('1');
  });

  it('an undo is a change like any other: the revision moves on, so the autosave saves it', () => {
    const store = measuredJob();
    store.getState().setItem('0_0', { width: '11' });
    const rev = store.getState().revision;
    store.getState().setSaveState('idle', rev);
    store.getState().undo();
    expect(store.getState().revision).toBe(rev + 1);
    expect(store.getState().revision).toBeGreaterThan(store.getState().savedRevision);
  });

  it('a removed cabinet comes back in place with all its measurements and overrides (notice Undo, and Ctrl+Z)', () => {
    const store = measuredJob();
    const before = store.getState().data;
    store.getState().removeCabinet('1');
    expect(store.getState().removed).toMatchObject({
      number: 2,
      position: 1,
      row: { id: '1', type: 'Base 1/1' },
    });
    expect(store.getState().data?.itemState['1_0']).toBeUndefined();
    store.getState().setItem('2_0', { width: '13' });
    store.getState().restoreRemoved();
    const after = store.getState().data;
    expect(rowsOf(after!).map((r) => r.id)).toEqual(['0', '1', '2']);
    expect(after?.itemState['1_0']).toEqual(before?.itemState['1_0']);
    expect(after?.itemState['1_0']?.stileRailOverride?.botRail).toBe(2.5);
    expect(after?.itemState['2_0']?.width).toBe('13');
    expect(store.getState().removed).toBeNull();

    store.getState().removeCabinet('0');
    store.getState().undo();
    expect(rowsOf(store.getState().data!).map((r) => r.id)).toEqual(['0', '1', '2']);
    expect(store.getState().data?.itemState['0_0']).toMatchObject({ width: '10', height: '20' });
    expect(store.getState().removed).toBeNull();
  });

  it('addCabinet returns the new row id; a no-op edit is not an undo step', () => {
    const store = measuredJob();
    const id = store.getState().addCabinet('Wall');
    expect(rowsOf(store.getState().data!).map((r) => r.id)).toEqual(['0', '1', '2', id]);
    const past = store.getState().past.length;
    store.getState().setItem('0_0', { width: '10' });
    expect(store.getState().past.length).toBe(past);
  });

  it('the row coming back from our own save moves the base only: undo still takes the edit back', () => {
    const store = createBuilderStore();
    const job = {
      cabinetRows: [{ id: 1, type: 'Wall' }],
      itemState: { '1_0': { width: '14', height: '30' } },
    };
    store.getState().load('p1', job);
    store.getState().setItem('1_0', { width: '15' });
    const saved = store.getState().data;
    store.getState().mergeRemote(saved);
    expect(store.getState().base).toEqual(saved);
    expect(draftSave(store.getState())?.options.base?.details).toEqual({ cabinetData: saved });
    store.getState().undo();
    expect(store.getState().data?.itemState['1_0']?.width).toBe('14');
  });

  it('another device’s change reaches the draft and its undo history; a field both changed is a conflict', () => {
    const store = createBuilderStore();
    const job = {
      cabinetRows: [
        { id: 1, type: 'Wall' },
        { id: 6, type: 'Wall' },
      ],
      itemState: {
        '1_0': { width: '14', height: '30' },
        '6_0': { width: '21.75', height: '30' },
      },
    };
    store.getState().load('p1', job);
    store.getState().setItem('1_0', { width: '15' });
    store.getState().setItem('6_0', { height: '31' });
    const theirs = structuredClone(job);
    theirs.itemState['6_0'] = { width: '22.125', height: '30.5' };
    store.getState().mergeRemote(theirs);
    const s = store.getState();
    expect(s.data?.itemState['6_0']).toMatchObject({ width: '22.125', height: '31' });
    expect(s.data?.itemState['1_0']?.width).toBe('15');
    expect(s.conflicts).toEqual([
      { path: ['itemState', '6_0', 'height'], base: '30', mine: '31', theirs: '30.5' },
    ]);
    // The save sends only this device's edits.
    const args = draftSave(s);
    expect(args?.options.base?.details?.cabinetData?.itemState['6_0']?.width).toBe('22.125');
    store.getState().undo();
    store.getState().undo();
    expect(store.getState().data?.itemState['6_0']).toMatchObject({
      width: '22.125',
      height: '30.5',
    });
    expect(store.getState().data?.itemState['1_0']?.width).toBe('14');
  });
});

describe('builder: cabinets changed on two devices', () => {
  const job = {
    cabinets: {
      '1': { type: 'Wall', order: 'a0' },
      '2': { type: 'Base 1/1', order: 'a1' },
    },
    itemState: {
      '1_0': { width: '20', height: '30' },
      '2_0': { width: '15', height: '24' },
      '2_1': { width: '15', height: '6' },
    },
  };

  it('a cabinet added here and one added there while the builder is open: both, mine unsaved', () => {
    const store = createBuilderStore();
    store.getState().load('p1', job);
    const mine = store.getState().addCabinet('Wall')!;
    store.getState().setItem(`${mine}_0`, { width: '21' });
    store.getState().mergeRemote({
      ...job,
      cabinets: { ...job.cabinets, other: { type: 'Base 1/1', order: 'a2' } },
      itemState: { ...job.itemState, other_0: { width: '17', height: '24' } },
    });
    const d = store.getState().data!;
    expect(rowsOf(d).map((r) => r.id)).toEqual(['1', '2', ...[mine, 'other'].sort()]);
    expect(d.itemState[`${mine}_0`]?.width).toBe('21');
    expect(d.itemState['other_0']?.width).toBe('17');
    expect(store.getState().conflicts).toEqual([]);
    // The save sends this device's cabinet only, never the other one back.
    const sent = draftSave(store.getState())!;
    expect(Object.keys(sent.options.base!.details!.cabinetData!.cabinets)).toContain('other');
  });

  it('removed there while measured here: one notice for the cabinet; Take theirs removes it, Keep mine keeps it', () => {
    const store = createBuilderStore();
    store.getState().load('p1', job);
    store.getState().setItem('2_0', { width: '16' });
    const removed = {
      cabinets: { '1': job.cabinets['1'] },
      itemState: { '1_0': job.itemState['1_0'] },
    };
    store.getState().mergeRemote(removed);
    const s = store.getState();
    expect(s.conflicts.map((c) => c.path)).toEqual([['cabinets', '2']]);
    expect(s.conflicts[0]?.theirs).toBeUndefined();
    expect(rowsOf(s.data!).map((r) => r.id)).toEqual(['1', '2']);
    expect(s.data!.itemState['2_1']).toMatchObject({ width: '15', height: '6' });
    store.getState().resolveConflict(['cabinets', '2'], 'theirs');
    expect(rowsOf(store.getState().data!).map((r) => r.id)).toEqual(['1']);
    expect(Object.keys(store.getState().data!.itemState)).toEqual(['1_0']);
    // Undo brings the cabinet and its sizes back (Keep mine, after the fact).
    store.getState().undo();
    expect(store.getState().data!.itemState['2_0']?.width).toBe('16');
  });

  it('three sides: removed on one device, measured after on another, measured here too: both widths shown', () => {
    const store = createBuilderStore();
    store.getState().load('p1', job);
    store.getState().setItem('2_0', { width: '17' });
    // The server's row: cabinet 2 removed, then another device's later width of its door.
    store.getState().mergeRemote({
      cabinets: { '1': job.cabinets['1'] },
      itemState: { '1_0': job.itemState['1_0'], '2_0': { width: '16' } },
    });
    const s = store.getState();
    expect(s.conflicts.map((c) => c.path)).toEqual([
      ['itemState', '2_0', 'width'],
      ['cabinets', '2'],
    ]);
    expect(s.conflicts[0]).toMatchObject({ mine: '17', theirs: '16' });
    expect(s.data!.itemState['2_0']?.width).toBe('17');
    // Taking the removal takes the part's own notice with it: nothing is left to choose for a removed part.
    store.getState().resolveConflict(['cabinets', '2'], 'theirs');
    expect(store.getState().conflicts).toEqual([]);
    expect(rowsOf(store.getState().data!).map((r) => r.id)).toEqual(['1']);
  });

  it('removed here while measured there: Take theirs brings the cabinet back with the other device’s sizes', () => {
    const store = createBuilderStore();
    store.getState().load('p1', job);
    store.getState().removeCabinet('2');
    store.getState().mergeRemote({
      ...job,
      itemState: { ...job.itemState, '2_0': { width: '16', height: '24' } },
    });
    expect(store.getState().conflicts.map((c) => c.path)).toEqual([['cabinets', '2']]);
    expect(rowsOf(store.getState().data!).map((r) => r.id)).toEqual(['1']);
    store.getState().resolveConflict(['cabinets', '2'], 'theirs');
    const d = store.getState().data!;
    expect(rowsOf(d).map((r) => r.id)).toEqual(['1', '2']);
    expect(d.itemState['2_0']?.width).toBe('16');
    expect(d.itemState['2_1']?.width).toBe('15');
  });

  it('moves: a move changes only the cabinet’s order key; moves of two cabinets on two devices both apply', () => {
    const store = createBuilderStore();
    store.getState().load('p1', {
      ...job,
      cabinets: { ...job.cabinets, '3': { type: 'Tall', order: 'a2' } },
    });
    const before = store.getState().data!;
    store.getState().moveCabinet('3', 0);
    const after = store.getState().data!;
    expect(rowsOf(after).map((r) => r.id)).toEqual(['3', '1', '2']);
    expect(after.itemState).toBe(before.itemState);
    const save = draftSave(store.getState())!;
    expect(save.changes.details!.cabinetData!.cabinets['3']!.order < 'a0').toBe(true);
    // Meanwhile another device moved cabinet 1 to the end.
    store.getState().mergeRemote({
      ...job,
      cabinets: {
        ...job.cabinets,
        '1': { type: 'Wall', order: 'a3' },
        '3': { type: 'Tall', order: 'a2' },
      },
    });
    expect(rowsOf(store.getState().data!).map((r) => r.id)).toEqual(['3', '2', '1']);
    expect(store.getState().conflicts).toEqual([]);
  });
});
