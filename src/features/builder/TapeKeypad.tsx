/**
 * The on-screen tape keypad for touch devices: digits, point, space and the
 * tape's fractions (1/8 steps, or the odd sixteenths with the 1/16 toggle),
 * Backspace, Next and Done, docked at the bottom within one thumb's reach.
 * The system keyboard is kept closed (`inputMode="none"` on the field): the
 * tablet's decimal keypad has no space or "/", so "14 3/8" could not be typed.
 * One keypad serves every measurement field; the focused field registers as
 * the target.
 */
import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { create } from 'zustand';

/** What the keypad types into: the focused measurement field. */
export interface KeypadTarget {
  /** The input element's id. */
  id: string;
  /** "Cabinet 3 Door 1 Width", shown on the keypad. */
  label: string;
  getText(): string;
  setText(text: string): void;
  /** Enter: next measurement (or stay and show the message if the text is not a size). */
  enter(): void;
}

interface KeypadState {
  target: KeypadTarget | null;
  sixteenths: boolean;
}

export const useTapeKeypad = create<KeypadState>(() => ({ target: null, sixteenths: false }));

let coarse: boolean | null = null;
/** True on a touch-first device (coarse pointer): measurement fields then use the tape keypad. */
export function tapeKeypadEnabled(): boolean {
  if (coarse === null)
    coarse =
      typeof window !== 'undefined' &&
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(pointer: coarse)').matches;
  return coarse;
}

const EIGHTHS = ['1/8', '1/4', '3/8', '1/2', '5/8', '3/4', '7/8'] as const;
const ODD_SIXTEENTHS = ['1/16', '3/16', '5/16', '7/16', '9/16', '11/16', '13/16', '15/16'] as const;

/**
 * The text after a keypad key. A fraction replaces a fraction already typed
 * at the end ("14 3/8" + "1/2" → "14 1/2") and gets the space after the
 * whole inches ("14" + "3/8" → "14 3/8").
 */
export function applyKey(text: string, key: string): string {
  if (key === 'Backspace') return text.slice(0, -1);
  if (key === 'Clear') return '';
  if (key === ' ') return text === '' || text.endsWith(' ') ? text : `${text} `;
  if (key.includes('/')) {
    const base = text.replace(/\s*\d*\/\d*$/, '');
    return base === '' ? key : /\s$/.test(base) ? `${base}${key}` : `${base} ${key}`;
  }
  return text + key;
}

/** True when `el` is inside the keypad (a tap on a key must not close it). */
export function inKeypad(el: EventTarget | null): boolean {
  return el instanceof Element && el.closest('.tape-keypad') !== null;
}

/** Keeps focus in the field while a key is tapped. */
const keepFocus = (e: { preventDefault(): void }) => e.preventDefault();

function Key({
  label,
  name,
  onPress,
  className,
  pressed,
}: {
  label: string;
  name?: string;
  onPress: () => void;
  className?: string;
  pressed?: boolean;
}) {
  return (
    <button
      type="button"
      tabIndex={-1}
      className={`tk-key${className ? ` ${className}` : ''}`}
      aria-label={name ?? label}
      aria-pressed={pressed}
      onPointerDown={keepFocus}
      onMouseDown={keepFocus}
      onClick={onPress}
    >
      {label}
    </button>
  );
}

/** The keypad, shown while a measurement field has focus on a touch device. Mounted once by the builder page. */
export function TapeKeypad() {
  const target = useTapeKeypad((s) => s.target);
  const sixteenths = useTapeKeypad((s) => s.sixteenths);
  const { t } = useLingui();

  // Focus moving anywhere but a measurement field or the keypad closes it.
  useEffect(() => {
    if (!target) return undefined;
    const onFocusIn = (e: FocusEvent) => {
      const el = e.target;
      if (inKeypad(el)) return;
      if (el instanceof HTMLElement && el.id === target.id) return;
      if (el instanceof HTMLElement && el.dataset.measure !== undefined) return;
      useTapeKeypad.setState({ target: null });
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [target]);

  if (!target) return null;
  const press = (key: string) => {
    target.setText(applyKey(target.getText(), key));
    const input = document.getElementById(target.id);
    if (input && document.activeElement !== input) input.focus({ preventScroll: true });
  };
  const fractions = sixteenths ? ODD_SIXTEENTHS : EIGHTHS;
  return (
    <div className="tape-keypad" role="group" aria-label={t`Tape keypad`}>
      <div className="tk-head">
        <span className="tk-target">{target.label}</span>
        <Key
          label={t`Done`}
          className="tk-done"
          onPress={() => {
            document.getElementById(target.id)?.blur();
            useTapeKeypad.setState({ target: null });
          }}
        />
      </div>
      <div className="tk-body">
        <div className="tk-fractions">
          {fractions.map((f) => (
            <Key
              key={f}
              label={f}
              className="tk-frac"
              onPress={() => {
                press(f);
                // Like a shift key: after one sixteenth the common eighths are back.
                if (sixteenths) useTapeKeypad.setState({ sixteenths: false });
              }}
            />
          ))}
          <Key
            label={t`1/16 steps`}
            name={t`Sixteenths`}
            pressed={sixteenths}
            className="tk-toggle"
            onPress={() => useTapeKeypad.setState({ sixteenths: !sixteenths })}
          />
        </div>
        <div className="tk-digits">
          {['7', '8', '9'].map((d) => (
            <Key key={d} label={d} onPress={() => press(d)} />
          ))}
          <Key label="⌫" name={t`Backspace`} onPress={() => press('Backspace')} />
          {['4', '5', '6'].map((d) => (
            <Key key={d} label={d} onPress={() => press(d)} />
          ))}
          <Key label={t`space`} name={t`Space`} onPress={() => press(' ')} />
          {['1', '2', '3'].map((d) => (
            <Key key={d} label={d} onPress={() => press(d)} />
          ))}
          <Key label={t`Clear`} onPress={() => press('Clear')} />
          <Key label="." name={t`Point`} onPress={() => press('.')} />
          <Key label="0" onPress={() => press('0')} />
          <Key
            label={t`Next ↵`}
            name={t`Next`}
            className="tk-next"
            onPress={() => target.enter()}
          />
        </div>
      </div>
    </div>
  );
}
