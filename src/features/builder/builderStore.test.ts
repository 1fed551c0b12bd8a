import { describe, expect, it } from 'vitest';
import { createBuilderStore } from './builderStore';

describe('builder draft store', () => {
  it('seeds from stored cabinetData (normalized) and counts revisions', () => {
    const store = createBuilderStore();
    store.getState().load('p1', { form: { overlaySelect: 'fol', stdOption: '1.75' }, cabinetRows: [{ id: 4, type: 'Wall' }] });
    expect(store.getState()).toMatchObject({ projectId: 'p1', revision: 0, saveState: 'idle' });
    expect(store.getState().data?.form.olSize).toBe(1.75);
    store.getState().setText('nrs', 'N-1');
    expect(store.getState().revision).toBe(1);
    expect(store.getState().data?.form.nrs).toBe('N-1');
  });

  it('adds a cabinet with the next id and one blank item per part; remove drops its items', () => {
    const store = createBuilderStore();
    store.getState().load('p1', { cabinetRows: [{ id: 4, type: 'Wall' }], itemState: { '4_0': { width: '10', height: '20' } } });
    store.getState().addCabinet('Base 2/1');
    const d = store.getState().data;
    expect(d?.cabinetRows).toEqual([
      { id: 4, type: 'Wall' },
      { id: 5, type: 'Base 2/1' },
    ]);
    expect(Object.keys(d?.itemState ?? {})).toEqual(['4_0', '5_0', '5_1', '5_2']);
    expect(d?.itemState['5_2']).toEqual({ width: '', height: '', nextToWall: false, splitDoor: false, type: 'Front' });
    store.getState().removeCabinet(4);
    expect(Object.keys(store.getState().data?.itemState ?? {})).toEqual(['5_0', '5_1', '5_2']);
  });

  it('a typed change touches only its own item object (so only that part re-renders)', () => {
    const store = createBuilderStore();
    store.getState().load('p1', {});
    store.getState().addCabinet('Base 2/1');
    const before = store.getState().data;
    store.getState().setItem('0_1', { width: '12.5' });
    const after = store.getState().data;
    expect(after?.itemState['0_0']).toBe(before?.itemState['0_0']);
    expect(after?.itemState['0_1']).not.toBe(before?.itemState['0_1']);
    expect(after?.cabinetRows).toBe(before?.cabinetRows);
    expect(after?.form).toBe(before?.form);
  });

  it('std option resets the job stiles/rails (mid stile ×2) but keeps item overrides', () => {
    const store = createBuilderStore();
    store.getState().load('p1', {});
    store.getState().addCabinet('Wall');
    store.getState().setOverrideEnabled('0_0', true);
    store.getState().setItemOverride('0_0', 'botRail', 2.5);
    store.getState().setStdOption(1.625);
    const d = store.getState().data;
    expect(d?.stileRail.midStile).toBe(3.25);
    expect(d?.stileRail.botRail).toBe(1.625);
    expect(d?.itemState['0_0']?.stileRailOverride).toMatchObject({ botRail: 2.5, topRail: 1.5, midStile: 3 });
    store.getState().setOverrideEnabled('0_0', false);
    expect(store.getState().data?.itemState['0_0']?.stileRailOverride).toBeUndefined();
  });
});
