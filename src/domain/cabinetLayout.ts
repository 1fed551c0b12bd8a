/**
 * How each cabinet type lays its parts out on the face frame (front
 * elevation), for the drawing of a cabinet and for the pair check of the
 * order checks. Part numbers are the 0-based indexes of the type's parts
 * (product rules "Records and their fields" table). Lengths are inches.
 *
 * A layout is a tree: `row` puts its children side by side (left to right,
 * a mid stile between them), `col` stacks them (top to bottom, a mid rail
 * between them). Drawer fronts sit above doors, as on a base cabinet.
 */
import type { StileRail } from './cabinetData';
import { PART_INFO, partsOf, type CabinetTypeName } from './cabinetTypes';

export type LayoutNode = number | { dir: 'row' | 'col'; children: readonly LayoutNode[] };

const row = (...children: LayoutNode[]): LayoutNode => ({ dir: 'row', children });
const col = (...children: LayoutNode[]): LayoutNode => ({ dir: 'col', children });

/** The layout of every product rules "Records and their fields" type (decision: a vanity 2/3 has its door pair left of its bank of three drawers). */
export const CABINET_LAYOUTS: Readonly<Record<CabinetTypeName, LayoutNode>> = {
  'Base 1/1': col(1, 0),
  Wall: 0,
  'Base 2/1': col(2, row(0, 1)),
  'Base Full Ht 1/0': 0,
  'Base Full Ht 2/0': row(0, 1),
  'Kite DB 0/3': col(0, 1, 2),
  'Kite DB 0/4': col(0, 1, 2, 3),
  'Pantry 2/0': col(0, 1),
  'L/S 2/0': row(0, 1),
  'Desk/Lap Draw 0/1': 0,
  'VB 1/1': col(1, 0),
  'VB 2/1': col(2, row(0, 1)),
  'VB 2/3': row(0, 1, col(2, 3, 4)),
  'VB Full HT 1/0': 0,
  'VB Full HT 2/0': row(0, 1),
  'VDB 0/3': col(0, 1, 2),
  'VDB 0/4': col(0, 1, 2, 3),
};

/** The layout of a type, or `undefined` for an unknown type. */
export function layoutOf(type: string): LayoutNode | undefined {
  return Object.prototype.hasOwnProperty.call(CABINET_LAYOUTS, type)
    ? CABINET_LAYOUTS[type as CabinetTypeName]
    : undefined;
}

/**
 * The door pairs of a type: two doors side by side in one row (Door 1 and
 * Door 2 of a "2/x" cabinet), as `[left, right]` part indexes.
 */
export function doorPairsOf(type: string): [number, number][] {
  const layout = layoutOf(type);
  const parts = partsOf(type);
  if (layout === undefined || !parts) return [];
  const pairs: [number, number][] = [];
  const walk = (node: LayoutNode) => {
    if (typeof node === 'number') return;
    if (node.dir === 'row') {
      for (let i = 0; i + 1 < node.children.length; i++) {
        const a = node.children[i];
        const b = node.children[i + 1];
        const pa = typeof a === 'number' ? parts[a] : undefined;
        const pb = typeof b === 'number' ? parts[b] : undefined;
        if (
          typeof a === 'number' &&
          typeof b === 'number' &&
          pa &&
          pb &&
          PART_INFO[pa].kind === 'door' &&
          PART_INFO[pb].kind === 'door'
        )
          pairs.push([a, b]);
      }
    }
    node.children.forEach(walk);
  };
  walk(layout);
  return pairs;
}

/** An opening placed on the face frame: its part index and rectangle (inches, origin top-left of the frame). */
export interface PlacedOpening {
  index: number;
  x: number;
  y: number;
  w: number;
  h: number;
  /** True when the opening's width or height was not measured and a stand-in size is drawn. */
  assumed: boolean;
  /** The opening touches the frame's left stile / right stile. */
  atLeft: boolean;
  atRight: boolean;
}

export interface FrameLayout {
  /** Outside width and height of the face frame, inches. */
  width: number;
  height: number;
  openings: PlacedOpening[];
}

/** Stand-in sizes for unmeasured openings, so an unmeasured part is still drawn (dashed) in place. */
const ASSUMED = { door: { w: 15, h: 24 }, drawerFront: { w: 15, h: 6 } } as const;

/**
 * Places a cabinet's openings on its face frame: stiles and rails from
 * `frame`, openings at their measured sizes (`null` when not measured: a
 * stand-in size is used and `assumed` is set). Children of a row are
 * top-aligned; children of a stack are centred. Returns `undefined` for an
 * unknown type.
 */
export function layoutFrame(
  type: string,
  openings: readonly { w: number | null; h: number | null }[],
  frame: StileRail,
): FrameLayout | undefined {
  const layout = layoutOf(type);
  const parts = partsOf(type);
  if (layout === undefined || !parts) return undefined;
  const sizeOf = (i: number) => {
    const kind = PART_INFO[parts[i] ?? 'Door'].kind;
    const o = openings[i];
    return {
      w: o?.w ?? ASSUMED[kind].w,
      h: o?.h ?? ASSUMED[kind].h,
      assumed: o?.w == null || o?.h == null,
    };
  };
  const railAt = (k: number) =>
    [frame.midRail1, frame.midRail2, frame.midRail3][Math.min(k, 2)] ?? frame.midRail1;
  const measureNode = (node: LayoutNode): { w: number; h: number } => {
    if (typeof node === 'number') return sizeOf(node);
    const sizes = node.children.map(measureNode);
    if (node.dir === 'row') {
      return {
        w: sizes.reduce((s, c) => s + c.w, 0) + frame.midStile * (sizes.length - 1),
        h: Math.max(...sizes.map((c) => c.h)),
      };
    }
    return {
      w: Math.max(...sizes.map((c) => c.w)),
      h: sizes.reduce((s, c, k) => s + c.h + (k > 0 ? railAt(k - 1) : 0), 0),
    };
  };
  const content = measureNode(layout);
  const placed: PlacedOpening[] = [];
  const left = frame.leftStile;
  const right = frame.leftStile + content.w;
  const place = (node: LayoutNode, x: number, y: number, w: number) => {
    if (typeof node === 'number') {
      const s = sizeOf(node);
      const ox = x + (w - s.w) / 2;
      placed.push({
        index: node,
        x: ox,
        y,
        w: s.w,
        h: s.h,
        assumed: s.assumed,
        atLeft: ox - left < 0.01,
        atRight: right - (ox + s.w) < 0.01,
      });
      return;
    }
    const sizes = node.children.map(measureNode);
    if (node.dir === 'row') {
      const total = sizes.reduce((s, c) => s + c.w, 0) + frame.midStile * (sizes.length - 1);
      let cx = x + (w - total) / 2;
      node.children.forEach((child, k) => {
        const c = sizes[k] ?? { w: 0, h: 0 };
        place(child, cx, y, c.w);
        cx += c.w + frame.midStile;
      });
    } else {
      let cy = y;
      node.children.forEach((child, k) => {
        const c = sizes[k] ?? { w: 0, h: 0 };
        place(child, x, cy, w);
        cy += c.h + railAt(k);
      });
    }
  };
  place(layout, frame.leftStile, frame.topRail, content.w);
  placed.sort((a, b) => a.index - b.index);
  return {
    width: frame.leftStile + content.w + frame.rightStile,
    height: frame.topRail + content.h + frame.botRail,
    openings: placed,
  };
}
