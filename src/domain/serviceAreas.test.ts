import { describe, expect, it } from 'vitest';
import { formatServiceAreas, parseServiceAreas } from './serviceAreas';

describe('parseServiceAreas', () => {
  it.each([
    ['', []],
    ['62701', ['62701']],
    ['62701, 627', ['62701', '627']],
    ['62701 62702\n627;', ['62701', '62702', '627']],
    ['627, 627, 62701', ['627', '62701']],
  ])('reads %j', (text, areas) => {
    expect(parseServiceAreas(text)).toEqual({ ok: true, areas });
  });

  it.each([
    ['6270', '“6270” is not a 5-digit ZIP code or a 3-digit ZIP prefix'],
    ['62701, abc', '“abc” is not a 5-digit ZIP code or a 3-digit ZIP prefix'],
    ['627011', '“627011” is not a 5-digit ZIP code or a 3-digit ZIP prefix'],
    ['-627', '“-627” is not a 5-digit ZIP code or a 3-digit ZIP prefix'],
  ])('refuses %j with a message naming the bad entry', (text, message) => {
    expect(parseServiceAreas(text)).toMatchObject({
      ok: false,
      message,
      problem: { kind: 'notZip' },
    });
  });

  it('refuses more than 200 areas', () => {
    const many = Array.from({ length: 201 }, (_, i) => String(10000 + i)).join(',');
    expect(parseServiceAreas(many)).toMatchObject({
      ok: false,
      message: 'List at most 200 ZIP codes and prefixes',
    });
  });
});

describe('formatServiceAreas', () => {
  it('joins stored areas and ignores anything else', () => {
    expect(formatServiceAreas(['62701', '627'])).toBe('62701, 627');
    expect(formatServiceAreas(null)).toBe('');
    expect(formatServiceAreas([1, '627'])).toBe('627');
  });
});
