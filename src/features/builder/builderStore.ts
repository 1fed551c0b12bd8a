/**
 * The builder's draft (zustand, UI state local to the builder feature): the
 * `CabinetData` being edited, seeded from `project.details.cabinetData`, a
 * revision counter the autosave watches, and the save status. Persisting is
 * done by `useBuilderSave` through `projectsRepo.update` (src/data), never here.
 *
 * `base` is the row's cabinet data as this draft last took it in (on load and
 * on every change of the local row, `mergeRemote`): the save sends only where
 * the draft differs from it, and another device's change reaches the open
 * draft through a three-way merge (base, mine = the draft, theirs = the row).
 */
import { create } from 'zustand';
import {
  applyDetailsPatch,
  editsSince,
  sameJson,
  valueAt,
  withValueAt,
  type MergeConflict,
  type ProjectChanges,
  type ProjectUpdateOptions,
} from '../../data';
import {
  cabinetIdOfItem,
  isCabinetConflict,
  mergeCabinetData,
  withCabinet,
  type CabinetValue,
} from '../../data/cabinetMerge';
import {
  normalizeCabinetData,
  type CabinetData,
  type CabinetRow,
  type ItemState,
  type OverlayMode,
  type StileRailKey,
} from '../../domain/cabinetData';
import { pairTypedSizes } from '../../domain/typedSizes';
import { orderKeyAt, orderKeyAtEnd, orderedCabinets } from '../../domain/cabinetRows';
import { itemKey, partsOf, type CabinetTypeName } from '../../domain/cabinetTypes';
import {
  setOverlayMode,
  setSideReveal,
  setStdOption,
  setVertRevealOverride,
  setVerticalReveal,
} from '../../domain/overlay';

/** Product rules "States and changes" builder save states. */
export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

/** How many builder edits Ctrl/Cmd+Z can take back. */
export const UNDO_LIMIT = 100;

/** A removed cabinet, kept so "Cabinet 6 removed · Undo" can put it back with all its measurements. */
export interface RemovedCabinet {
  row: CabinetRow;
  /** 1-based number the cabinet had. */
  number: number;
  /** Its 0-based position in list order. */
  position: number;
  items: Record<string, ItemState>;
}

export interface BuilderState {
  projectId: string | null;
  data: CabinetData | null;
  /** The row's cabinet data the draft was last merged with (loaded or pulled); saves send `data` minus this. */
  base: CabinetData | null;
  /** False while the row holds no cabinet data yet: the first save then writes the whole job, defaults included. */
  baseStored: boolean;
  /**
   * Fields changed here and on another device to different values, paths
   * inside `cabinetData`; the draft keeps the user's value until they choose.
   */
  conflicts: MergeConflict[];
  /** Bumped on every change; the autosave saves the latest revision. */
  revision: number;
  /** The last revision that reached the local database. */
  savedRevision: number;
  saveState: SaveState;
  /** Earlier drafts, newest last (Ctrl/Cmd+Z). */
  past: CabinetData[];
  /** Undone drafts, newest last (Ctrl/Cmd+Shift+Z, Ctrl+Y). */
  future: CabinetData[];
  /** Consecutive changes with the same key (keystrokes in one field) are one undo step. */
  lastEdit: string | null;
  /** The last removed cabinet, for the Undo of the removal notice. */
  removed: RemovedCabinet | null;
  load: (projectId: string, raw: unknown) => void;
  /**
   * Takes in the row's cabinet data as it is now (`raw`, e.g. after a pull):
   * fields the user has not changed take the new values, fields the user
   * changed keep theirs and become `conflicts` when the other side differs.
   * Undo history is rebased the same way, so an undo never brings back a
   * value another device replaced.
   */
  mergeRemote: (raw: unknown) => void;
  /** Resolves a conflict: `mine` keeps the draft's value, `theirs` takes the other device's. */
  resolveConflict: (path: readonly string[], choice: 'mine' | 'theirs') => void;
  setText: (
    field: 'nrs' | 'door' | 'drawerFront' | 'color' | 'finish' | 'poNumber',
    value: string,
  ) => void;
  setOverlayMode: (mode: OverlayMode) => void;
  setStdOption: (value: number) => void;
  setSideReveal: (value: number) => void;
  setVerticalReveal: (value: number) => void;
  setVertRevealOverride: (on: boolean) => void;
  setStileRail: (key: StileRailKey, value: number) => void;
  /** Adds a cabinet of `type` at the end; returns its row id (`null` before a job is loaded). */
  addCabinet: (type: CabinetTypeName) => string | null;
  removeCabinet: (rowId: string) => void;
  /**
   * Moves a cabinet to `position` (0-based, in list order without it): only
   * its order key changes, so a move made on another device at the same time
   * merges (a move of another cabinet) or is one conflicting field (a move of
   * the same cabinet).
   */
  moveCabinet: (rowId: string, position: number) => void;
  /** Puts the last removed cabinet back where it was, with its measurements and overrides. */
  restoreRemoved: () => void;
  dismissRemoved: () => void;
  /** Takes back the last edit; false when there is none. */
  undo: () => boolean;
  redo: () => boolean;
  setItem: (key: string, patch: Partial<ItemState>) => void;
  setItemOverride: (key: string, field: StileRailKey, value: number) => void;
  setOverrideEnabled: (key: string, on: boolean) => void;
  setNotes: (notes: string) => void;
  setShowNotes: (show: boolean) => void;
  setSaveState: (state: SaveState, savedRevision?: number) => void;
}

function blankItem(type: string): ItemState {
  return { width: '', height: '', nextToWall: false, splitDoor: false, type };
}

/** A new cabinet's id: a random v4 uuid, so no two devices ever mint the same one. */
function newCabinetId(): string {
  return globalThis.crypto.randomUUID();
}

/** The items (parts) of one cabinet: keys `${rowId}_${index}`. */
function itemsOf(itemState: Record<string, ItemState>, rowId: string): Record<string, ItemState> {
  const out: Record<string, ItemState> = {};
  const prefix = `${rowId}_`;
  for (const key of Object.keys(itemState))
    if (key.startsWith(prefix)) out[key] = itemState[key] as ItemState;
  return out;
}

/** The cabinets in list order of the loaded draft (memoized on the map: a stable array between changes of the list). */
export function selectCabinetRows(
  s: Pick<BuilderState, 'data'>,
): readonly CabinetRow[] | undefined {
  return s.data ? orderedCabinets(s.data.cabinets) : undefined;
}

function isStored(raw: unknown): boolean {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw);
}

/**
 * What a save of the draft hands to `projectsRepo.update(projectId, changes,
 * options)`: the draft as `details.cabinetData`, with the draft's base, so
 * only the paths the user changed are sent. `null` before a job is loaded.
 * While the row holds no cabinet data yet, the base is empty: the first save
 * writes the whole job.
 */
export function draftSave(
  state: Pick<BuilderState, 'projectId' | 'data' | 'base' | 'baseStored'>,
): {
  projectId: string;
  changes: ProjectChanges;
  options: ProjectUpdateOptions;
} | null {
  const { projectId, data, base, baseStored } = state;
  if (!projectId || !data || !base) return null;
  return {
    projectId,
    changes: { details: { cabinetData: data } },
    options: { base: { details: baseStored ? { cabinetData: base } : {} } },
  };
}

/** Creates a builder store (the app uses `useBuilderStore`; tests make their own). */
export function createBuilderStore() {
  return create<BuilderState>((set, get) => {
    /** Applies an edit; `editKey` merges consecutive edits of one field into one undo step. */
    const change = (fn: (d: CabinetData) => CabinetData, editKey: string | null = null) =>
      set((s) => {
        if (!s.data) return s;
        const next = fn(s.data);
        if (next === s.data) return s;
        const merge = editKey !== null && editKey === s.lastEdit;
        const past = merge ? s.past : [...s.past.slice(-(UNDO_LIMIT - 1)), s.data];
        return { data: next, revision: s.revision + 1, past, future: [], lastEdit: editKey };
      });
    const step = (from: 'past' | 'future') => {
      const s = get();
      const stack = s[from];
      const target = stack[stack.length - 1];
      if (!s.data || !target) return false;
      const rest = stack.slice(0, -1);
      const other = from === 'past' ? s.future : s.past;
      set({
        data: target,
        revision: s.revision + 1,
        [from]: rest,
        [from === 'past' ? 'future' : 'past']: [...other.slice(-(UNDO_LIMIT - 1)), s.data],
        lastEdit: null,
        removed: s.removed && s.removed.row.id in target.cabinets ? null : s.removed,
      } as Partial<BuilderState>);
      return true;
    };
    return {
      projectId: null,
      data: null,
      base: null,
      baseStored: false,
      conflicts: [],
      revision: 0,
      savedRevision: 0,
      saveState: 'idle',
      past: [],
      future: [],
      lastEdit: null,
      removed: null,
      load: (projectId, raw) => {
        const data = normalizeCabinetData(raw);
        set({
          projectId,
          data,
          base: data,
          baseStored: isStored(raw),
          conflicts: [],
          revision: 0,
          savedRevision: 0,
          saveState: 'idle',
          past: [],
          future: [],
          lastEdit: null,
          removed: null,
        });
      },
      mergeRemote: (raw) => {
        const s = get();
        if (!s.data || !s.base) return;
        const data = s.data;
        const theirs = normalizeCabinetData(raw);
        if (isStored(raw) && !s.baseStored) set({ baseStored: true });
        if (sameJson(theirs, s.base)) return;
        const base = s.base;
        // What the draft does not hold yet: another device's changes (our own saves are in it already).
        const remote = editsSince(base, theirs).filter(
          (e) => !sameJson(valueAt(data, e.path), e.value),
        );
        if (remote.length === 0) {
          set({ base: theirs });
          return;
        }
        const { merged, conflicts } = mergeCabinetData(base, data, theirs);
        // Undo history takes the other device's changes where that step had the base value,
        // so an undo takes back only this device's edits.
        const rebase = (d: CabinetData) => {
          const apply = remote.filter((r) => sameJson(valueAt(d, r.path), valueAt(base, r.path)));
          return apply.length ? normalizeCabinetData(applyDetailsPatch(d, apply)) : d;
        };
        const key = (p: readonly string[]) => p.join('\u0000');
        const fresh = new Set(conflicts.map((c) => key(c.path)));
        set({
          data: normalizeCabinetData(merged),
          base: theirs,
          past: s.past.map(rebase),
          future: s.future.map(rebase),
          // A new conflict on a path replaces the old one; others wait for the user's choice.
          conflicts: [...s.conflicts.filter((c) => !fresh.has(key(c.path))), ...conflicts],
        });
      },
      resolveConflict: (path, choice) => {
        const conflict = get().conflicts.find((c) => sameJson(c.path, path));
        if (!conflict) return;
        // Taking a removal takes the cabinet's parts away too: their own field conflicts go with them.
        const gone =
          choice === 'theirs' && isCabinetConflict(conflict) && conflict.theirs === undefined
            ? (conflict.path[1] as string)
            : null;
        set((s) => ({
          conflicts: s.conflicts.filter(
            (c) =>
              c !== conflict &&
              !(
                gone !== null &&
                c.path[0] === 'itemState' &&
                cabinetIdOfItem(c.path[1] ?? '') === gone
              ),
          ),
        }));
        if (choice === 'theirs')
          change((d) =>
            normalizeCabinetData(
              isCabinetConflict(conflict)
                ? withCabinet(
                    d,
                    conflict.path[1] as string,
                    conflict.theirs as CabinetValue | undefined,
                  )
                : // A number taken from the other device takes its typed form with it.
                  pairTypedSizes(withValueAt(d, conflict.path, conflict.theirs), [get().base]),
            ),
          );
      },
      setText: (field, value) =>
        change((d) => ({ ...d, form: { ...d.form, [field]: value } }), `text:${field}`),
      setOverlayMode: (mode) => change((d) => setOverlayMode(d, mode)),
      setStdOption: (value) => change((d) => setStdOption(d, value)),
      setSideReveal: (value) => change((d) => setSideReveal(d, value)),
      setVerticalReveal: (value) => change((d) => setVerticalReveal(d, value)),
      setVertRevealOverride: (on) => change((d) => setVertRevealOverride(d, on)),
      setStileRail: (key, value) =>
        change(
          (d) =>
            d.stileRail[key] === value ? d : { ...d, stileRail: { ...d.stileRail, [key]: value } },
          `stileRail:${key}`,
        ),
      addCabinet: (type) => {
        if (!get().data) return null;
        const id = newCabinetId();
        change((d) => {
          const order = orderKeyAtEnd(orderedCabinets(d.cabinets));
          const itemState = { ...d.itemState };
          (partsOf(type) ?? []).forEach((part, index) => {
            itemState[itemKey(id, index)] = blankItem(part);
          });
          return { ...d, cabinets: { ...d.cabinets, [id]: { type, order } }, itemState };
        });
        return id;
      },
      removeCabinet: (rowId) => {
        const d0 = get().data;
        const rows = d0 ? orderedCabinets(d0.cabinets) : [];
        const position = rows.findIndex((r) => r.id === rowId);
        const row = rows[position];
        if (!d0 || !row) return;
        const items = itemsOf(d0.itemState, rowId);
        change((d) => {
          const itemState = { ...d.itemState };
          for (const key of Object.keys(items)) delete itemState[key];
          const cabinets = { ...d.cabinets };
          delete cabinets[rowId];
          return { ...d, cabinets, itemState };
        });
        set({ removed: { row, number: position + 1, position, items } });
      },
      moveCabinet: (rowId, position) =>
        change((d) => {
          const entry = d.cabinets[rowId];
          if (!entry) return d;
          const rows = orderedCabinets(d.cabinets);
          const others = rows.filter((r) => r.id !== rowId);
          if (rows[Math.max(0, Math.min(position, others.length))]?.id === rowId) return d;
          const order = orderKeyAt(others, position);
          return { ...d, cabinets: { ...d.cabinets, [rowId]: { ...entry, order } } };
        }),
      restoreRemoved: () => {
        const removed = get().removed;
        if (!removed) return;
        set({ removed: null });
        change((d) => {
          if (removed.row.id in d.cabinets) return d;
          // Its own order key puts it back where it was among the cabinets still there.
          const { id, type, order } = removed.row;
          return {
            ...d,
            cabinets: { ...d.cabinets, [id]: { type, order } },
            itemState: { ...d.itemState, ...removed.items },
          };
        });
      },
      dismissRemoved: () => set({ removed: null }),
      undo: () => step('past'),
      redo: () => step('future'),
      setItem: (key, patch) =>
        change(
          (d) => {
            const item = d.itemState[key] ?? blankItem('');
            if ((Object.keys(patch) as (keyof ItemState)[]).every((k) => item[k] === patch[k]))
              return d;
            const next: ItemState = { ...item, ...patch };
            // A typed form set to undefined is gone (the stored decimal is what was typed).
            for (const k of Object.keys(patch) as (keyof ItemState)[])
              if (patch[k] === undefined) delete next[k];
            return { ...d, itemState: { ...d.itemState, [key]: next } };
          },
          'width' in patch || 'height' in patch
            ? `item:${key}:${Object.keys(patch).join(',')}`
            : null,
        ),
      setItemOverride: (key, field, value) =>
        change((d) => {
          const item = d.itemState[key] ?? blankItem('');
          if (item.stileRailOverride?.[field] === value) return d;
          const override = { ...(item.stileRailOverride ?? d.stileRail), [field]: value };
          return {
            ...d,
            itemState: { ...d.itemState, [key]: { ...item, stileRailOverride: override } },
          };
        }, `override:${key}:${field}`),
      setOverrideEnabled: (key, on) =>
        change((d) => {
          const item = d.itemState[key] ?? blankItem('');
          const next: ItemState = { ...item };
          if (on) next.stileRailOverride = { ...(item.stileRailOverride ?? d.stileRail) };
          else delete next.stileRailOverride;
          return { ...d, itemState: { ...d.itemState, [key]: next } };
        }),
      setNotes: (notes) => change((d) => ({ ...d, notes }), 'notes'),
      setShowNotes: (show) => change((d) => ({ ...d, showNotes: show })),
      setSaveState: (saveState, savedRevision) =>
        set((s) => ({ saveState, savedRevision: savedRevision ?? s.savedRevision })),
    };
  });
}

/** The app's builder store. */
export const useBuilderStore = createBuilderStore();
