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
