/**
 * Overlay and reveal (product rules "States and changes", Overlay; "Constants and formulas"): the options the
 * builder offers and the state transitions they cause. Lengths are inches.
 */
import type { CabinetData, CabinetForm, OverlayMode } from './cabinetData';
import { overlayFor, stileRailFor } from './cabinetData';
import { formatFraction } from './fractions';
import { inches, type Inches } from './inches';

/** Product rules "Constants and formulas": standard overlay size 0.5". */
export const STANDARD_OVERLAY_IN = inches(0.5);

/** Product rules "Constants and formulas": full-overlay standard options and their labels; default 1.5. */
export const STD_OPTIONS: readonly { value: number; label: string }[] = [
  { value: 1.5, label: 'STD 1 1/2"' },
  { value: 1.625, label: 'STD 1 5/8"' },
  { value: 1.75, label: 'STD 1 3/4"' },
];

/** Product rules "Constants and formulas": reveal choices 0 to 8/16" in 1/16" steps (nine options), labelled as a tape reads. */
export const REVEAL_OPTIONS: readonly { value: number; label: string }[] = Array.from(
  { length: 9 },
  (_, i) => ({
    value: i / 16,
    label: i === 0 ? '0"' : formatFraction(i / 16),
  }),
);

export const OVERLAY_MODE_LABELS: Readonly<Record<OverlayMode, string>> = {
  sol: 'Standard Overlay',
  fol: 'Full Overlay',
};

/** The overlay size of a form (product rules "States and changes"): sol 0.5, fol stdOption − sideReveal to 3 places (half up). */
export function overlaySize(
  form: Pick<CabinetForm, 'overlaySelect' | 'stdOption' | 'sideReveal'>,
): Inches {
  return inches(overlayFor(form.overlaySelect, form.stdOption, form.sideReveal));
}

/** The vertical reveal in effect: the side reveal unless Override is ticked (product rules "States and changes"). */
export function effectiveVerticalReveal(
  form: Pick<CabinetForm, 'sideReveal' | 'verticalReveal' | 'vertRevealOverride'>,
): Inches {
  return inches(form.vertRevealOverride ? form.verticalReveal : form.sideReveal);
}

function withForm(data: CabinetData, patch: Partial<CabinetForm>): CabinetData {
  const form = { ...data.form, ...patch };
  form.olSize = overlaySize(form);
  if (!form.vertRevealOverride) form.verticalReveal = form.sideReveal;
  return { ...data, form };
}

/** Switches sol/fol; the overlay size follows (product rules "States and changes"). */
export function setOverlayMode(data: CabinetData, mode: OverlayMode): CabinetData {
  return withForm(data, { overlaySelect: mode });
}

/**
 * Chooses a standard option (inches). Product rules "States and changes": resets every stile and rail of
 * the job to it, the mid stile to twice it. Item overrides are left alone
 * (docs/decisions.md).
 */
export function setStdOption(data: CabinetData, stdOption: number): CabinetData {
  return { ...withForm(data, { stdOption }), stileRail: stileRailFor(stdOption) };
}

/** Sets the side reveal (inches); the vertical reveal follows unless overridden. */
export function setSideReveal(data: CabinetData, sideReveal: number): CabinetData {
  return withForm(data, { sideReveal });
}

/** Sets the vertical reveal (inches); only meaningful while Override is ticked. */
export function setVerticalReveal(data: CabinetData, verticalReveal: number): CabinetData {
  return withForm(data, { verticalReveal });
}

/** Ticks or clears the vertical-reveal Override; clearing snaps it back to the side reveal. */
export function setVertRevealOverride(data: CabinetData, on: boolean): CabinetData {
  return withForm(data, { vertRevealOverride: on });
}
