/**
 * Spec §5: builder width and height accept only digits and a decimal point.
 * What a contractor types (decimals, or a fraction off the tape) becomes that.
 */
/** What the field shows while the user types, and the decimal to store (null: not a whole number yet). */
export interface TypedMeasurement {
  /** The typed text with only digits, one decimal point, spaces, "/" and "-" kept. */
  text: string;
  /** The measurement as digits and a decimal point (spec §5), or null while a fraction is incomplete. */
  value: string | null;
}

/** Up to 5 decimals, no trailing zeros: every tape fraction down to 1/32 is exact. */
function decimalText(n: number): string {
  return String(Number(n.toFixed(5)));
}

/**
 * Reads an opening measurement as a contractor types it off the tape:
 * decimals ("14.5", "14,5") or a fraction ("14 1/2", "14-1/2", "3/8"),
 * stored as its decimal ("14.5", "0.375") so the value keeps to spec §5's
 * digits and a decimal point. Before, "14 1/2" became 1412 (the space and
 * slash were dropped and the digits ran together), a size no one meant.
 * An incomplete fraction ("14 1", "14 1/") has value null: keep the last
 * value until it is complete. A zero denominator never completes.
 */
export function measurementFromTyped(typed: string): TypedMeasurement {
  let text = '';
  let seenPoint = false;
  for (const ch of typed) {
    if (ch >= '0' && ch <= '9') text += ch;
    else if ((ch === '.' || ch === ',') && !seenPoint) {
      seenPoint = true;
      text += '.';
    } else if (ch === ' ' || ch === '/' || ch === '-') text += ch;
  }
  const t = text.replace(/\s*-\s*/g, ' ').replace(/\s+/g, ' ').trim();
  if (/^\d*\.?\d*$/.test(t)) return { text, value: t };
  const mixed = /^(\d+) (\d+)\/(\d+)$/.exec(t) ?? /^()(\d+)\/(\d+)$/.exec(t);
  if (mixed) {
    const whole = mixed[1] ? Number(mixed[1]) : 0;
    const num = Number(mixed[2]);
    const den = Number(mixed[3]);
    if (den > 0) return { text, value: decimalText(whole + num / den) };
  }
  return { text, value: null };
}
