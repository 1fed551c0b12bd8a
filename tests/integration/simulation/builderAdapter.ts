/**
 * The simulation's only view of the builder's cabinet list: the builder's
 * public operations (add a cabinet of a type, remove one, move one, set a
 * part's width or height) on a real builder store (`createBuilderStore`),
 * and how to read a cabinet back out of a saved `cabinetData`. Everything
 * else in the simulation names cabinets by the opaque string this adapter
 * hands out, so a change of the stored shape of cabinet rows (ids, order)
 * changes this file only.
 */
import type { CabinetData } from '../../../src/domain/cabinetData';
import { itemKey, partsOf, type CabinetTypeName } from '../../../src/domain/cabinetTypes';
import type { createBuilderStore } from '../../../src/features/builder/builderStore';

export type BuilderStore = ReturnType<typeof createBuilderStore>;

/** A cabinet as the simulation names it: an opaque id and its type. */
export interface CabinetRef {
  id: string;
  type: string;
}

/** The measured sizes of a part (text, inches, as the builder's fields hold them). */
export type SizeField = 'width' | 'height';

export const builderAdapter = {
  /**
   * True when changes of the cabinet list on two devices at once (adds,
   * removes, moves) merge. Today the list is one array value and a device
   * mints a new cabinet's id as the largest id plus one: two tablets adding
   * at once mint the same id, and an add on one tablet with a removal on the
   * other keeps only one side's list, so a cabinet vanishes. Until then the
   * simulation changes the list on tablet A only (`SIM_CABINET_LIST=1`
   * overrides). Turn this on when cabinet ids are unique across devices and
   * the rows merge by id.
   */
  concurrentListMerge: false,

  /** The draft's or a saved document's cabinets, in the order the builder lists them. */
  cabinets(data: CabinetData): CabinetRef[] {
    return data.cabinetRows.map((r) => ({ id: String(r.id), type: r.type }));
  },

  /**
   * The cabinets whose removal cannot hand their id to the next added one.
   * Today the next id is the largest plus one, so removing the cabinet with
   * the largest id gives its id to the next cabinet added, and a width another
   * device typed into the removed cabinet lands on the new one. Used only
   * while `concurrentListMerge` is off; then every cabinet.
   */
  removable(list: CabinetRef[]): CabinetRef[] {
    const largest = Math.max(...list.map((c) => Number(c.id)));
    return list.filter((c) => Number(c.id) !== largest);
  },

  /** Adds a cabinet of `type` at the end of the list (the "Add cabinet" picker); its id, or null. */
  add(store: BuilderStore, type: CabinetTypeName): string | null {
    const id = store.getState().addCabinet(type);
    return id === null ? null : String(id);
  },

  /** Removes a cabinet (its × button). */
  remove(store: BuilderStore, id: string): void {
    store.getState().removeCabinet(Number(id));
  },

  /**
   * Moves a cabinet to position `to` (0-based) of the list, or null while the
   * builder has no reorder operation (the simulation then does not generate moves).
   */
  move: null as null | ((store: BuilderStore, id: string, to: number) => void),

  /** Types a width or height into part `part` (0-based) of a cabinet. */
  setSize(store: BuilderStore, id: string, part: number, field: SizeField, value: string): void {
    store.getState().setItem(itemKey(Number(id), part), { [field]: value });
  },

  /** A part's width or height in `data`, or undefined when the part has none. */
  sizeAt(data: CabinetData, id: string, part: number, field: SizeField): string | undefined {
    return data.itemState[itemKey(Number(id), part)]?.[field];
  },

  /** The details paths (under `details`) that hold a cabinet: its row and its parts. */
  pathsOf(id: string, type: string): string[][] {
    const parts = partsOf(type) ?? [];
    return [
      ['cabinetData', 'cabinetRows'],
      ...parts.map((_, i) => ['cabinetData', 'itemState', itemKey(Number(id), i)]),
    ];
  },

  /** The details path of a part's size. */
  sizePath(id: string, part: number, field: SizeField): string[] {
    return ['cabinetData', 'itemState', itemKey(Number(id), part), field];
  },

  /** How many parts (doors, drawer fronts) a cabinet of `type` has. */
  partCount(type: string): number {
    return partsOf(type)?.length ?? 0;
  },
};
