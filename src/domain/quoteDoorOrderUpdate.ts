/**
 * "Update from the door order": what a draft quote gains, changes and loses
 * when the project's door order changed since the draft's lines were made.
 *
 * A line "from the door order" is a door or drawer-front line with its
 * finished size (width and height, inches) or a hinge line with its overlay:
 * its key is the kind and that size. Every other line is the contractor's
 * own (labor, removal, delivery, finish, other, and a door or drawer-front
 * line typed by hand without a size) and is never touched. For a line of
 * the door order:
 * - same key, same count: kept as it is;
 * - same key, another count: the count follows the door order, and the
 *   contractor's description, price and billable area stay ("changed");
 * - a key the draft lacks: added, priced from the price list as a new quote
 *   would be, after the draft's last door-order line ("added");
 * - a key the door order no longer has: dropped ("removed").
 * A size that changed is the old size removed and the new one added (the
 * door order groups pieces by size; it carries no identity to follow). An
 * added line goes after the draft's last line of its kind from the door
 * order (a door after the doors), else after its last door-order line.
 * A labor or finish line of the contractor's whose quantity is the count
 * the draft's door-order lines give (its doors, its drawer fronts, or their
 * billable square feet, as a new quote starts them) follows the new count
 * ("counts"): the count was the door order's, and a quote that adds a door
 * but keeps "Labor, per door" at the old count underprices the job. A
 * quantity the contractor typed otherwise stays, and so does a labor line
 * whose quantity is both the door and the drawer-front count (it cannot be
 * told which it counts).
 * A draft whose lines counted none of some pieces (made before measuring,
 * from the quote request: no doors, so no "Labor, per door") gains the
 * labor and finish lines a new quote from the door order starts with for
 * them (`counted`, from doorOrderCountedLines; "ownAdded"), after the
 * door-order lines, at $0.00 for the contractor to price; a line of that
 * kind already in the draft with the same words instead takes the count.
 * Where the draft did count those pieces and has no such line, the
 * contractor removed it: nothing is added back.
 * Pure: no clock, no I/O.
 */
import { formatFraction } from './fractions';
import type { CountedLine } from './quoteStart';
import { QUOTE_LIMITS, type QuoteLine } from './quoteTotals';

/** A line whose count follows the door order. */
export interface ChangedLine {
  before: QuoteLine;
  after: QuoteLine;
}

/** The preview of an update and the draft's lines after it. */
export interface DoorOrderUpdate {
  /** Door-order lines the draft lacks, in door-order order (those that fit under 500 lines). */
  added: QuoteLine[];
  /** Door-order lines whose count changed. */
  changed: ChangedLine[];
  /** The contractor's labor and finish lines whose quantity was the door order's count, following the new count. */
  counts: ChangedLine[];
  /** Labor and finish lines a new quote would start with that the draft lacks, its pieces counted by none of its lines (those that fit). */
  ownAdded: QuoteLine[];
  /** The draft's door-order lines the door order no longer has. */
  removed: QuoteLine[];
  /** Added lines (door-order lines, then labor and finish) left out because a quote has at most 500 lines. */
  cut: number;
  /** The contractor's own door and drawer-front lines (typed by hand, without a size), kept as they are. */
  handPieces: QuoteLine[];
  /** The draft's lines after the update, in order. */
  lines: QuoteLine[];
}

/** Rounds inches to 1/10,000 so a size read back from JSON finds its key. */
function inches(n: number): string {
  return String(Math.round(n * 10_000) / 10_000);
}

/**
 * The key of a door-order line ("door:15.625x30.125", "hinge:0.5"), or null
 * for the contractor's own line.
 */
export function doorOrderKey(line: QuoteLine): string | null {
  if (
    (line.kind === 'door' || line.kind === 'drawerFront') &&
    line.width !== undefined &&
    line.height !== undefined
  )
    return `${line.kind}:${inches(line.width)}x${inches(line.height)}`;
  if (line.kind === 'hinge' && line.overlay !== undefined) return `hinge:${inches(line.overlay)}`;
  return null;
}

/**
 * The key of a line in a draft: {@link doorOrderKey}, and for a hinge line
 * written before hinge lines carried their overlay, the key of the door
 * order's hinge line with the same generated description.
 */
function draftKey(line: QuoteLine, legacyHinges: Map<string, string>): string | null {
  const key = doorOrderKey(line);
  if (key !== null || line.kind !== 'hinge') return key;
  return legacyHinges.get(line.description) ?? null;
}

/** Doors, drawer fronts and their billable square feet (3 decimals, as a quote's quantity) of door-order lines. */
function pieceCounts(lines: readonly QuoteLine[]): {
  door: number;
  drawerFront: number;
  area: number;
} {
  const out = { door: 0, drawerFront: 0, area: 0 };
  for (const l of lines) {
    if (doorOrderKey(l) === null || (l.kind !== 'door' && l.kind !== 'drawerFront')) continue;
    out[l.kind] += l.quantity;
    out.area += l.quantity * (l.sqft ?? 0);
  }
  const f = 10 ** QUOTE_LIMITS.quantityDecimals;
  out.area = Math.round(out.area * f + 1e-9) / f;
  return out;
}

/**
 * The new quantity of a contractor's labor or finish line that counted the
 * draft's pieces (`before`), by the door order's count (`after`); undefined
 * when the line is not such a count, or the count did not change or is gone.
 */
function followedCount(
  line: QuoteLine,
  before: ReturnType<typeof pieceCounts>,
  after: ReturnType<typeof pieceCounts>,
): number | undefined {
  const q = line.quantity;
  let next: number | undefined;
  if (line.kind === 'finish' && before.area > 0 && q === before.area) next = after.area;
  if (line.kind === 'labor') {
    const doors = before.door > 0 && q === before.door;
    const fronts = before.drawerFront > 0 && q === before.drawerFront;
    if (doors !== fronts) next = doors ? after.door : after.drawerFront;
  }
  return next !== undefined && next > 0 && next <= QUOTE_LIMITS.maxQuantity && next !== q
    ? next
    : undefined;
}

/**
 * Compares a draft's lines with the lines its project's door order gives
 * today (`fromOrder`, from doorOrderQuoteLines: priced from the contractor's
 * current price list) and returns the preview and the lines after the
 * update. `counted` is what doorOrderCountedLines gives for the same door
 * order (the labor and finish lines a new quote starts with); without it
 * no labor or finish line is added, as on a change order. Nothing changes
 * when the door order did not: then `added`, `ownAdded`, `changed`,
 * `counts` and `removed` are empty and `lines` equals `draft`.
 */
export function updateFromDoorOrder(
  draft: readonly QuoteLine[],
  fromOrder: readonly QuoteLine[],
  counted: readonly CountedLine[] = [],
): DoorOrderUpdate {
  const wanted = new Map<string, QuoteLine>();
  for (const l of fromOrder) {
    const key = doorOrderKey(l);
    if (key !== null && !wanted.has(key)) wanted.set(key, l);
  }
  const legacyHinges = new Map<string, string>();
  for (const [key, l] of wanted)
    if (l.kind === 'hinge' && l.overlay !== undefined)
      legacyHinges.set(`Hinge for ${formatFraction(l.overlay)} overlay, with boring`, key);

  const seen = new Set<string>();
  const countsBefore = pieceCounts(draft);
  const countsAfter = pieceCounts(fromOrder);
  const changed: ChangedLine[] = [];
  const counts: ChangedLine[] = [];
  const removed: QuoteLine[] = [];
  const handPieces: QuoteLine[] = [];
  const kept: QuoteLine[] = [];
  let lastOrderLine = -1;
  for (const line of draft) {
    const key = draftKey(line, legacyHinges);
    if (key === null) {
      if (line.kind === 'door' || line.kind === 'drawerFront') handPieces.push(line);
      const next = followedCount(line, countsBefore, countsAfter);
      if (next === undefined) kept.push(line);
      else {
        const after = { ...line, quantity: next };
        counts.push({ before: line, after });
        kept.push(after);
      }
      continue;
    }
    const now = seen.has(key) ? undefined : wanted.get(key);
    if (now === undefined) {
      // Gone from the door order (or a second line of a size already matched).
      removed.push(line);
      continue;
    }
    seen.add(key);
    const withOverlay =
      line.kind === 'hinge' && line.overlay === undefined && now.overlay !== undefined
        ? { ...line, overlay: now.overlay }
        : line;
    if (line.quantity !== now.quantity) {
      const after = { ...withOverlay, quantity: now.quantity };
      changed.push({ before: line, after });
      kept.push(after);
    } else kept.push(withOverlay);
    lastOrderLine = kept.length - 1;
  }
  // The labor and finish lines of pieces the draft counted none of: a new quote's, or the
  // draft's line of the same words taking the count.
  const ownMissing: QuoteLine[] = [];
  for (const c of counted) {
    if (countsBefore[c.counts] > 0) continue;
    const words = c.line.description.trim();
    const same = kept.findIndex(
      (l) =>
        l.kind === c.line.kind &&
        doorOrderKey(l) === null &&
        l.description.trim() === words &&
        !counts.some((n) => n.after === l),
    );
    if (same < 0) ownMissing.push(c.line);
    else if (kept[same]!.quantity !== c.line.quantity) {
      const after = { ...kept[same]!, quantity: c.line.quantity };
      counts.push({ before: kept[same]!, after });
      kept[same] = after;
    }
  }
  const missing = [...wanted].filter(([key]) => !seen.has(key)).map(([, l]) => l);
  const room = Math.max(0, QUOTE_LIMITS.lines - kept.length);
  const added = missing.slice(0, room);
  const ownAdded = ownMissing.slice(0, room - added.length);
  // Each added line after the last kept door-order line of its kind, else after the last one.
  const lastOfKind = new Map<string, number>();
  kept.forEach((l, i) => {
    if (i <= lastOrderLine && doorOrderKey(l) !== null) lastOfKind.set(l.kind, i);
  });
  const after = new Map<number, QuoteLine[]>();
  for (const l of added) {
    const at = lastOfKind.get(l.kind) ?? lastOrderLine;
    after.set(at, [...(after.get(at) ?? []), l]);
  }
  const lines = [...(after.get(-1) ?? [])];
  kept.forEach((l, i) => lines.push(l, ...(after.get(i) ?? [])));
  // Labor and finish as a new quote has them: after the door-order lines (and the lines just
  // placed), after the draft's last line of their kind when that comes later.
  let anchor = lines.findLastIndex((l) => doorOrderKey(l) !== null);
  for (const l of ownAdded) {
    const at =
      Math.max(
        anchor,
        lines.findLastIndex((k) => k.kind === l.kind),
      ) + 1;
    lines.splice(at, 0, l);
    anchor = at;
  }
  return {
    added,
    ownAdded,
    changed,
    counts,
    removed,
    cut: missing.length + ownMissing.length - added.length - ownAdded.length,
    handPieces,
    lines,
  };
}

/** True when applying the update would change the draft. */
export function hasDoorOrderChanges(u: DoorOrderUpdate): boolean {
  return (
    u.added.length + u.ownAdded.length + u.changed.length + u.counts.length + u.removed.length > 0
  );
}
