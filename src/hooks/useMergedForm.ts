/**
 * A form over a row that another device may change while it is open (the
 * project form, the profile, the price list). The form keeps the values it
 * started from (`base`); when the stored values change (the live row after a
 * pull), a three-way merge (src/data/threeWayMerge.ts) gives the fields the
 * user has not touched the new values, keeps the user's value where they
 * changed it, and records a conflict where both changed it to different
 * values. A save then sends only the fields that differ from `base`.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { sameJson, threeWayMerge } from '../data';

/** A field both the user and another device changed, with both values. */
export interface FieldConflict<V> {
  mine: V;
  theirs: V;
}

export interface MergedForm<T extends object> {
  /** What the form shows. */
  values: T;
  /** The stored values the form last took in (on open, on a remote change, after a save). */
  base: T;
  /** Fields changed here and on another device to different values, until the user chooses. */
  conflicts: Partial<{ [K in keyof T]: FieldConflict<T[K]> }>;
  set: <K extends keyof T>(key: K, value: T[K]) => void;
  /** Keep mine (the form's value stays) or take theirs (the form takes the other device's value). */
  resolve: (key: keyof T, choice: 'mine' | 'theirs') => void;
  /**
   * After a save: `saved` is the stored values of the row the save wrote,
   * `sent` the form's values that were saved. Edits made during the save are
   * kept, open conflicts are closed (the user's values were saved).
   */
  saved: (saved: T, sent: T) => void;
  /** Starts over from `stored` (Cancel). */
  reset: (stored: T) => void;
}

interface State<T> {
  base: T;
  values: T;
  conflicts: Partial<Record<keyof T, FieldConflict<unknown>>>;
}

/**
 * `stored`: the row's values in the form's shape, recomputed on every render
 * from the live row (the hook compares by content). Fields are the top-level
 * keys; a field's value (string, list) is one whole value.
 */
export function useMergedForm<T extends object>(stored: T): MergedForm<T> {
  const [state, setState] = useState<State<T>>(() => ({
    base: stored,
    values: stored,
    conflicts: {},
  }));
  const storedRef = useRef(stored);
  if (!sameJson(storedRef.current, stored)) storedRef.current = stored;
  const current = storedRef.current;

  useEffect(() => {
    setState((s) => {
      if (sameJson(s.base, current)) return s;
      const { merged, conflicts } = threeWayMerge(s.base, s.values, current);
      const next = { ...s.conflicts };
      for (const c of conflicts) {
        const key = c.path[0] as keyof T;
        next[key] = { mine: s.values[key], theirs: current[key] };
      }
      // A field the other device changed again to what the form holds needs no choice any more.
      for (const key of Object.keys(next) as (keyof T)[])
        if (sameJson(current[key], s.values[key])) delete next[key];
      return { base: current, values: { ...s.values, ...(merged as Partial<T>) }, conflicts: next };
    });
  }, [current]);

  const set = useCallback(<K extends keyof T>(key: K, value: T[K]) => {
    setState((s) => {
      const conflict = s.conflicts[key];
      const conflicts = { ...s.conflicts };
      if (conflict) conflicts[key] = { ...conflict, mine: value };
      return { ...s, values: { ...s.values, [key]: value }, conflicts };
    });
  }, []);

  const resolve = useCallback((key: keyof T, choice: 'mine' | 'theirs') => {
    setState((s) => {
      const conflict = s.conflicts[key];
      if (!conflict) return s;
      const conflicts = { ...s.conflicts };
      delete conflicts[key];
      const values = choice === 'theirs' ? { ...s.values, [key]: conflict.theirs } : s.values;
      return { ...s, values, conflicts };
    });
  }, []);

  const saved = useCallback((savedValues: T, sent: T) => {
    setState((s) => ({
      base: savedValues,
      values: { ...s.values, ...(threeWayMerge(sent, s.values, savedValues).merged as Partial<T>) },
      conflicts: {},
    }));
  }, []);

  const reset = useCallback((fresh: T) => {
    setState({ base: fresh, values: fresh, conflicts: {} });
  }, []);

  return {
    values: state.values,
    base: state.base,
    conflicts: state.conflicts as MergedForm<T>['conflicts'],
    set,
    resolve,
    saved,
    reset,
  };
}
