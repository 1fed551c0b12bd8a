/**
 * The builder's draft (zustand, UI state local to the builder feature): the
 * `CabinetData` being edited, seeded from `project.details.cabinetData`, a
 * revision counter the autosave watches, and the save status. Persisting is
 * done by `useBuilderSave` through `projectsRepo.update` (src/data), never here.
 */
import { create } from 'zustand';
import {
  nextRowId,
  normalizeCabinetData,

  type CabinetData,
  type CabinetForm,
  type ItemState,
  type OverlayMode,
  type StileRailKey,
} from '../../domain/cabinetData';
import { itemKey, partsOf, type CabinetTypeName } from '../../domain/cabinetTypes';
import { setOverlayMode, setSideReveal, setStdOption, setVertRevealOverride, setVerticalReveal } from '../../domain/overlay';

/** Spec §4 builder save states. */
export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

export interface BuilderState {
  projectId: string | null;
  data: CabinetData | null;
  /** Bumped on every change; the autosave saves the latest revision. */
  revision: number;
  /** The last revision that reached the local database. */
  savedRevision: number;
  saveState: SaveState;
  load(projectId: string, raw: unknown): void;
  setText(field: 'nrs' | 'door' | 'drawerFront' | 'color', value: string): void;
  setOverlayMode(mode: OverlayMode): void;
  setStdOption(value: number): void;
  setSideReveal(value: number): void;
  setVerticalReveal(value: number): void;
  setVertRevealOverride(on: boolean): void;
  setStileRail(key: StileRailKey, value: number): void;
  addCabinet(type: CabinetTypeName): void;
  removeCabinet(rowId: number): void;
  setItem(key: string, patch: Partial<ItemState>): void;
  setItemOverride(key: string, key2: StileRailKey, value: number): void;
  setOverrideEnabled(key: string, on: boolean): void;
  setNotes(notes: string): void;
  setShowNotes(show: boolean): void;
  setSaveState(state: SaveState, savedRevision?: number): void;
}

function blankItem(type: string): ItemState {
  return { width: '', height: '', nextToWall: false, splitDoor: false, type };
}

/** Creates a builder store (the app uses `useBuilderStore`; tests make their own). */
export function createBuilderStore() {
  return create<BuilderState>((set) => {
    const change = (fn: (d: CabinetData) => CabinetData) =>
      set((s) => (s.data ? { data: fn(s.data), revision: s.revision + 1 } : s));
    return {
      projectId: null,
      data: null,
      revision: 0,
      savedRevision: 0,
      saveState: 'idle',
      load: (projectId, raw) => set({ projectId, data: normalizeCabinetData(raw), revision: 0, savedRevision: 0, saveState: 'idle' }),
      setText: (field, value) => change((d) => ({ ...d, form: { ...d.form, [field]: value } as CabinetForm })),
      setOverlayMode: (mode) => change((d) => setOverlayMode(d, mode)),
      setStdOption: (value) => change((d) => setStdOption(d, value)),
      setSideReveal: (value) => change((d) => setSideReveal(d, value)),
      setVerticalReveal: (value) => change((d) => setVerticalReveal(d, value)),
      setVertRevealOverride: (on) => change((d) => setVertRevealOverride(d, on)),
      setStileRail: (key, value) => change((d) => ({ ...d, stileRail: { ...d.stileRail, [key]: value } })),
      addCabinet: (type) =>
        change((d) => {
          const id = nextRowId(d.cabinetRows);
          const itemState = { ...d.itemState };
          (partsOf(type) ?? []).forEach((part, index) => {
            itemState[itemKey(id, index)] = blankItem(part);
          });
          return { ...d, cabinetRows: [...d.cabinetRows, { id, type }], itemState };
        }),
      removeCabinet: (rowId) =>
        change((d) => {
          const itemState = { ...d.itemState };
          for (const key of Object.keys(itemState)) if (key.startsWith(`${rowId}_`)) delete itemState[key];
          return { ...d, cabinetRows: d.cabinetRows.filter((r) => r.id !== rowId), itemState };
        }),
      setItem: (key, patch) =>
        change((d) => ({ ...d, itemState: { ...d.itemState, [key]: { ...(d.itemState[key] ?? blankItem('')), ...patch } } })),
      setItemOverride: (key, field, value) =>
        change((d) => {
          const item = d.itemState[key] ?? blankItem('');
          const override = { ...(item.stileRailOverride ?? d.stileRail), [field]: value };
          return { ...d, itemState: { ...d.itemState, [key]: { ...item, stileRailOverride: override } } };
        }),
      setOverrideEnabled: (key, on) =>
        change((d) => {
          const item = d.itemState[key] ?? blankItem('');
          const next: ItemState = { ...item };
          if (on) next.stileRailOverride = { ...(item.stileRailOverride ?? d.stileRail) };
          else delete next.stileRailOverride;
          return { ...d, itemState: { ...d.itemState, [key]: next } };
        }),
      setNotes: (notes) => change((d) => ({ ...d, notes })),
      setShowNotes: (show) => change((d) => ({ ...d, showNotes: show })),
      setSaveState: (saveState, savedRevision) => set((s) => ({ saveState, savedRevision: savedRevision ?? s.savedRevision })),
    };
  });
}

/** The app's builder store. */
export const useBuilderStore = createBuilderStore();

