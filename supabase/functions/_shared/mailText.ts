/**
 * Text that goes into a mail's subject or body from what users typed (a
 * person's name, a project's name): one line, no control or format
 * characters, bounded. A name with a line break could otherwise add mail
 * headers or fake lines of the message.
 */

/** Longest name a mail shows, in characters; longer ones end with an ellipsis. */
export const MAX_MAIL_NAME_CHARS = 80;

/**
 * `raw` as one safe line: control characters (C0, DEL, C1), format
 * characters (bidi overrides, zero-width) and line/paragraph separators
 * become spaces, runs of spaces become one, trimmed, at most
 * {@link MAX_MAIL_NAME_CHARS} characters. Empty (or not a string) → `fallback`.
 */
export function mailSafeName(raw: unknown, fallback: string): string {
  if (typeof raw !== 'string') return fallback;
  const line = raw
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!line) return fallback;
  const chars = [...line];
  return chars.length > MAX_MAIL_NAME_CHARS
    ? `${chars.slice(0, MAX_MAIL_NAME_CHARS - 1).join('')}…`
    : line;
}
