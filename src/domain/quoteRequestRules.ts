/**
 * The checks of a homeowner's quote request, with the same words the
 * database answers (so a refusal reads the same on the field and from the
 * server): a 5-digit ZIP code, a description under 2,000 characters, at most
 * 20 photos, and a needed-by date not in the past. Pure: callers pass today.
 */

/** The request's limits, the same as the database's. */
export const QUOTE_REQUEST_LIMITS = { descriptionChars: 2000, photos: 20 } as const;

/** What the form holds when it is checked. */
export interface QuoteRequestFields {
  zip: string;
  description: string;
  photoCount: number;
  /** YYYY-MM-DD, or '' for none. */
  neededBy: string;
}

export type QuoteRequestErrors = Partial<
  Record<'zip' | 'description' | 'photos' | 'neededBy', string>
>;

/** The ZIP code at the end of a US street address ("…, Springfield, IL 62701" → "62701"), or ''. */
export function zipFromAddress(address: string): string {
  const m = /\b(\d{5})(?:-\d{4})?\s*$/.exec(address.trim());
  return m?.[1] ?? '';
}

/**
 * The problems of `f` by field, in the user's words; an empty object when the
 * request may be sent. `today` is YYYY-MM-DD (the device's date).
 */
export function quoteRequestErrors(f: QuoteRequestFields, today: string): QuoteRequestErrors {
  const errors: QuoteRequestErrors = {};
  if (!/^\d{5}$/.test(f.zip.trim())) errors.zip = 'Enter a 5-digit ZIP code';
  if (f.description.trim().length > QUOTE_REQUEST_LIMITS.descriptionChars)
    errors.description = 'Keep the description under 2,000 characters';
  if (f.photoCount > QUOTE_REQUEST_LIMITS.photos) errors.photos = 'Share at most 20 photos';
  if (f.neededBy && !/^\d{4}-\d{2}-\d{2}$/.test(f.neededBy)) errors.neededBy = 'Enter a date';
  else if (f.neededBy && f.neededBy < today) errors.neededBy = 'The needed-by date is in the past';
  return errors;
}
