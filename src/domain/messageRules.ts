/**
 * A message body's rules, the same the database enforces (supabase
 * migrations, messages): at most 4,000 characters (code points), not blank,
 * and the 15 minutes in which its author may change it. No dependencies, so
 * the local data layer can check a body without the link finder.
 */
import { storableText, textLength, TEXT_LIMITS } from './userText';
import { isInvisibleText } from './visibleText';

/** The longest body, in characters (the database's check holds the same number). */
export const MESSAGE_MAX_CHARS: number = TEXT_LIMITS['messages.body'];

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
 * Checks a body before it is queued: blank (only spaces, line breaks and
 * invisible characters such as zero-width spaces, as the database counts
 * them) is `empty`, more than 4,000 characters (UTF-16 code units are not
 * characters: counted by code point, as PostgreSQL's length() counts) is
 * `tooLong`.
 */
export function messageBodyError(body: string): MessageBodyError | null {
  if (isInvisibleText(body)) return 'empty';
  if (messageLength(body) > MESSAGE_MAX_CHARS) return 'tooLong';
  return null;
}

/** The length of a body as the database counts it (code points): the one text rule's count. */
export function messageLength(body: string): number {
  return textLength(body);
}

/**
 * A body as it is stored: the one text rule (src/domain/userText.ts) turns
 * every NUL character and lone surrogate into U+FFFD, so the message is kept
 * and shows where something unreadable was, instead of being refused.
 */
export function storableBody(body: string): string {
  return storableText(body);
}
