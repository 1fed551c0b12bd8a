/**
 * The door order: one piece per measured part in cabinet order,
 * identical sizes merged into lines (doors and drawer fronts separately) with
 * summed quantities and references back to their cabinets, the hinge summary,
 * and a warning for every part left out. Lengths are inches, unrounded.
 */
import type { CabinetData } from './cabinetData';
import { orderedCabinets } from './cabinetRows';
import { PART_INFO, itemKey, partsOf, type PartKind, type PartName } from './cabinetTypes';
import { hingeSummary, hingesPerLeaf, type HingeLine, type HingeRule } from './hingeSummary';
import { roundHalfUp, type Inches } from './inches';
import { ITEM_SIZE_ERROR_TEXT, itemSize, sizeContext, type ItemSizeError } from './itemSize';

export interface OrderPiece {
  /** 0-based index of the cabinet in list order (`orderedCabinets`). */
  row: number;
  /** The cabinet row's id (item keys are `rowId_index`). */
  rowId: string;
  cabinetType: string;
  /** 0-based index of the part within the cabinet type. */
  index: number;
  part: PartName;
  kind: PartKind;
  /** 2 for a split item (two leaves), else 1. */
  quantity: 1 | 2;
  /** Finished width of one leaf, inches, unrounded. */
  width: Inches;
  /** Finished height, inches, unrounded. */
  height: Inches;
  nextToWall: boolean;
  splitDoor: boolean;
}

export interface OrderLineRef {
  row: number;
  rowId: string;
  cabinetType: string;
  index: number;
  part: PartName;
  quantity: 1 | 2;
}

/** Identical sizes (equal at 3 decimals) of one kind, merged. */
export interface OrderLine {
  kind: PartKind;
  quantity: number;
  width: Inches;
  height: Inches;
  refs: OrderLineRef[];
}

export type OrderWarning =
  | {
      code: 'unknown-cabinet-type';
      row: number;
      rowId: string;
      cabinetType: string;
      message: string;
    }
  | {
      code: ItemSizeError;
      row: number;
      rowId: string;
      cabinetType: string;
      index: number;
      part: PartName;
      message: string;
    };

export interface DoorOrder {
  /** Overlay size in effect, inches (product rules "States and changes"). */
  overlay: Inches;
  verticalReveal: Inches;
  pieces: OrderPiece[];
  doors: OrderLine[];
  drawerFronts: OrderLine[];
  hinges: HingeLine[];
  /** The job's hinge rule in effect (absent: 2 per door, product rules "Constants and formulas"). */
  hingeRule?: HingeRule;
  warnings: OrderWarning[];
}

/** "Cabinet 3 (Base 2/1), Door 2" — 1-based, as a person counts. */
export function pieceLabel(
  row: number,
  cabinetType: string,
  part?: string,
  index?: number,
): string {
  const cabinet = `Cabinet ${row + 1} (${cabinetType || 'no type'})`;
  return part === undefined || index === undefined ? cabinet : `${cabinet}, ${part} ${index + 1}`;
}

function mergeLines(pieces: readonly OrderPiece[], kind: PartKind): OrderLine[] {
  const lines = new Map<string, OrderLine>();
  for (const p of pieces) {
    if (p.kind !== kind) continue;
    const key = `${roundHalfUp(p.width, 3)}x${roundHalfUp(p.height, 3)}`;
    const ref: OrderLineRef = {
      row: p.row,
      rowId: p.rowId,
      cabinetType: p.cabinetType,
      index: p.index,
      part: p.part,
      quantity: p.quantity,
    };
    const line = lines.get(key);
    if (line) {
      line.quantity += p.quantity;
      line.refs.push(ref);
    } else {
      lines.set(key, { kind, quantity: p.quantity, width: p.width, height: p.height, refs: [ref] });
    }
  }
  return [...lines.values()];
}

/**
 * Computes the whole order of a job. Pure and linear in the number of parts.
 * Cabinets of unknown type and parts without a valid size are left out, each
 * with a warning. Hinges are counted for the leaves on the order only
 * (docs/decisions.md). Lines keep the order of first appearance.
 */
export function computeDoorOrder(data: CabinetData): DoorOrder {
  const ctx = sizeContext(data);
  const pieces: OrderPiece[] = [];
  const warnings: OrderWarning[] = [];
  orderedCabinets(data.cabinets).forEach((cabinet, row) => {
    const parts = partsOf(cabinet.type);
    if (!parts) {
      warnings.push({
        code: 'unknown-cabinet-type',
        row,
        rowId: cabinet.id,
        cabinetType: cabinet.type,
        message: `${pieceLabel(row, cabinet.type)}: unknown cabinet type — left out of the order`,
      });
      return;
    }
    parts.forEach((part, index) => {
      const item = data.itemState[itemKey(cabinet.id, index)];
      const size = itemSize(ctx, part, item);
      if (!size.ok) {
        warnings.push({
          code: size.error,
          row,
          rowId: cabinet.id,
          cabinetType: cabinet.type,
          index,
          part,
          message: `${pieceLabel(row, cabinet.type, part, index)}: ${ITEM_SIZE_ERROR_TEXT[size.error]} — left out of the order`,
        });
        return;
      }
      pieces.push({
        row,
        rowId: cabinet.id,
        cabinetType: cabinet.type,
        index,
        part,
        kind: PART_INFO[part].kind,
        quantity: size.quantity,
        width: size.finishedWidthIn,
        height: size.finishedHeightIn,
        nextToWall: item?.nextToWall ?? false,
        splitDoor: item?.splitDoor ?? false,
      });
    });
  });
  return {
    overlay: ctx.overlayIn,
    verticalReveal: ctx.verticalRevealIn,
    pieces,
    doors: mergeLines(pieces, 'door'),
    drawerFronts: mergeLines(pieces, 'drawerFront'),
    hinges: hingeSummary(pieces, ctx.overlayIn, data.hingeRule),
    ...(data.hingeRule ? { hingeRule: data.hingeRule } : {}),
    warnings,
  };
}

/** Hinges on each piece of a merged line under the order's rule: 0 for drawer fronts. */
export function hingesPerPiece(
  order: Pick<DoorOrder, 'hingeRule'>,
  line: Pick<OrderLine, 'kind' | 'height'>,
): number {
  return line.kind === 'door' ? hingesPerLeaf(order.hingeRule, line.height) : 0;
}

/** The CLI's `--format json` object: exactly these keys, unrounded numbers. */
export interface OrderJson {
  overlay: number;
  pieces: {
    row: number;
    cabinetType: string;
    index: number;
    part: string;
    quantity: 1 | 2;
    width: number;
    height: number;
  }[];
  hinges: { size: number; quantity: number }[];
}

/** Projects an order onto the CLI's JSON shape. */
export function orderJson(order: DoorOrder): OrderJson {
  return {
    overlay: order.overlay,
    pieces: order.pieces.map((p) => ({
      row: p.row,
      cabinetType: p.cabinetType,
      index: p.index,
      part: p.part,
      quantity: p.quantity,
      width: p.width,
      height: p.height,
    })),
    hinges: order.hinges.map((h) => ({ size: h.size, quantity: h.quantity })),
  };
}
