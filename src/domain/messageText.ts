/**
 * Message text: the body rules the database also enforces (supabase
 * migrations, messages) and the split of a body into plain text, links,
 * email addresses and phone numbers, so the thread can make them tappable
 * while rendering everything as text (never HTML).
 */
import { find } from 'linkifyjs';

/** The longest body, in characters (the database's check holds the same number). */
export const MESSAGE_MAX_CHARS = 4000;

/** How long after the server received it the author may change or delete a message, in minutes. */
export const MESSAGE_EDIT_MINUTES = 15;

/** What the composer says under the field (the same words the server answers with). */
export const MESSAGE_TEXTS = {
  empty: 'Write a message',
  tooLong: 'Keep the message to 4,000 characters',
} as const;

/** Why a body cannot be sent, or null when it can. */
export type MessageBodyError = 'empty' | 'tooLong';

/**
 * Checks a body before it is queued: blank (only spaces and line breaks)
 * is `empty`, more than 4,000 characters (UTF-16 code units are not
 * characters: counted by code point, as PostgreSQL's length() counts) is
 * `tooLong`.
 */
export function messageBodyError(body: string): MessageBodyError | null {
  if (body.trim() === '') return 'empty';
  if (messageLength(body) > MESSAGE_MAX_CHARS) return 'tooLong';
  return null;
}

/** The length of a body as the database counts it (code points). */
export function messageLength(body: string): number {
  let n = 0;
  for (const _ of body) n++;
  return n;
}

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
 * exactly. Links (http, https, a bare domain becomes http) and email
 * addresses are found by linkifyjs; phone numbers by the pattern above.
 */
export function messageSegments(body: string): MessageSegment[] {
  const out: MessageSegment[] = [];
  let at = 0;
  for (const hit of find(body)) {
    if (hit.type !== 'url' && hit.type !== 'email') continue;
    if (!SAFE_HREF.test(hit.href) || hit.start < at) continue;
    if (hit.start > at) out.push(...phoneSegments(body.slice(at, hit.start)));
    out.push({ kind: hit.type === 'email' ? 'email' : 'link', text: hit.value, href: hit.href });
    at = hit.end;
  }
  if (at < body.length) out.push(...phoneSegments(body.slice(at)));
  return out;
}
