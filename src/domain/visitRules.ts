/**
 * The rules of a visit's slots and message, the same the server's
 * `visits_10_guard` and `visit_check_slots` apply (migration
 * 20261128130000_visits.sql): the form refuses on the field what the
 * server would refuse, with the same stable codes.
 */

/** At most this many slots on one visit (measure options, or install days). */
export const MAX_VISIT_SLOTS = 10;
/** A slot lasts at most this many hours. */
export const MAX_SLOT_HOURS = 24;
/** At most this many people on an install's crew. */
export const MAX_CREW = 20;
/** A visit's message: at most this many characters (`visits.message` of the text limits). */
export const VISIT_MESSAGE_LIMIT = 2000;

/** One slot as instants in milliseconds since the epoch. */
export interface SlotTimes {
  startsAt: number;
  endsAt: number;
}

/** Why a slot or a list of slots is refused: the server's `visit.*` codes. */
export type SlotProblem =
  | 'visit.slots_empty'
  | 'visit.too_many_slots'
  | 'visit.slot_malformed'
  | 'visit.slot_end_before_start'
  | 'visit.slot_too_long'
  | 'visit.slot_in_past';

/**
 * What is wrong with one slot at `nowMs`, or null. A slot must start after
 * now, end after it starts, and last at most `MAX_SLOT_HOURS`.
 */
export function slotProblem(slot: SlotTimes, nowMs: number): SlotProblem | null {
  if (!Number.isFinite(slot.startsAt) || !Number.isFinite(slot.endsAt))
    return 'visit.slot_malformed';
  if (slot.endsAt <= slot.startsAt) return 'visit.slot_end_before_start';
  if (slot.endsAt - slot.startsAt > MAX_SLOT_HOURS * 3_600_000) return 'visit.slot_too_long';
  if (slot.startsAt <= nowMs) return 'visit.slot_in_past';
  return null;
}

/** What is wrong with a list of slots (count, then the first bad slot with its index), or null. */
export function slotsProblem(
  slots: readonly SlotTimes[],
  nowMs: number,
): { code: SlotProblem; index?: number } | null {
  if (slots.length === 0) return { code: 'visit.slots_empty' };
  if (slots.length > MAX_VISIT_SLOTS) return { code: 'visit.too_many_slots' };
  for (let i = 0; i < slots.length; i++) {
    const code = slotProblem(slots[i]!, nowMs);
    if (code) return { code, index: i };
  }
  return null;
}

/** The slot as the server stores it: ISO 8601 UTC instants. */
export function slotToWire(slot: SlotTimes): { starts_at: string; ends_at: string } {
  return {
    starts_at: new Date(slot.startsAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    ends_at: new Date(slot.endsAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
}
