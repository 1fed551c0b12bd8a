/**
 * Text that shows nothing: white space and the invisible format characters
 * (zero-width spaces and joiners, bidi controls, fillers, variation
 * selectors, tags). A message of only these would arrive as an empty
 * bubble, so the device and the database (private.is_invisible_text, in
 * the migration "cheap_risks") refuse it with one list of characters.
 */

/**
 * The invisible characters, as a character class body: the same list as
 * the database's. \s covers ASCII white space, U+00A0, U+1680, U+2000–U+200A,
 * U+2028, U+2029, U+202F, U+205F, U+3000 and U+FEFF; the rest are named.
 */
const INVISIBLE_CLASS =
  '\\s\\u0085\\u00A0\\u00AD\\u034F\\u061C\\u115F\\u1160\\u1680\\u17B4\\u17B5\\u180B-\\u180F' +
  '\\u2000-\\u200F\\u2028-\\u202F\\u205F-\\u206F\\u2800\\u3000\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0' +
  '\\u{E0000}-\\u{E0FFF}';

// The class lists combining and joining characters on purpose: each is matched alone, never as part of a letter.
// eslint-disable-next-line no-misleading-character-class
const INVISIBLE_ONLY = new RegExp(`^[${INVISIBLE_CLASS}]*$`, 'u');

/** True when `text` has no visible character (empty, white space or invisible format characters only). */
export function isInvisibleText(text: string): boolean {
  return INVISIBLE_ONLY.test(text);
}
