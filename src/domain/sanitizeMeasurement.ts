/**
 * Spec §5: builder width and height accept only digits and a decimal point.
 * Keeps the digits and the first decimal point of what was typed or pasted.
 */
export function sanitizeMeasurement(typed: string): string {
  let seenPoint = false;
  let out = '';
  for (const ch of typed) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if ((ch === '.' || ch === ',') && !seenPoint) {
      // A comma is a decimal point on many tablet keypads.
      seenPoint = true;
      out += '.';
    }
  }
  return out;
}
