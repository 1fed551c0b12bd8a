/**
 * Lengths in inches, branded so a width in inches cannot be mixed up with a
 * count or a pixel value by accident (the way Excalidraw brands `Radians`).
 */
export type Inches = number & { readonly __unit: 'in' };

/** Brands a plain number as inches. The value is not checked or changed. */
export function inches(value: number): Inches {
  return value as Inches;
}

/**
 * Rounds a non-negative length half up to `places` decimals (e.g. 1.4375 → 1.438
 * at 3 places). A tiny tolerance absorbs binary floating-point error so a value
 * that is a tie in decimal (like 1.0005) is rounded up as a person would.
 */
export function roundHalfUp(value: number, places: number): number {
  const factor = 10 ** places;
  const scaled = value * factor;
  const rounded = Math.floor(scaled + 0.5 + 1e-9 * Math.max(1, Math.abs(scaled)));
  return rounded / factor;
}
