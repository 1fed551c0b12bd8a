/**
 * What a link in a message shows, so it cannot pretend to go somewhere else
 * (Unicode Technical Standard #39, the IDN display rules browsers follow):
 * bidirectional controls (U+202A–U+202E, U+2066–U+2069, and the marks
 * U+200E, U+200F) are taken out of the link's text and address, so
 * "moc.elgoog" cannot display as google.com; and a host with a label that
 * mixes scripts ("аpple.com" with a Cyrillic а) is shown in its punycode
 * form ("xn--pple-43d.com"), from the platform's own IDNA (WHATWG URL).
 */

/** The bidi controls and marks taken out of links. */
const BIDI_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** Scripts a label's letters are sorted into; Han, kana, Hangul and Bopomofo count as one (East Asian names mix them). */
const SCRIPTS: readonly [string, RegExp][] = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
  [
    'EastAsian',
    /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u,
  ],
];

/** True when `label` has letters of more than one script (a letter of none listed counts as its own). */
export function isMixedScript(label: string): boolean {
  const seen = new Set<string>();
  for (const ch of label) {
    if (!/\p{L}/u.test(ch)) continue;
    seen.add(SCRIPTS.find(([, re]) => re.test(ch))?.[0] ?? `other:${ch}`);
    if (seen.size > 1) return true;
  }
  return false;
}

/** `text` without bidi controls and marks. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/**
 * The text and address a link shows: bidi controls removed from both; when
 * a label of the host mixes scripts, the host in the text is replaced by its
 * ASCII (punycode) form. `href` must be an absolute http(s) URL; an address
 * the URL parser refuses is returned without the controls only.
 */
export function safeLink(text: string, href: string): { text: string; href: string } {
  const cleanText = withoutBidiControls(text);
  const cleanHref = withoutBidiControls(href);
  let ascii: string;
  try {
    ascii = new URL(cleanHref).hostname;
  } catch {
    return { text: cleanText, href: cleanHref };
  }
  const m = /^((?:[a-z][a-z0-9+.-]*:\/\/)?(?:[^@/?#\s]*@)?)([^/?#:\s]+)/i.exec(cleanText);
  if (!m) return { text: cleanText, href: cleanHref };
  const host = m[2]!;
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(host) || !host.split('.').some(isMixedScript))
    return { text: cleanText, href: cleanHref };
  return { text: m[1]! + ascii + cleanText.slice(m[0].length), href: cleanHref };
}
