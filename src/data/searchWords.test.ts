import { describe, expect, it } from 'vitest';
import { projectSearchWords, searchQueryWords } from './searchWords';

/** True when `query` finds a project with `words` (every query word prefixes one of them), as queryProjects does. */
function finds(words: string[], query: string): boolean {
  const q = searchQueryWords(query);
  return q.length > 0 && q.every((w) => words.some((pw) => pw.startsWith(w)));
}

describe('projectSearchWords', () => {
  const words = projectSearchWords('Smith Kitchen', {
    address: '12 Oak Street, Springfield',
    email: 'Jane.Smith@Example.com',
    phone: '(555) 123-4567',
  });

  it('leaves out words that prefix another (fewer index entries, same matches)', () => {
    expect(words).toEqual([
      '1234567',
      '4567',
      '5551234567',
      'com',
      'example.com',
      'jane.smith@example.com',
      'kitchen',
      'oak',
      'smith',
      'springfield',
      'street',
    ]);
    for (const w of words) expect(words.filter((o) => o !== w && o.startsWith(w))).toEqual([]);
  });

  it.each([
    ['smith', true],
    ['kitch smi', true],
    ['12 oak', true],
    ['jane', true],
    ['example', true],
    ['jane.smith@ex', true],
    ['(555) 123-4567', true],
    ['555-123', true],
    ['123-4567', true],
    ['4567', true],
    ['oak maple', false],
    ['666', false],
  ])('query %j finds it: %s', (query, expected) => {
    expect(finds(words, query)).toBe(expected);
  });

  it('keeps letters typed in a phone field and copes with missing details', () => {
    expect(projectSearchWords('Job', { phone: '555 0100 ext 7' })).toEqual(
      expect.arrayContaining(['ext', '55501007']),
    );
    expect(projectSearchWords('Job', undefined)).toEqual(['job']);
  });
});
