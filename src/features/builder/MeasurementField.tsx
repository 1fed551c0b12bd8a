/**
 * The one measurement field of the builder: opening width and height, the
 * job's stiles and rails, a cabinet's stile/rail override. Reads what is
 * typed (or tapped on the tape keypad) with `parseMeasurement`, shows what it
 * understood ("= 14.375"), and never changes a value silently: text that is
 * not a size stays on screen with its "Not saved" message (kept on this
 * device across reloads, see fieldDrafts.ts) while the stored value stays the
 * last good size; the part's finished size then names the field to fix. A
 * size keeps the form it was typed in ("14 3/8" stays "14 3/8" after Next,
 * after a reload and on the other device: it is saved with the number).
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { parseMeasurement, type MeasurementKind } from '../../domain/measurementInput';
import { domainText } from '../../i18n/domainTexts';
import { typedAgrees, typedFormOf } from '../../domain/typedSizes';
import { useBuilderStore } from './builderStore';
import { draftFor, draftKeyOf, useFieldDrafts } from './fieldDrafts';
import { showAllCabinets, useCardWindow } from './cardWindow';
import { inKeypad, tapeKeypadEnabled, useTapeKeypad } from './TapeKeypad';

interface Props {
  /** The input's id (stable: the drawing focuses a part's width by it). */
  id?: string;
  label: string;
  /** Extra words for screen readers, e.g. "Cabinet 3 Door 1". */
  context?: string;
  kind: MeasurementKind;
  /** Enter moves to the next field of the same group, in page order. */
  group: string;
  /** The stored value: digits and a decimal point ("" when not measured). */
  value: string;
  /** The value as its user typed it ("15 5/8"), shown instead of `value` when it reads as it (typedSizes.ts). */
  typed?: string;
  /**
   * Receives the new stored value (only sizes and "": text that is not a size is never stored)
   * and the form it was typed in (`undefined` when that is the stored decimal itself).
   */
  onCommit: (stored: string, typed: string | undefined) => void;
  /** Names the field among the project's ("3_0:width"): text that is not a size is kept on this device under it. */
  draftField?: string;
  /** Hides the label visually (the list view's column header says it); screen readers still read it. */
  compact?: boolean;
}

/** The sticky action bar's height plus a margin: a field scrolled to must not hide under it. */
const TOP_CLEARANCE = 200;

/** Scrolls `el` to the middle of the screen when the sticky bar or the keypad would hide it. */
export function revealField(el: HTMLElement): void {
  const r = el.getBoundingClientRect();
  const keypad = document.querySelector('.tape-keypad');
  const bottom = keypad ? keypad.getBoundingClientRect().top : window.innerHeight;
  if (r.top < TOP_CLEARANCE || r.bottom > bottom - 8) {
    const mid = (TOP_CLEARANCE + bottom) / 2;
    window.scrollBy({ top: r.top + r.height / 2 - mid, behavior: 'instant' });
  }
}

/** Focuses the next measurement field of `group` after `from`; returns false at the last one. */
export function focusNextMeasurement(from: HTMLElement, group: string): boolean {
  const all = Array.from(
    document.querySelectorAll<HTMLInputElement>(`input[data-measure="${group}"]`),
  );
  const next = all[all.indexOf(from as HTMLInputElement) + 1];
  if (!next) {
    // On a big job just opened, later cabinets may not be rendered yet.
    if (!useCardWindow.getState().all) {
      showAllCabinets();
      requestAnimationFrame(() => focusNextMeasurement(from, group));
      return true;
    }
    return false;
  }
  next.focus({ preventScroll: true });
  revealField(next);
  return true;
}

/** The stored decimal the text stands for: "" when emptied, the last good value when it is not a size. */
function storedFor(text: string, kind: MeasurementKind, value: string): string {
  const p = parseMeasurement(text, kind);
  if (p.ok) return p.stored;
  return p.empty ? '' : value;
}

const INITIAL_UI = { draft: null, focused: false, touched: false };

/**
 * A measurement input with its label and one line under it: what was
 * understood ("= 14.375"), the warning, or the message when the text is not a
 * size. Enter (or the keypad's Next) moves to the next field of its group.
 */
export function MeasurementField({
  id: givenId,
  label,
  context,
  kind,
  group,
  value,
  typed,
  onCommit,
  draftField,
  compact = false,
}: Props) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const hintId = `${id}-hint`;
  // What is typed while it differs from the stored value, tied to the stored
  // value it produced: an undo (a different stored value) drops it.
  // One state object: 1,500 of these fields open with a 250-cabinet job.
  const [ui, setUi] = useState<{
    draft: { text: string; forValue: string } | null;
    focused: boolean;
    touched: boolean;
  }>(INITIAL_UI);
  const { draft, focused, touched } = ui;
  const setDraft = (d: { text: string; forValue: string } | null) =>
    setUi((u) => ({ ...u, draft: d }));
  const setFocused = (f: boolean) => setUi((u) => ({ ...u, focused: f }));
  const setTouched = (t: boolean) => setUi((u) => (u.touched === t ? u : { ...u, touched: t }));
  const projectId = useBuilderStore((s) => s.projectId);
  const draftKey = draftField && projectId ? draftKeyOf(projectId, draftField) : null;
  const kept = useFieldDrafts((s) => (draftKey ? draftFor(s.drafts, draftKey, value) : null));
  const saved = typed !== undefined && typedAgrees(typed, value) ? typed : value;
  const shown = draft && draft.forValue === value ? draft.text : kept ? kept.text : saved;
  const parsed = parseMeasurement(shown, kind);
  const inputRef = useRef<HTMLInputElement>(null);

  const latest = useRef({ shown, value, saved });
  latest.current = { shown, value, saved };

  const setText = (text: string) => {
    const prev = latest.current.value;
    const stored = storedFor(text, kind, prev);
    setDraft({ text, forValue: stored });
    if (draftKey) {
      const p = parseMeasurement(text, kind);
      useFieldDrafts
        .getState()
        .set(draftKey, !p.ok && !p.empty ? { text, forValue: stored } : null);
    }
    setTouched(false);
    const form = typedFormOf(text, stored);
    const before = latest.current.saved;
    latest.current = { shown: text, value: stored, saved: form ?? stored };
    // A new size, or the same size in another form ("14.5" → "14 1/2"): both are kept.
    const p = parseMeasurement(text, kind);
    if (stored !== prev || (p.ok && (form ?? stored) !== before)) onCommit(stored, form);
  };

  const actions = useRef({ setText, enter: () => {} });
  const enter = () => {
    const el = inputRef.current;
    if (!el) return;
    const p = parseMeasurement(latest.current.shown, kind);
    if (!p.ok && !p.empty) {
      setTouched(true);
      return;
    }
    if (!focusNextMeasurement(el, group)) {
      el.blur();
      useTapeKeypad.setState({ target: null });
    }
  };

  actions.current = { setText, enter };

  const showError = !parsed.ok && !parsed.empty && (touched || !focused);
  let hint: { text: string; cls: string } | null = null;
  if (showError) hint = { text: domainText(parsed.error), cls: 'field-error' };
  else if (parsed.ok && parsed.warning)
    hint = { text: domainText(parsed.warning), cls: 'bld-field-warn' };
  // The decimal follows a size shown in another form, in smaller type, on every view of it.
  else if (parsed.ok && shown.trim() !== parsed.stored)
    hint = { text: `= ${parsed.stored}`, cls: 'bld-understood' };

  return (
    <div className={compact ? 'field bld-measure bld-measure-compact' : 'field bld-measure'}>
      <label htmlFor={id} className={compact ? 'visually-hidden' : undefined}>
        {context ? <span className="visually-hidden">{context} </span> : null}
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        inputMode={tapeKeypadEnabled() ? 'none' : 'decimal'}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="next"
        data-measure={group}
        aria-invalid={showError ? true : undefined}
        aria-describedby={hint ? hintId : undefined}
        value={shown}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            enter();
          }
        }}
        onFocus={(e) => {
          setFocused(true);
          if (tapeKeypadEnabled()) {
            useTapeKeypad.setState({
              target: {
                id,
                label: `${context ? `${context} ` : ''}${label}`,
                getText: () => latest.current.shown,
                setText: (text) => actions.current.setText(text),
                enter: () => actions.current.enter(),
              },
            });
            const el = e.currentTarget;
            requestAnimationFrame(() => revealField(el));
          }
        }}
        onBlur={(e) => {
          if (inKeypad(e.relatedTarget)) return;
          setFocused(false);
          // A size keeps the form it was typed in; text that is not a size shows its message.
          const p = parseMeasurement(latest.current.shown, kind);
          if (!p.ok && !p.empty) setTouched(true);
        }}
      />
      <span id={hintId} className={`bld-hint ${hint?.cls ?? ''}`} aria-live="polite">
        {hint?.text ?? ''}
      </span>
    </div>
  );
}
