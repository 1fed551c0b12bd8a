import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  storableText,
  storableValue,
  textFieldError,
  textLength,
  TEXT_LIMITS,
  tooLongFields,
} from './userText';

const NUL = String.fromCharCode(0);
const HIGH = '\uD83D'; // the first half of 🚪 alone
const LOW = '\uDEAA'; // its second half alone

describe('the one text rule', () => {
  it('turns a NUL into U+FFFD and keeps the rest', () => {
    expect(storableText(`Kitchen${NUL}Remodel`)).toBe('Kitchen\uFFFDRemodel');
    expect(storableText(`${NUL}${NUL}`)).toBe('\uFFFD\uFFFD');
  });

  it('repairs a lone high or low surrogate, anywhere in the text', () => {
    expect(storableText(`PO-${HIGH}`)).toBe('PO-\uFFFD');
    expect(storableText(`${HIGH}x`)).toBe('\uFFFDx');
    expect(storableText(`${LOW}PO`)).toBe('\uFFFDPO');
    expect(storableText(`a${LOW}${HIGH}b`)).toBe('a\uFFFD\uFFFDb');
  });

  it('keeps a valid pair (emoji) and plain text as they are', () => {
    const door = '🚪 Oak door, 15 ½" × 30"';
    expect(storableText(door)).toBe(door);
    expect(storableText(`${HIGH}${LOW}`)).toBe('🚪');
  });

  it('always gives well-formed text with the same number of characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const out = storableText(s);
        expect(out.isWellFormed()).toBe(true);
        expect(out.includes(NUL)).toBe(false);
        expect(out).toBe(s.replaceAll(NUL, '\uFFFD').toWellFormed());
        expect(storableText(out)).toBe(out);
      }),
      { numRuns: 300 },
    );
  });

  it('cleans every string of a nested value, keys included, and copies only what changed', () => {
    const untouched = { form: { door: 'Shaker' } };
    const details = {
      description: `a${NUL}b`,
      projectScopes: ['kitchen', `bath${HIGH}`],
      cabinetData: { form: { poNumber: `PO${NUL}7` }, itemState: { [`k${NUL}`]: { width: '14' } } },
      untouched,
      n: 3,
    };
    const out = storableValue(details);
    expect(out).toEqual({
      description: 'a\uFFFDb',
      projectScopes: ['kitchen', 'bath\uFFFD'],
      cabinetData: {
        form: { poNumber: 'PO\uFFFD7' },
        itemState: { 'k\uFFFD': { width: '14' } },
      },
      untouched,
      n: 3,
    });
    expect(out.untouched).toBe(untouched);
    expect(storableValue(untouched)).toBe(untouched);
  });

  it('counts characters as PostgreSQL does: an emoji is one', () => {
    expect(textLength('🚪a')).toBe(2);
    expect(textLength('abc')).toBe(3);
    expect(textLength(`${HIGH}`)).toBe(1);
  });

  it('refuses a text past its field limit and takes the limit itself', () => {
    const limit = TEXT_LIMITS['projects.details.cabinetData.form.poNumber'];
    expect(textFieldError('projects.details.cabinetData.form.poNumber', 'P'.repeat(limit))).toBe(
      undefined,
    );
    expect(
      textFieldError('projects.details.cabinetData.form.poNumber', 'P'.repeat(limit + 1)),
    ).toBe(`Keep this to ${limit} characters (it has ${limit + 1})`);
    // 60 emoji are 120 UTF-16 units but 60 characters: taken.
    expect(textFieldError('projects.details.cabinetData.form.poNumber', '🚪'.repeat(limit))).toBe(
      undefined,
    );
  });

  it('finds every limited field of a write that is too long, nested details included', () => {
    const long = tooLongFields('projects', {
      name: 'n'.repeat(201),
      details: { cabinetData: { form: { nrs: 'x'.repeat(50_000), poNumber: 'PO-7' } } },
    });
    expect(long).toEqual([
      { field: 'projects.name', limit: 200, length: 201 },
      { field: 'projects.details.cabinetData.form.nrs', limit: 200, length: 50_000 },
    ]);
    expect(tooLongFields('profiles', { first_name: 'Ann' })).toEqual([]);
  });
});
