/**
 * The 17 cabinet types and their parts, exactly as the spec's table
 * (product rules "Records and their fields" "Cabinet types and parts"), plus what each part is: a door or a
 * drawer front, hinged or not, and which height formula it uses (product rules "Constants and formulas").
 *
 * Decision (docs/decisions.md): the parts of the VB and VDB types are the
 * "V-base door" and "V-base front" of product rules "Constants and formulas"; every other Door/Front is the
 * base door/front/door/front of product rules "Constants and formulas".
 */

/** A part's name as the order sheet and the CLI print it. */
export type PartName =
  'Door' | 'Front' | 'V-base door' | 'V-base front' | 'Pantry Top Dr' | 'Pantry Bott Dr';

/** Which finished-height formula of product rules "Constants and formulas" a part uses. */
export type HeightFormula =
  /** Base door, base front, door, front: botRail − vReveal + (midRail1/2 − vReveal/2) + height. */
  | 'standard'
  /** V-base door (and, by decision, Pantry Bott Dr): botRail − 0.25 + (midRail1/2 − 0.125) + height. */
  | 'bottomFixed'
  /** V-base front and Pantry Top Dr: topRail − 0.25 + (midRail1/2 − 0.125) + height. */
  | 'topFixed';

/** Doors and drawer fronts are listed separately on the order. */
export type PartKind = 'door' | 'drawerFront';

export interface PartInfo {
  kind: PartKind;
  /** Product rules "Constants and formulas": 2 hinges per hinged part (per leaf when split). */
  hinged: boolean;
  heightFormula: HeightFormula;
}

export const PART_INFO: Readonly<Record<PartName, PartInfo>> = {
  Door: { kind: 'door', hinged: true, heightFormula: 'standard' },
  Front: { kind: 'drawerFront', hinged: false, heightFormula: 'standard' },
  'V-base door': { kind: 'door', hinged: true, heightFormula: 'bottomFixed' },
  'V-base front': { kind: 'drawerFront', hinged: false, heightFormula: 'topFixed' },
  'Pantry Top Dr': { kind: 'door', hinged: true, heightFormula: 'topFixed' },
  'Pantry Bott Dr': { kind: 'door', hinged: true, heightFormula: 'bottomFixed' },
};

const D = 'Door' as const;
const F = 'Front' as const;
const VD = 'V-base door' as const;
const VF = 'V-base front' as const;

/** Product rules "Records and their fields" table, in the spec's order. "Door x2" is two Door items, and so on. */
export const CABINET_TYPES = {
  'Base 1/1': [D, F],
  Wall: [D],
  'Base 2/1': [D, D, F],
  'Base Full Ht 1/0': [D],
  'Base Full Ht 2/0': [D, D],
  'Kite DB 0/3': [F, F, F],
  'Kite DB 0/4': [F, F, F, F],
  'Pantry 2/0': ['Pantry Top Dr', 'Pantry Bott Dr'],
  'L/S 2/0': [D, D],
  'Desk/Lap Draw 0/1': [F],
  'VB 1/1': [VD, VF],
  'VB 2/1': [VD, VD, VF],
  'VB 2/3': [VD, VD, VF, VF, VF],
  'VB Full HT 1/0': [VD],
  'VB Full HT 2/0': [VD, VD],
  'VDB 0/3': [VF, VF, VF],
  'VDB 0/4': [VF, VF, VF, VF],
} as const satisfies Record<string, readonly PartName[]>;

export type CabinetTypeName = keyof typeof CABINET_TYPES;

/** The 17 type names in the spec's order (for the type picker). */
export const CABINET_TYPE_NAMES = Object.keys(CABINET_TYPES) as CabinetTypeName[];

/** True when `type` is one of the spec's 17 cabinet types (exact spelling). */
export function isCabinetType(type: string): type is CabinetTypeName {
  return Object.prototype.hasOwnProperty.call(CABINET_TYPES, type);
}

/** The parts of a cabinet type in order, or `undefined` for an unknown type. */
export function partsOf(type: string): readonly PartName[] | undefined {
  return isCabinetType(type) ? CABINET_TYPES[type] : undefined;
}

/** Item-state key of a cabinet's part: `rowId_index` (index 0-based within the type's parts). */
export function itemKey(rowId: string, index: number): string {
  return `${rowId}_${index}`;
}
