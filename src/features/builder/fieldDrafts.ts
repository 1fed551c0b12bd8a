/**
 * Text typed into a measurement field that is not a size ("abc", "0",
 * "14 9/8"), kept on this device only: in localStorage, keyed by project and
 * field, never put in the project's data and never sent. The field's saved
 * value stays the last good size (on the server too) while the draft shows
 * with its "Not saved" message, across reloads and in a second tab of this
 * device. A draft is tied to the saved value it was typed over: when that
 * value changes (an undo, another device's edit) the draft is dropped.
 */
import { create } from 'zustand';

/** localStorage key of every unsaved measurement text on this device. */
export const FIELD_DRAFTS_KEY = 'refacing:builderFieldDrafts';
/** At most this many drafts are kept (the oldest go first): each one is a mistake being fixed. */
const MAX_DRAFTS = 200;

/** Text not saved, and the saved value it was typed over. */
export interface FieldDraft {
  text: string;
  forValue: string;
}

type Drafts = Record<string, FieldDraft>;

function read(): Drafts {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(FIELD_DRAFTS_KEY) ?? '{}');
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
    const out: Drafts = {};
    for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
      const d = v as Partial<FieldDraft> | null;
      if (d && typeof d.text === 'string' && typeof d.forValue === 'string')
        out[k] = { text: d.text.slice(0, 200), forValue: d.forValue };
    }
    return out;
  } catch {
    return {};
  }
}

function write(drafts: Drafts): void {
  try {
    localStorage.setItem(FIELD_DRAFTS_KEY, JSON.stringify(drafts));
  } catch {
    // No storage (private mode, quota): the draft lives for this tab only.
  }
}

/** The key of one field's draft: `<projectId>:<field>`. */
export function draftKeyOf(projectId: string, field: string): string {
  return `${projectId}:${field}`;
}

interface FieldDraftsState {
  drafts: Drafts;
  /** Keeps `draft` for `key` (null removes it); written to localStorage at once. */
  set: (key: string, draft: FieldDraft | null) => void;
}

/** The drafts of this device; another tab's changes arrive through the storage event. */
export const useFieldDrafts = create<FieldDraftsState>((setState, get) => ({
  drafts: typeof localStorage === 'undefined' ? {} : read(),
  set: (key, draft) => {
    const current = get().drafts;
    const had = current[key];
    if (!draft && !had) return;
    if (draft && had && had.text === draft.text && had.forValue === draft.forValue) return;
    const next = { ...current };
    delete next[key];
    if (draft) next[key] = draft;
    const keys = Object.keys(next);
    for (const k of keys.slice(0, Math.max(0, keys.length - MAX_DRAFTS))) delete next[k];
    setState({ drafts: next });
    write(next);
  },
}));

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === FIELD_DRAFTS_KEY) useFieldDrafts.setState({ drafts: read() });
  });
}

/** The draft of `key` when it was typed over `value` (the saved value now), else null. */
export function draftFor(drafts: Drafts, key: string, value: string): FieldDraft | null {
  const d = drafts[key];
  return d && d.forValue === value ? d : null;
}
