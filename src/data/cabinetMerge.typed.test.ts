/**
 * The merge of two devices' edits keeps each measurement's typed form ("15 5/8") with its number
 * (cabinetMerge.ts, typedSizes.ts): never a typed text from one device beside the other's number.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMeasurement } from '../domain/measurementInput';
import { pairTypedSizes, typedAgrees, typedFormOf } from '../domain/typedSizes';
import { mergeCabinetData } from './cabinetMerge';

describe('the merge keeps a typed form with its number', () => {
  const doc = (width: string, widthTyped?: string) => ({
    cabinets: { a: { type: 'Wall', order: 'a0' } },
    itemState: { a_0: { width, height: '30', ...(widthTyped ? { widthTyped } : {}) } },
  });

  it('a size typed on the other device arrives with its typed form', () => {
    const base = doc('14');
    const { merged, conflicts } = mergeCabinetData(base, base, doc('15.625', '15 5/8'));
    expect(conflicts).toEqual([]);
    expect(merged).toMatchObject({ itemState: { a_0: { width: '15.625', widthTyped: '15 5/8' } } });
  });

  it('both devices typed a size: one conflict on the number, mine kept with my typed form; taking theirs takes their form', () => {
    const base = doc('14');
    const mine = doc('15.625', '15 5/8');
    const theirs = doc('14.5', '14,5');
    const { merged, conflicts } = mergeCabinetData(base, mine, theirs);
    expect(conflicts.map((c) => c.path)).toEqual([['itemState', 'a_0', 'width']]);
    expect(merged).toMatchObject({ itemState: { a_0: { width: '15.625', widthTyped: '15 5/8' } } });
    // The choice of theirs sets the number; its typed form comes with it from their document.
    const taken = pairTypedSizes(
      { ...merged, itemState: { a_0: { ...doc('14.5').itemState.a_0, widthTyped: '15 5/8' } } },
      [theirs],
    );
    expect(taken).toMatchObject({ itemState: { a_0: { width: '14.5', widthTyped: '14,5' } } });
  });

  it('an older device that changes the number but not the typed form leaves no wrong text behind', () => {
    const base = doc('15.625', '15 5/8');
    // The older client writes the number only; the typed form it never knew stays in its copy.
    const theirs = { ...base, itemState: { a_0: { ...base.itemState.a_0, width: '16' } } };
    const { merged, conflicts } = mergeCabinetData(base, base, theirs);
    expect(conflicts).toEqual([]);
    expect(merged).toMatchObject({ itemState: { a_0: { width: '16' } } });
    expect((merged.itemState as Record<string, object>).a_0).not.toHaveProperty('widthTyped');
  });

  it('the same size in two forms is no conflict', () => {
    const base = doc('14');
    const { merged, conflicts } = mergeCabinetData(
      base,
      doc('14.5', '14 1/2'),
      doc('14.5', '14,5'),
    );
    expect(conflicts).toEqual([]);
    expect(merged).toMatchObject({ itemState: { a_0: { width: '14.5', widthTyped: '14 1/2' } } });
  });

  it('any two concurrent typed sizes: the merged typed form always reads as the merged number', () => {
    const sizes = fc.constantFrom('14', '14 1/2', '14,5', '15 5/8', '15.625', '3/8', '');
    fc.assert(
      fc.property(sizes, sizes, sizes, (b, m, t) => {
        const as = (typed: string) => {
          const p = parseMeasurement(typed);
          return p.ok ? doc(p.stored, typedFormOf(typed, p.stored)) : doc('');
        };
        const { merged } = mergeCabinetData(as(b), as(m), as(t));
        const part = (merged.itemState as Record<string, { width: string; widthTyped?: string }>)
          .a_0!;
        return part.widthTyped === undefined || typedAgrees(part.widthTyped, part.width);
      }),
    );
  });
});
