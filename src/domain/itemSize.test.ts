import { describe, expect, it } from 'vitest';
import { emptyCabinetData, stileRailFor, type ItemState } from './cabinetData';
import { itemSize, sizeContext, type ItemSize } from './itemSize';
import { setOverlayMode } from './overlay';

const sol = sizeContext(emptyCabinetData());
const fol = sizeContext(setOverlayMode(emptyCabinetData(), 'fol'));

function item(patch: Partial<ItemState>): ItemState {
  return { width: '', height: '', nextToWall: false, splitDoor: false, type: 'Door', ...patch };
}

describe('itemSize: guards (never NaN, Infinity or negative)', () => {
  it.each<[string, ItemState | undefined, ItemSize]>([
    ['never touched', undefined, { ok: false, error: 'missing-width' }],
    ['empty width', item({ height: '30' }), { ok: false, error: 'missing-width' }],
    ['zero width', item({ width: '0', height: '30' }), { ok: false, error: 'missing-width' }],
    ['text width', item({ width: 'abc', height: '30' }), { ok: false, error: 'invalid-width' }],
    ['empty height', item({ width: '14' }), { ok: false, error: 'missing-height' }],
    ['bad height', item({ width: '14', height: '3..0' }), { ok: false, error: 'invalid-height' }],
    [
      'negative height',
      item({ width: '14', height: '-3' }),
      { ok: false, error: 'invalid-height' },
    ],
  ])('%s', (_n, state, expected) => {
    expect(itemSize(sol, 'Door', state)).toEqual(expected);
  });

  it('a formula result ≤ 0 is an error, not a size', () => {
    // override rails 0, reveal 1/2: 0 − 0.5 + (0 − 0.25) + 0.5 = −0.25
    const ctx = { ...sol, verticalRevealIn: sol.verticalRevealIn + 0.5 } as typeof sol;
    const zero = { ...stileRailFor(0) };
    expect(
      itemSize(ctx, 'Door', item({ width: '10', height: '0.5', stileRailOverride: zero })),
    ).toEqual({ ok: false, error: 'invalid-size' });
  });
});

describe('itemSize: sizes', () => {
  it('sol door 14.5 × 30: w 15.5, h 1.5 + 0.75 + 30 = 32.25', () => {
    expect(itemSize(sol, 'Door', item({ width: '14.5', height: '30' }))).toEqual({
      ok: true,
      finishedWidthIn: 15.5,
      finishedHeightIn: 32.25,
      quantity: 1,
    });
  });

  it('fol split next to wall door: (3 + 30)/2 − 0.0625 − 1.25 = 15.1875, quantity 2', () => {
    expect(
      itemSize(fol, 'Door', item({ width: '30', height: '30', splitDoor: true, nextToWall: true })),
    ).toEqual({
      ok: true,
      finishedWidthIn: 15.1875,
      finishedHeightIn: 32.25,
      quantity: 2,
    });
  });

  it('uses the item override: botRail 2, midRail1 1 → 2 + 0.5 + 30 = 32.5', () => {
    const override = { ...stileRailFor(1.5), botRail: 2, midRail1: 1 };
    const r = itemSize(
      sol,
      'Door',
      item({ width: '10', height: '30', stileRailOverride: override }),
    );
    expect(r).toEqual({ ok: true, finishedWidthIn: 11, finishedHeightIn: 32.5, quantity: 1 });
  });

  it('accepts fraction text from imports: "14 1/2" → 15.5', () => {
    expect(itemSize(sol, 'Front', item({ width: '14 1/2', height: '6' }))).toMatchObject({
      ok: true,
      finishedWidthIn: 15.5,
      finishedHeightIn: 8.25,
    });
  });
});
