/**
 * The builder's side of the one text rule (src/domain/userText.ts): the
 * job's texts (Cabinet Details and Notes) past their limits. The field
 * shows "Keep this to N characters (it has M)", the save status names the
 * field, and the draft is not saved until it fits, so the server never has
 * to refuse it.
 */
import type { CabinetData, CabinetForm } from '../../domain/cabinetData';
import { textFieldError, type TextField } from '../../domain/userText';
import { TEXT_FIELD_NAMES } from '../../domain/userTextNames';
import { domainText } from '../../i18n/domainTexts';

/** The Cabinet Details texts and the text rule's field each is stored in. */
export const JOB_TEXT_FIELDS = {
  nrs: 'projects.details.cabinetData.form.nrs',
  door: 'projects.details.cabinetData.form.door',
  drawerFront: 'projects.details.cabinetData.form.drawerFront',
  color: 'projects.details.cabinetData.form.color',
  finish: 'projects.details.cabinetData.form.finish',
  poNumber: 'projects.details.cabinetData.form.poNumber',
} as const satisfies Partial<Record<keyof CabinetForm, TextField>>;

/** The job's notes' field. */
export const NOTES_FIELD: TextField = 'projects.details.cabinetData.notes';

/** The field's message in the language shown when `value` is past its limit, else undefined. */
export function jobTextError(field: TextField, value: unknown): string | undefined {
  const error = typeof value === 'string' ? textFieldError(field, value) : undefined;
  return error === undefined ? undefined : domainText(error);
}

/** The names of the job's texts past their limits ("PO number", "NRS"), form order; [] when all fit. */
export function tooLongJobTexts(data: CabinetData | null): string[] {
  if (!data) return [];
  const names: string[] = [];
  for (const [key, field] of Object.entries(JOB_TEXT_FIELDS))
    if (jobTextError(field, data.form[key as keyof typeof JOB_TEXT_FIELDS]))
      names.push(TEXT_FIELD_NAMES[field]);
  if (jobTextError(NOTES_FIELD, data.notes)) names.push(TEXT_FIELD_NAMES[NOTES_FIELD]);
  return names;
}

/**
 * Fix of a refused change in the builder: scrolls to and focuses the field
 * whose label reads `name` ("PO number"), else the Cabinet Details heading.
 */
export function focusFieldNamed(name: string | undefined): void {
  const wanted = name?.toLowerCase();
  const label = wanted
    ? Array.from(document.querySelectorAll<HTMLLabelElement>('main label')).find(
        (l) => l.textContent?.trim().toLowerCase() === wanted,
      )
    : undefined;
  const target =
    (label?.htmlFor ? document.getElementById(label.htmlFor) : null) ??
    document.getElementById('bld-details');
  target?.scrollIntoView({ block: 'center' });
  target?.focus();
}
