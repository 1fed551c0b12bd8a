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
 * door order groups pieces by size; it carries no identity to follow).
 * Pure: no clock, no I/O.
 */
import { formatFraction } from './fractions';
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
  /** The draft's door-order lines the door order no longer has. */
  removed: QuoteLine[];
  /** Added lines left out because a quote has at most 500 lines. */
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

/**
 * Compares a draft's lines with the lines its project's door order gives
 * today (`fromOrder`, from doorOrderQuoteLines: priced from the contractor's
 * current price list) and returns the preview and the lines after the
 * update. Nothing changes when the door order did not: then `added`,
 * `changed` and `removed` are empty and `lines` equals `draft`.
 */
export function updateFromDoorOrder(
  draft: readonly QuoteLine[],
  fromOrder: readonly QuoteLine[],
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
  const changed: ChangedLine[] = [];
  const removed: QuoteLine[] = [];
  const handPieces: QuoteLine[] = [];
  const kept: QuoteLine[] = [];
  let lastOrderLine = -1;
  for (const line of draft) {
    const key = draftKey(line, legacyHinges);
    if (key === null) {
      if (line.kind === 'door' || line.kind === 'drawerFront') handPieces.push(line);
      kept.push(line);
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
  const missing = [...wanted].filter(([key]) => !seen.has(key)).map(([, l]) => l);
  const room = Math.max(0, QUOTE_LIMITS.lines - kept.length);
  const added = missing.slice(0, room);
  const lines = [...kept.slice(0, lastOrderLine + 1), ...added, ...kept.slice(lastOrderLine + 1)];
  return { added, changed, removed, cut: missing.length - added.length, handPieces, lines };
}

/** True when applying the update would change the draft. */
export function hasDoorOrderChanges(u: DoorOrderUpdate): boolean {
  return u.added.length + u.changed.length + u.removed.length > 0;
}
