/**
 * Message text: the body rules (messageRules.ts, re-exported here) and the
 * split of a body into plain text, links, email addresses and phone numbers,
 * so the thread can make them tappable while rendering everything as text
 * (never HTML).
 */
import { find } from 'linkifyjs';
import { safeLink } from './linkDisplay';

export {
  MESSAGE_MAX_CHARS,
  MESSAGE_EDIT_MINUTES,
  MESSAGE_TEXTS,
  messageBodyError,
  messageLength,
  type MessageBodyError,
} from './messageRules';

/** One run of a message body. `href` is set on links, email addresses and phone numbers only. */
export type MessageSegment =
  { kind: 'text'; text: string } | { kind: 'link' | 'email' | 'phone'; text: string; href: string };

/**
 * North American phone numbers as people type them: (555) 123-4567,
 * 555-123-4567, 555.123.4567, +1 555 123 4567. Not inside a longer run of
 * digits (an order number), so sizes and dates stay plain text.
 */
const PHONE = /(?<![\d+])(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\d{3}[\s.-]?)\d{3}[\s.-]?\d{4}(?!\d)/g;

/** Only these schemes become links; anything else stays text. */
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

function phoneSegments(text: string): MessageSegment[] {
  const out: MessageSegment[] = [];
  let at = 0;
  for (const m of text.matchAll(PHONE)) {
    const start = m.index;
    if (start > at) out.push({ kind: 'text', text: text.slice(at, start) });
    const digits = m[0].replace(/\D/g, '');
    const national = digits.length === 11 ? digits.slice(1) : digits;
    out.push({ kind: 'phone', text: m[0], href: `tel:+1${national}` });
    at = start + m[0].length;
  }
  if (at < text.length) out.push({ kind: 'text', text: text.slice(at) });
  return out;
}

/**
 * Splits a body into runs in order; their texts joined give the body back
 * exactly, except that a link's text loses its bidi controls and shows a
 * mixed-script host in punycode (linkDisplay.ts). Links (http, https, a bare
 * domain becomes http) and email addresses are found by linkifyjs; phone
 * numbers by the pattern above.
 */
export function messageSegments(body: string): MessageSegment[] {
  const out: MessageSegment[] = [];
  let at = 0;
  for (const hit of find(body)) {
    if (hit.type !== 'url' && hit.type !== 'email') continue;
    if (!SAFE_HREF.test(hit.href) || hit.start < at) continue;
    if (hit.start > at) out.push(...phoneSegments(body.slice(at, hit.start)));
    const shown =
      hit.type === 'url' ? safeLink(hit.value, hit.href) : { text: hit.value, href: hit.href };
    out.push({ kind: hit.type === 'email' ? 'email' : 'link', ...shown });
    at = hit.end;
  }
  if (at < body.length) out.push(...phoneSegments(body.slice(at)));
  return out;
}
