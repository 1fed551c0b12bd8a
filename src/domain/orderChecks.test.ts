import { describe, expect, it } from 'vitest';
import { normalizeCabinetData } from './cabinetData';
import { doorPairsOf, layoutFrame } from './cabinetLayout';
import { checkOrder } from './orderChecks';

const item = (width: string, height: string, extra: Record<string, unknown> = {}) => ({
  width,
  height,
  ...extra,
});

function job(
  rows: string[],
  itemState: Record<string, unknown>,
  form: Record<string, unknown> = {},
) {
  return normalizeCabinetData({
    form,
    cabinetRows: rows.map((type, id) => ({ id, type })),
    itemState,
  });
}

const codes = (data: ReturnType<typeof job>) =>
  checkOrder(data).checks.map(
    (c) => `${c.level}:${c.code}:${c.cabinetNumber ?? 'job'}:${c.index ?? '-'}`,
  );

describe('checkOrder', () => {
  it('a fully measured, ordinary cabinet is complete with no checks', () => {
    const r = checkOrder(job(['Base 1/1'], { '0_0': item('14', '22'), '0_1': item('14', '5') }));
    expect(r.checks).toEqual([]);
    expect(r.byCabinet.get('0')).toEqual({ state: 'complete', errors: 0, warnings: 0 });
  });

  it('missing (empty or 0) and invalid measurements are red errors, with where and what', () => {
    const data = job(['Base 1/1', 'Wall'], {
      '0_0': item('', '0'),
      '0_1': item('abc', '5'),
      '1_0': item('9999', '20'),
    });
    const r = checkOrder(data);
    expect(r.checks.map((c) => c.message)).toEqual([
      'Cabinet 1 Door 1: width not measured',
      'Cabinet 1 Door 1: height not measured',
      'Cabinet 1 Front 2: width “abc” is not a size',
      'Cabinet 2 Door 1: width “9999” is over 120"',
    ]);
    expect(r.errors).toBe(4);
    expect(r.byCabinet.get('0')?.state).toBe('error');
    expect(r.byCabinet.get('1')?.state).toBe('error');
  });

  it('a cabinet with only unmeasured parts is "missing", not "error"', () => {
    const r = checkOrder(job(['Wall'], { '0_0': item('', '') }));
    expect(r.byCabinet.get('0')).toEqual({ state: 'missing', errors: 2, warnings: 0 });
  });

  it('a finished size of zero or less is an error', () => {
    // a tiny drawer-front opening with zero rails and a 1/2" vertical reveal: 0 − 0.5 + (0 − 0.25) + 0.5 < 0
    const data = job(['Desk/Lap Draw 0/1'], { '0_0': item('10', '0.5') }, { sideReveal: 0.5 });
    data.stileRail = { ...data.stileRail, botRail: 0, midRail1: 0 };
    expect(codes(data)).toContain('error:invalid-size:1:0');
  });

  it('warns: single door over 24" wide, door over 60" tall, drawer front under 4" high, opening over 60" wide', () => {
    const data = job(['Wall', 'Base Full Ht 1/0', 'Desk/Lap Draw 0/1', 'Desk/Lap Draw 0/1'], {
      '0_0': item('23.5', '20'), // 24.5 wide
      '1_0': item('15', '60'), // 60 + 2.25 tall
      '2_0': item('20', '1.5'), // 1.5 + 2.25 = 3.75 high
      '3_0': item('61', '6'),
    });
    expect(codes(data)).toEqual([
      'warning:wide-door:1:0',
      'warning:tall-door:2:0',
      'warning:low-drawer-front:3:0',
      'warning:wide-opening:4:0',
    ]);
    const r = checkOrder(data);
    expect(r.checks[0]?.message).toBe(
      'Cabinet 1 Door 1: door 24 1/2" wide — a single door over 24" sags and swings far into the room; consider a split pair',
    );
    expect(r.byCabinet.get('0')?.state).toBe('warning');
  });

  it('a split wide door is not warned (it is already a pair)', () => {
    expect(codes(job(['Wall'], { '0_0': item('40', '20', { splitDoor: true }) }))).toEqual([]);
  });

  it('the two doors of a pair that differ are warned; a wall-side narrowing alone is not', () => {
    expect(
      codes(job(['Base Full Ht 2/0'], { '0_0': item('14', '30'), '0_1': item('14.25', '30') })),
    ).toEqual(['warning:pair-differs:1:1']);
    expect(
      codes(job(['Base Full Ht 2/0'], { '0_0': item('14', '30'), '0_1': item('14', '30') })),
    ).toEqual([]);
    const fol = { overlaySelect: 'fol', stdOption: 1.5 };
    expect(
      codes(
        job(
          ['Base Full Ht 2/0'],
          { '0_0': item('14', '30', { nextToWall: true }), '0_1': item('14', '30') },
          fol,
        ),
      ),
    ).toEqual([]);
    expect(
      codes(
        job(['Base Full Ht 2/0'], {
          '0_0': item('14', '30'),
          '0_1': item('14', '30', { splitDoor: true }),
        }),
      ),
    ).toEqual([]);
  });

  it('a reveal of 1/2" is a job warning', () => {
    const r = checkOrder(job([], {}, { sideReveal: 0.5 }));
    expect(r.checks.map((c) => c.code)).toEqual(['wide-reveal', 'wide-reveal']);
    expect(r.checks[0]?.rowId).toBeNull();
  });

  it('an unknown type is an error', () => {
    expect(codes(job(['Corner Blind'], {}))).toEqual(['error:unknown-cabinet-type:1:-']);
  });
});

describe('cabinet layout', () => {
  it('door pairs are the doors side by side', () => {
    expect(doorPairsOf('Base 2/1')).toEqual([[0, 1]]);
    expect(doorPairsOf('VB 2/3')).toEqual([[0, 1]]);
    expect(doorPairsOf('Pantry 2/0')).toEqual([]);
    expect(doorPairsOf('Wall')).toEqual([]);
  });

  it('places a Base 2/1: front over two doors, stiles and rails around', () => {
    const frame = {
      leftStile: 1.5,
      rightStile: 1.5,
      midStile: 3,
      topRail: 1.5,
      botRail: 1.5,
      midRail1: 1.5,
      midRail2: 1.5,
      midRail3: 1.5,
    };
    const l = layoutFrame(
      'Base 2/1',
      [
        { w: 12, h: 20 },
        { w: 12, h: 20 },
        { w: 27, h: 5 },
      ],
      frame,
    );
    expect(l).toMatchObject({ width: 30, height: 1.5 + 5 + 1.5 + 20 + 1.5 });
    expect(l?.openings.map((o) => [o.index, o.x, o.y, o.w, o.h, o.atLeft, o.atRight])).toEqual([
      [0, 1.5, 8, 12, 20, true, false],
      [1, 16.5, 8, 12, 20, false, true],
      [2, 1.5, 1.5, 27, 5, true, true],
    ]);
    expect(layoutFrame('Nope', [], frame)).toBeUndefined();
  });
});
