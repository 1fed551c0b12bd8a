import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../tests/support/cabinetRows';
import { emptyCabinetData, normalizeCabinetData } from './cabinetData';

describe('emptyCabinetData', () => {
  it('standard overlay, std option 1.5, stiles 1.5, mid stile 3, no cabinets', () => {
    const d = emptyCabinetData();
    expect(d.form).toMatchObject({
      overlaySelect: 'sol',
      stdOption: 1.5,
      olSize: 0.5,
      sideReveal: 0,
      verticalReveal: 0,
      vertRevealOverride: false,
    });
    expect(d.stileRail).toEqual({
      leftStile: 1.5,
      rightStile: 1.5,
      midStile: 3,
      topRail: 1.5,
      botRail: 1.5,
      midRail1: 1.5,
      midRail2: 1.5,
      midRail3: 1.5,
    });
    expect(rowsOf(d)).toEqual([]);
    expect(d.itemState).toEqual({});
  });
});

describe('normalizeCabinetData', () => {
  it('accepts numeric strings as a form stores them', () => {
    const d = normalizeCabinetData({
      form: {
        nrs: 'NRS-1',
        overlaySelect: 'fol',
        stdOption: '1.625',
        sideReveal: '0.0625',
        verticalReveal: '0.25',
        vertRevealOverride: 'true',
      },
      stileRail: {
        leftStile: '2',
        rightStile: 2.25,
        midStile: '3.5',
        topRail: '1.75',
        botRail: '2',
        midRail1: '1.5',
        midRail2: '1.5',
        midRail3: '1.5',
      },
      cabinetRows: [{ id: '3', type: 'Wall' }],
      itemState: {
        '3_0': { width: 14.5, height: '30', nextToWall: 'true', splitDoor: false, type: 'Door' },
      },
    });
    expect(d.form).toMatchObject({
      nrs: 'NRS-1',
      overlaySelect: 'fol',
      stdOption: 1.625,
      sideReveal: 0.0625,
      verticalReveal: 0.25,
      vertRevealOverride: true,
      olSize: 1.563,
    });
    expect(d.stileRail).toEqual({
      leftStile: 2,
      rightStile: 2.25,
      midStile: 3.5,
      topRail: 1.75,
      botRail: 2,
      midRail1: 1.5,
      midRail2: 1.5,
      midRail3: 1.5,
    });
    expect(rowsOf(d)).toEqual([{ id: '3', type: 'Wall' }]);
    expect(d.itemState['3_0']).toEqual({
      width: '14.5',
      height: '30',
      nextToWall: true,
      splitDoor: false,
      type: 'Door',
    });
  });

  it('missing stile/rail values fall back to 1.5, mid stile 3 (product rules "Input checks")', () => {
    const d = normalizeCabinetData({
      form: { stdOption: 1.75 },
      stileRail: { topRail: '2', botRail: '' },
    });
    expect(d.stileRail).toEqual({
      leftStile: 1.5,
      rightStile: 1.5,
      midStile: 3,
      topRail: 2,
      botRail: 1.5,
      midRail1: 1.5,
      midRail2: 1.5,
      midRail3: 1.5,
    });
    expect(normalizeCabinetData({}).stileRail.midStile).toBe(3);
  });

  it('partial item overrides fall back to the job values', () => {
    const d = normalizeCabinetData({
      stileRail: { botRail: 2 },
      cabinetRows: [{ id: 0, type: 'Wall' }],
      itemState: { '0_0': { width: '10', height: '10', stileRailOverride: { topRail: '3' } } },
    });
    expect(d.itemState['0_0']?.stileRailOverride).toMatchObject({
      topRail: 3,
      botRail: 2,
      midStile: 3,
    });
  });

  it('the vertical reveal follows the side reveal unless overridden; overlay is derived', () => {
    const d = normalizeCabinetData({
      form: {
        overlaySelect: 'fol',
        stdOption: 1.5,
        sideReveal: 0.125,
        verticalReveal: 0.5,
        olSize: 9,
      },
    });
    expect(d.form.verticalReveal).toBe(0.125);
    expect(d.form.olSize).toBe(1.375);
    expect(normalizeCabinetData({ form: { overlaySelect: 'sol', olSize: 1.5 } }).form.olSize).toBe(
      0.5,
    );
  });

  it('reads "FOL" in any case and a stored option label as its value', () => {
    const d = normalizeCabinetData({
      form: { overlaySelect: ' FOL ', stdOption: 'STD 1 5/8"', sideReveal: '1/16"' },
    });
    expect(d.form).toMatchObject({
      overlaySelect: 'fol',
      stdOption: 1.625,
      sideReveal: 0.0625,
      olSize: 1.563,
    });
  });

  it('reveals outside 0…1/2 fall back to 0; fraction strings are accepted', () => {
    expect(normalizeCabinetData({ form: { sideReveal: 2 } }).form.sideReveal).toBe(0);
    expect(normalizeCabinetData({ form: { sideReveal: '1/16' } }).form.sideReveal).toBe(0.0625);
  });

  it('keeps unknown cabinet types and repairs missing or duplicate ids', () => {
    const d = normalizeCabinetData({
      cabinetRows: [
        { id: 2, type: 'Corner Lazy' },
        { type: 'Wall' },
        { id: 2, type: 'Base 1/1' },
        'junk',
      ],
    });
    expect(rowsOf(d)).toEqual([
      { id: '2', type: 'Corner Lazy' },
      { id: '3', type: 'Wall' },
      { id: '4', type: 'Base 1/1' },
    ]);
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        const d = normalizeCabinetData(raw);
        expect(Number.isFinite(d.form.olSize)).toBe(true);
        expect(Array.isArray(rowsOf(d))).toBe(true);
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(
        fc.record({
          form: fc.dictionary(fc.string(), fc.anything()),
          stileRail: fc.anything(),
          cabinetRows: fc.array(fc.anything()),
          itemState: fc.dictionary(fc.string(), fc.anything()),
        }),
        (raw) => {
          expect(() => normalizeCabinetData(raw)).not.toThrow();
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('normalizeCabinetData with malformed stored data', () => {
  /** Every number anywhere in `value`. */
  function numbersIn(value: unknown): number[] {
    if (typeof value === 'number') return [value];
    if (Array.isArray(value)) return value.flatMap(numbersIn);
    if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(numbersIn);
    return [];
  }

  it('wrong types fall back field by field and keep the good values next to them', () => {
    const d = normalizeCabinetData({
      form: {
        nrs: { no: 1 },
        door: 'Shaker',
        drawerFront: ['Slab'],
        color: 7,
        overlaySelect: 3,
        stdOption: [1.75],
        sideReveal: { v: 0.125 },
        verticalReveal: 'x',
        vertRevealOverride: 'yes',
      },
      stileRail: { leftStile: '2', rightStile: true, midStile: null, topRail: [1], botRail: 2.25 },
      cabinetRows: { 0: { id: 0, type: 'Wall' } },
      itemState: [{ width: '10' }],
      notes: ['a'],
      showNotes: 'yes',
    });
    expect(d.form).toEqual({
      nrs: '',
      door: 'Shaker',
      drawerFront: '',
      color: '7',
      finish: '',
      poNumber: '',
      overlaySelect: 'sol',
      stdOption: 1.5,
      olSize: 0.5,
      sideReveal: 0,
      verticalReveal: 0,
      vertRevealOverride: false,
    });
    expect(d.stileRail).toEqual({
      leftStile: 2,
      rightStile: 1.5,
      midStile: 3,
      topRail: 1.5,
      botRail: 2.25,
      midRail1: 1.5,
      midRail2: 1.5,
      midRail3: 1.5,
    });
    expect(rowsOf(d)).toEqual([]);
    expect(d.itemState).toEqual({});
    expect(d.notes).toBe('');
    expect(d.showNotes).toBe(false);
  });

  it('one bad row or item never costs the others', () => {
    const d = normalizeCabinetData({
      cabinetRows: [
        { id: 0, type: 'Wall' },
        null,
        42,
        { id: 'one', type: 'Base 1/1' },
        { id: 1, type: ['Tall'] },
      ],
      itemState: {
        '0_0': { width: '14 1/2', height: 30, nextToWall: 1, splitDoor: 'on', type: 'Door' },
        '0_1': 'garbage',
        '2_0': { width: { in: 10 }, height: null, nextToWall: 'no', stileRailOverride: 'wide' },
      },
    });
    expect(rowsOf(d)).toEqual([
      { id: '0', type: 'Wall' },
      { id: '2', type: 'Base 1/1' },
      { id: '1', type: '' },
    ]);
    expect(d.itemState).toEqual({
      '0_0': { width: '14 1/2', height: '30', nextToWall: true, splitDoor: true, type: 'Door' },
      '2_0': { width: '', height: '', nextToWall: false, splitDoor: false, type: '' },
    });
  });

  it('missing fields take the defaults of a new job', () => {
    expect(
      normalizeCabinetData({ form: {}, stileRail: {}, cabinetRows: [], itemState: {} }),
    ).toEqual(emptyCabinetData());
    expect(normalizeCabinetData({ cabinetRows: [{}], itemState: { '0_0': {} } })).toMatchObject({
      cabinets: { '0': { type: '', order: 'a0' } },
      itemState: {
        '0_0': { width: '', height: '', nextToWall: false, splitDoor: false, type: '' },
      },
    });
    for (const raw of [undefined, null, 'text', 12, [], true])
      expect(normalizeCabinetData(raw)).toEqual(emptyCabinetData());
  });

  it('fields the builder does not know are left out; known ones beside them are kept', () => {
    const d = normalizeCabinetData({
      version: 9,
      form: { door: 'Shaker', olSize: 4, theme: 'dark' },
      stileRail: { leftStile: 2, bevel: 0.25 },
      cabinetRows: [{ id: 0, type: 'Wall', colour: 'red' }],
      itemState: {
        '0_0': {
          width: '10',
          height: '12',
          finish: 'matte',
          stileRailOverride: { topRail: 3, extra: 1 },
        },
      },
      notes: 'Back door',
    });
    expect(Object.keys(d)).toEqual([
      'form',
      'stileRail',
      'cabinets',
      'itemState',
      'notes',
      'showNotes',
    ]);
    expect(Object.keys(d.form)).toEqual(Object.keys(emptyCabinetData().form));
    expect(d.form.door).toBe('Shaker');
    expect(d.form.olSize).toBe(0.5);
    expect(d.stileRail).not.toHaveProperty('bevel');
    expect(d.stileRail.leftStile).toBe(2);
    expect(rowsOf(d)).toEqual([{ id: '0', type: 'Wall' }]);
    expect(d.itemState['0_0']).toEqual({
      width: '10',
      height: '12',
      nextToWall: false,
      splitDoor: false,
      type: '',
      stileRailOverride: {
        leftStile: 2,
        rightStile: 1.5,
        midStile: 3,
        topRail: 3,
        botRail: 1.5,
        midRail1: 1.5,
        midRail2: 1.5,
        midRail3: 1.5,
      },
    });
    expect(d.notes).toBe('Back door');
  });

  it('NaN, Infinity and overflowing numbers or strings take the fallback, never reach the output', () => {
    const huge = '9'.repeat(400);
    const d = normalizeCabinetData({
      form: {
        overlaySelect: 'fol',
        stdOption: 'Infinity',
        sideReveal: 'NaN',
        verticalReveal: Number.NaN,
        vertRevealOverride: true,
        color: Number.POSITIVE_INFINITY,
      },
      stileRail: {
        leftStile: huge,
        rightStile: `${huge}/${huge}`,
        midStile: Number.NaN,
        topRail: Number.POSITIVE_INFINITY,
        botRail: '1e400',
        midRail1: '-Infinity',
      },
      cabinetRows: [
        { id: Number.NaN, type: 'Wall' },
        { id: Number.POSITIVE_INFINITY, type: 'Wall' },
        { id: huge, type: 'Wall' },
        { id: 1.5, type: 'Wall' },
      ],
      itemState: {
        '0_0': {
          width: Number.NaN,
          height: Number.NEGATIVE_INFINITY,
          stileRailOverride: { topRail: huge },
        },
      },
    });
    expect(d.form).toMatchObject({
      stdOption: 1.5,
      sideReveal: 0,
      verticalReveal: 0,
      olSize: 1.5,
      color: '',
    });
    expect(d.stileRail).toEqual({
      leftStile: 1.5,
      rightStile: 1.5,
      midStile: 3,
      topRail: 1.5,
      botRail: 1.5,
      midRail1: 1.5,
      midRail2: 1.5,
      midRail3: 1.5,
    });
    expect(rowsOf(d).map((r) => r.id)).toEqual(['0', '1', '2', '3']);
    expect(d.itemState['0_0']).toMatchObject({
      width: '',
      height: '',
      stileRailOverride: { topRail: 1.5 },
    });
    expect(numbersIn(d).every(Number.isFinite)).toBe(true);
  });

  it('whatever is stored, every number that comes out is finite', () => {
    const nasty = fc.oneof(
      fc.anything(),
      fc.constantFrom(
        'NaN',
        'Infinity',
        '-Infinity',
        '1e400',
        '9'.repeat(400),
        `${'9'.repeat(400)}/${'9'.repeat(400)}`,
        Number.NaN,
        Infinity,
        -Infinity,
        -0,
      ),
    );
    const stileRail = fc.dictionary(
      fc.constantFrom(
        'leftStile',
        'rightStile',
        'midStile',
        'topRail',
        'botRail',
        'midRail1',
        'midRail2',
        'midRail3',
      ),
      nasty,
    );
    fc.assert(
      fc.property(
        fc.record({
          form: fc.dictionary(
            fc.constantFrom(
              'overlaySelect',
              'stdOption',
              'sideReveal',
              'verticalReveal',
              'vertRevealOverride',
              'olSize',
            ),
            nasty,
          ),
          stileRail,
          cabinetRows: fc.array(fc.record({ id: nasty, type: nasty })),
          itemState: fc.dictionary(
            fc.string(),
            fc.record({ width: nasty, height: nasty, stileRailOverride: stileRail }),
          ),
          hingeRule: fc.record({ mode: fc.constant('byHeight'), upTo: fc.array(nasty) }),
        }),
        (raw) => {
          expect(numbersIn(normalizeCabinetData(raw)).every(Number.isFinite)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
