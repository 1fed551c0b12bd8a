/** Order statistics shared by the benches (the browser side of the sync bench too). */

/** The middle value (upper middle for an even count); NaN for none. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}
