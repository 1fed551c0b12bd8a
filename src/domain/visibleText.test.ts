import { describe, expect, it } from 'vitest';
import { isInvisibleText } from './visibleText';
import { messageBodyError } from './messageRules';

describe('text that shows nothing', () => {
  it.each([
    ['empty', ''],
    ['spaces and line breaks', ' \n\t\r '],
    ['zero-width space, joiners, word joiner, BOM', '\u200B\u200C\u200D\u2060\uFEFF'],
    [
      'bidi controls and marks',
      '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F',
    ],
    ['other spaces', '\u00A0\u2000\u200A\u202F\u205F\u3000\u1680'],
    ['fillers and blanks', '\u3164\uFFA0\u115F\u1160\u2800'],
    ['soft hyphen, grapheme joiner, variation selectors', '\u00AD\u034F\uFE0F\u180E'],
    ['tags', '\u{E0001}\u{E0041}\u{E007F}'],
  ])('%s is invisible, and an empty message', (_name, text) => {
    expect(isInvisibleText(text)).toBe(true);
    expect(messageBodyError(text)).toBe('empty');
  });

  it.each(['a', '\u200Bok', '👍', '\u0301', '.', 'ع'])('%j is visible', (text) => {
    expect(isInvisibleText(text)).toBe(false);
    expect(messageBodyError(text)).toBeNull();
  });
});
