/**
 * Why the server refused a change, in the user's words, naming the field
 * where the code says which (the text rule's `text.too_long:<field>:<limit>`,
 * a NUL the op held). One catalogue for the sync page and for the notes
 * where the user is (dashboard card, project page, builder).
 */
import type { DeadLetter } from '../../data/types';
import { FILE_GONE_TEXT } from '../../../sync/texts';
import { TEXT_LIMITS, storableText, type TextField } from '../../domain/userText';
import { TEXT_FIELD_NAMES } from '../../domain/userTextNames';

/** Why the server refused a change, in words, by SQLSTATE / HTTP status and the server's message. */
export function rejectionText(code: string, message: string): string {
  const tooLong = /^text\.too_long:([\w.]+):(\d+)$/.exec(message);
  if (code === '23514' && tooLong) {
    const name = TEXT_FIELD_NAMES[tooLong[1] as TextField] ?? 'A text';
    return `${name} is too long: keep it to ${Number(tooLong[2]).toLocaleString('en-US')} characters`;
  }
  if (code === '22P05') return "It holds a character that can't be saved (often from a paste)";
  if (code === 'P0002' || code === 'PT404')
    return message === 'deleted on another device'
      ? 'Deleted on another device'
      : 'No longer exists on the server';
  if (code === '42501' || code === '403') return 'Not allowed for your account';
  if (code === '23514') return `A value is not accepted (${message})`;
  if (code === '23503') return 'It refers to something that no longer exists';
  if (code.startsWith('23')) return `The server refused it (${message})`;
  if (code === '22023') return `The change was not valid (${message})`;
  if (code === 'blob_missing') return FILE_GONE_TEXT;
  return message || `Refused (${code})`;
}

/** The limited fields of a project's details, as paths (for naming the field an op touched). */
const FIELD_PATHS = Object.keys(TEXT_LIMITS).map((field) => ({
  field: field as TextField,
  table: field.split('.')[0] as string,
  path: field.split('.').slice(1),
}));

/** The names of the fields of `letter`'s op whose text the one rule would change (NUL, lone surrogate). */
function unstorableFields(letter: DeadLetter): string[] {
  const names = new Set<string>();
  const visit = (path: string[], value: unknown) => {
    if (typeof value === 'string') {
      if (storableText(value) === value) return;
      const hit = FIELD_PATHS.find(
        (f) => f.table === letter.op.table && f.path.join('.') === path.join('.'),
      );
      names.add(hit ? TEXT_FIELD_NAMES[hit.field] : 'A text');
    } else if (value !== null && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) visit([...path, k], v);
  };
  for (const [column, value] of Object.entries(letter.op.changes)) visit([column], value);
  for (const entry of letter.op.details_patch ?? [])
    if (!entry.remove) visit(['details', ...entry.path], entry.value);
  return [...names];
}

/**
 * A refused change's reason where the user is: "PO number is too long: keep
 * it to 60 characters", "PO number holds a character that can't be saved
 * (often from a paste)", or the sync page's words for any other code.
 */
export function refusalText(letter: DeadLetter): string {
  if (letter.code === '22P05') {
    const fields = unstorableFields(letter);
    if (fields.length)
      return `${fields.join(', ')} ${fields.length === 1 ? 'holds' : 'hold'} a character that can't be saved (often from a paste)`;
  }
  return rejectionText(letter.code, letter.message);
}

/**
 * True when the refused change is one of the builder's (a path inside
 * `details.cabinetData`): Fix opens the builder; otherwise the project's
 * edit form.
 */
export function refusalInBuilder(letter: DeadLetter): boolean {
  if (letter.op.table !== 'projects') return false;
  if (letter.op.details_patch?.some((e) => e.path[0] === 'cabinetData')) return true;
  const details = letter.op.changes.details;
  return (
    letter.op.kind !== 'insert' &&
    details !== null &&
    typeof details === 'object' &&
    'cabinetData' in details
  );
}

/**
 * The name of the field to fix ("PO number", "Project name"): the field the
 * server named, else the first whose text the rule would change; undefined
 * when no one field is at fault.
 */
export function refusalFieldName(letter: DeadLetter): string | undefined {
  const tooLong = /^text\.too_long:([\w.]+):\d+$/.exec(letter.message);
  if (tooLong) return TEXT_FIELD_NAMES[tooLong[1] as TextField];
  return letter.code === '22P05' ? unstorableFields(letter)[0] : undefined;
}
