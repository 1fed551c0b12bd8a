import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyCabinetData, nextRowId, normalizeCabinetData } from './cabinetData';

describe('emptyCabinetData', () => {
  it('standard overlay, std option 1.5, stiles 1.5, mid stile 3, no cabinets', () => {
    const d = emptyCabinetData();
    expect(d.form).toMatchObject({ overlaySelect: 'sol', stdOption: 1.5, olSize: 0.5, sideReveal: 0, verticalReveal: 0, vertRevealOverride: false });
    expect(d.stileRail).toEqual({ leftStile: 1.5, rightStile: 1.5, midStile: 3, topRail: 1.5, botRail: 1.5, midRail1: 1.5, midRail2: 1.5, midRail3: 1.5 });
    expect(d.cabinetRows).toEqual([]);
    expect(d.itemState).toEqual({});
  });
});

describe('normalizeCabinetData', () => {
  it('accepts numeric strings as a form stores them', () => {
    const d = normalizeCabinetData({
      form: { nrs: 'NRS-1', overlaySelect: 'fol', stdOption: '1.625', sideReveal: '0.0625', verticalReveal: '0.25', vertRevealOverride: 'true' },
      stileRail: { leftStile: '2', rightStile: 2.25, midStile: '3.5', topRail: '1.75', botRail: '2', midRail1: '1.5', midRail2: '1.5', midRail3: '1.5' },
      cabinetRows: [{ id: '3', type: 'Wall' }],
      itemState: { '3_0': { width: 14.5, height: '30', nextToWall: 'true', splitDoor: false, type: 'Door' } },
    });
    expect(d.form).toMatchObject({ nrs: 'NRS-1', overlaySelect: 'fol', stdOption: 1.625, sideReveal: 0.0625, verticalReveal: 0.25, vertRevealOverride: true, olSize: 1.563 });
    expect(d.stileRail).toEqual({ leftStile: 2, rightStile: 2.25, midStile: 3.5, topRail: 1.75, botRail: 2, midRail1: 1.5, midRail2: 1.5, midRail3: 1.5 });
    expect(d.cabinetRows).toEqual([{ id: 3, type: 'Wall' }]);
    expect(d.itemState['3_0']).toEqual({ width: '14.5', height: '30', nextToWall: true, splitDoor: false, type: 'Door' });
  });

  it('missing stile/rail values fall back to 1.5, mid stile 3 (spec §5)', () => {
    const d = normalizeCabinetData({ form: { stdOption: 1.75 }, stileRail: { topRail: '2', botRail: '' } });
    expect(d.stileRail).toEqual({ leftStile: 1.5, rightStile: 1.5, midStile: 3, topRail: 2, botRail: 1.5, midRail1: 1.5, midRail2: 1.5, midRail3: 1.5 });
    expect(normalizeCabinetData({}).stileRail.midStile).toBe(3);
  });

  it('partial item overrides fall back to the job values', () => {
    const d = normalizeCabinetData({
      stileRail: { botRail: 2 },
      cabinetRows: [{ id: 0, type: 'Wall' }],
      itemState: { '0_0': { width: '10', height: '10', stileRailOverride: { topRail: '3' } } },
    });
    expect(d.itemState['0_0']?.stileRailOverride).toMatchObject({ topRail: 3, botRail: 2, midStile: 3 });
  });

  it('the vertical reveal follows the side reveal unless overridden; overlay is derived', () => {
    const d = normalizeCabinetData({ form: { overlaySelect: 'fol', stdOption: 1.5, sideReveal: 0.125, verticalReveal: 0.5, olSize: 9 } });
    expect(d.form.verticalReveal).toBe(0.125);
    expect(d.form.olSize).toBe(1.375);
    expect(normalizeCabinetData({ form: { overlaySelect: 'sol', olSize: 1.5 } }).form.olSize).toBe(0.5);
  });

  it('reads "FOL" in any case and a stored option label as its value', () => {
    const d = normalizeCabinetData({ form: { overlaySelect: ' FOL ', stdOption: 'STD 1 5/8"', sideReveal: '1/16"' } });
    expect(d.form).toMatchObject({ overlaySelect: 'fol', stdOption: 1.625, sideReveal: 0.0625, olSize: 1.563 });
  });

  it('reveals outside 0…1/2 fall back to 0; fraction strings are accepted', () => {
    expect(normalizeCabinetData({ form: { sideReveal: 2 } }).form.sideReveal).toBe(0);
    expect(normalizeCabinetData({ form: { sideReveal: '1/16' } }).form.sideReveal).toBe(0.0625);
  });

  it('keeps unknown cabinet types and repairs missing or duplicate ids', () => {
    const d = normalizeCabinetData({ cabinetRows: [{ id: 2, type: 'Corner Lazy' }, { type: 'Wall' }, { id: 2, type: 'Base 1/1' }, 'junk'] });
    expect(d.cabinetRows).toEqual([
      { id: 2, type: 'Corner Lazy' },
      { id: 3, type: 'Wall' },
      { id: 4, type: 'Base 1/1' },
    ]);
    expect(nextRowId(d.cabinetRows)).toBe(5);
    expect(nextRowId([])).toBe(0);
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        const d = normalizeCabinetData(raw);
        expect(Number.isFinite(d.form.olSize)).toBe(true);
        expect(Array.isArray(d.cabinetRows)).toBe(true);
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(
        fc.record({ form: fc.dictionary(fc.string(), fc.anything()), stileRail: fc.anything(), cabinetRows: fc.array(fc.anything()), itemState: fc.dictionary(fc.string(), fc.anything()) }),
        (raw) => {
          expect(() => normalizeCabinetData(raw)).not.toThrow();
        },
      ),
      { numRuns: 300 },
    );
  });
});
