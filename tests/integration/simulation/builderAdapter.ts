/**
 * The simulation's only view of the builder's cabinet list: the builder's
 * public operations (add a cabinet of a type, remove one, move one, set a
 * part's width or height) on a real builder store (`createBuilderStore`),
 * and how to read a cabinet back out of a saved `cabinetData`. Everything
 * else in the simulation names cabinets by the opaque string this adapter
 * hands out, so a change of the stored shape of cabinet rows (ids, order)
 * changes this file only.
 *
 * Stored shape: `cabinetData.cabinets` is a map `{ [id]: { type, order } }`
 * (random uuid ids, `order` a fractional-indexing key; the list is sorted by
 * order then id) and a cabinet's parts are `itemState[`${id}_${index}`]`.
 */
import type { CabinetData } from '../../../src/domain/cabinetData';
import { orderedCabinets } from '../../../src/domain/cabinetRows';
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
   * removes, moves) merge: cabinet ids are unique across devices and the
   * rows merge by id (cabinetMerge.ts), so every device of the simulation
   * adds, removes and moves cabinets, and two tablets adding at once must
   * keep both cabinets.
   */
  concurrentListMerge: true,

  /** The draft's or a saved document's cabinets, in the order the builder lists them. */
  cabinets(data: CabinetData): CabinetRef[] {
    return orderedCabinets(data.cabinets).map((r) => ({ id: r.id, type: r.type }));
  },

  /** Adds a cabinet of `type` at the end of the list (the "Add cabinet" picker); its id, or null. */
  add(store: BuilderStore, type: CabinetTypeName): string | null {
    return store.getState().addCabinet(type);
  },

  /** Removes a cabinet (its × button). */
  remove(store: BuilderStore, id: string): void {
    store.getState().removeCabinet(id);
  },

  /** Moves a cabinet to position `to` (0-based, in list order without it): Move up / Move down. */
  move: ((store: BuilderStore, id: string, to: number) => {
    store.getState().moveCabinet(id, to);
  }) as null | ((store: BuilderStore, id: string, to: number) => void),

  /** Types a width or height into part `part` (0-based) of a cabinet. */
  setSize(store: BuilderStore, id: string, part: number, field: SizeField, value: string): void {
    store.getState().setItem(itemKey(id, part), { [field]: value });
  },

  /** A part's width or height in `data`, or undefined when the part has none. */
  sizeAt(data: CabinetData, id: string, part: number, field: SizeField): string | undefined {
    return data.itemState[itemKey(id, part)]?.[field];
  },

  /**
   * The details paths (under `details`) that hold a cabinet: its entry in the
   * map (where a removed-while-changed cabinet's conflict is shown) and its parts.
   */
  pathsOf(id: string, type: string): string[][] {
    const parts = partsOf(type) ?? [];
    return [
      builderAdapter.cabinetPath(id),
      ...parts.map((_, i) => ['cabinetData', 'itemState', itemKey(id, i)]),
    ];
  },

  /** The details path of a cabinet's entry (where a removed-while-changed cabinet's conflict is shown). */
  cabinetPath(id: string): string[] {
    return ['cabinetData', 'cabinets', id];
  },

  /** The details path of a part's size. */
  sizePath(id: string, part: number, field: SizeField): string[] {
    return ['cabinetData', 'itemState', itemKey(id, part), field];
  },

  /** How many parts (doors, drawer fronts) a cabinet of `type` has. */
  partCount(type: string): number {
    return partsOf(type)?.length ?? 0;
  },
};
