/**
 * A contractor's service areas: the 5-digit ZIP codes and 3-digit ZIP
 * prefixes it serves (profiles.service_areas). A quote request is shown to a
 * contractor when its ZIP is one of them or starts with one of the prefixes;
 * the database applies that rule (RLS), this module only reads what the
 * contractor types.
 */

/** The database's limit on the number of areas in one profile. */
export const MAX_SERVICE_AREAS = 200;

/** What a contractor typed, read: the areas to store, or the message to show on the field. */
export type ServiceAreasInput =
  | { ok: true; areas: string[] }
  | {
      ok: false;
      /** The English message (the CLI's and tests'); screens word it from `problem`. */
      message: string;
      /** `notZip`: `value` (cut to 20 characters) is neither; `tooMany`: more than `max` areas. */
      problem: { kind: 'notZip'; value: string } | { kind: 'tooMany'; max: number };
    };

/**
 * Reads service areas as typed: ZIP codes and prefixes separated by commas,
 * spaces or new lines ("62701, 627"). Duplicates are dropped, the order is
 * kept. Anything that is not 3 or 5 digits is refused with a message naming
 * it; the caller keeps the text as typed.
 */
export function parseServiceAreas(text: string): ServiceAreasInput {
  const tokens = text.split(/[\s,;]+/).filter((t) => t !== '');
  const bad = tokens.find((t) => !/^(\d{3}|\d{5})$/.test(t));
  if (bad !== undefined) {
    const value = bad.length > 20 ? `${bad.slice(0, 20)}…` : bad;
    return {
      ok: false,
      message: `“${value}” is not a 5-digit ZIP code or a 3-digit ZIP prefix`,
      problem: { kind: 'notZip', value },
    };
  }
  const areas = [...new Set(tokens)];
  if (areas.length > MAX_SERVICE_AREAS)
    return {
      ok: false,
      message: `List at most ${MAX_SERVICE_AREAS} ZIP codes and prefixes`,
      problem: { kind: 'tooMany', max: MAX_SERVICE_AREAS },
    };
  return { ok: true, areas };
}

/** The stored areas as the field shows them ("62701, 627"); [] and bad values give "". */
export function formatServiceAreas(areas: unknown): string {
  return Array.isArray(areas)
    ? areas.filter((a): a is string => typeof a === 'string').join(', ')
    : '';
}
