/**
 * Why the server refused a change, in the user's words, naming the field
 * where the code's data says which (`text.too_long` with
 * `{"field":"projects.details.cabinetData.form.poNumber","limit":60}`, a NUL
 * the op held). The words come from the one catalogue of error codes
 * (src/remote/errorCodes.ts); one place for the sync page and for the notes
 * where the user is (dashboard card, project page, builder).
 */
import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { DeadLetter } from '../../data/types';
import { FILE_GONE_TEXT, NO_RESULT_TEXT } from '../../../sync/texts';
import { i18n } from '../../i18n/i18n';
import { TEXT_LIMITS, storableText, type TextField } from '../../domain/userText';
import { TEXT_FIELD_NAMES } from '../../domain/userTextNames';
import { errorText, serverFailure } from '../../remote/errorCodes';
import { errorData } from '../../../shared/outcome';

/** The words sync/ stores in English (sync/texts.ts, sync/push.ts) as messages. */
const DEVICE_WORDS: Record<string, MessageDescriptor> = {
  [FILE_GONE_TEXT]: msg`The file is no longer on this device`,
  [NO_RESULT_TEXT]: msg`No result from the server`,
  'No response': msg`No response from the server`,
};

/**
 * Why the server refused a change, in words: by the error code the server
 * answered as `message` (with `details`, its DETAIL JSON, as the data), else
 * by SQLSTATE / HTTP status `code` (42501: not allowed for your account).
 */
export function rejectionText(code: string, message: string, details?: string | null): string {
  if (code === 'blob_missing') return i18n._(DEVICE_WORDS[FILE_GONE_TEXT]!);
  // The device's own words for a push without an answer for this op (kept in English in the store).
  if (code === 'unknown' || code === 'empty') {
    const words = DEVICE_WORDS[message];
    return words ? i18n._(words) : message;
  }
  return errorText(serverFailure({ code, message, details }));
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
      names.add(hit ? TEXT_FIELD_NAMES[hit.field] : i18n._(msg`A text`));
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
    if (fields.length) {
      const names = fields.join(', ');
      return plural(fields.length, {
        one: `${names} holds a character that can't be saved (often from a paste)`,
        other: `${names} hold a character that can't be saved (often from a paste)`,
      });
    }
  }
  return rejectionText(letter.code, letter.message, letter.details);
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
  if (letter.message === 'text.too_long') {
    const field = errorData(letter.details).field;
    if (typeof field === 'string') return TEXT_FIELD_NAMES[field as TextField];
  }
  return letter.code === '22P05' ? unstorableFields(letter)[0] : undefined;
}
