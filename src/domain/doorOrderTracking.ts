/**
 * The door order once placed: the snapshot of its parts taken from the
 * builder's order, what changed in the builder since (per part), the
 * check-in's counts ("36 of 40 in, 4 to remake"), what a remake orders, and
 * the checks of the tracking fields, with the same codes the server
 * refuses with (door_orders_10_guard), so a person sees the message on the
 * field before anything is sent. Sizes are inches; dates `YYYY-MM-DD`.
 */
import { isEmailAddress } from '../../shared/emailRule';
import { roundHalfUp } from './inches';
import type { DoorOrder } from './doorOrder';

/** Where a door order stands (each step dated by the contractor). */
export type DoorOrderStatus = 'ordered' | 'confirmed' | 'shipped' | 'received';

/** How one part came in: `received` is right; the others are remade. */
export type CheckState = 'received' | 'damaged' | 'wrong_size' | 'missing';

/**
 * One part of a sent door order, as the snapshot keeps it: the builder's
 * item key (`<cabinet id>_<part index>`), the 1-based cabinet number, the
 * kind, and the finished size of one leaf in inches (unrounded).
 */
export interface OrderedPart {
  key: string;
  cabinet: number;
  cabinet_type: string;
  kind: 'door' | 'drawer_front';
  part: string;
  quantity: 1 | 2;
  width: number;
  height: number;
}

/** One part's check-in: its state, a note, a photo (a project_files id). */
export interface PartCheck {
  state: CheckState;
  note?: string;
  photo?: string | null;
}

/** What the counts and checks read of a door order row (`door_orders`). */
export interface DoorOrderRow {
  id: string;
  remake_of: string | null;
  parts: OrderedPart[];
  checkin: Record<string, PartCheck>;
  ordered_on: string;
  created_at: string;
  deleted_at: string | null;
}

/** The most characters each field takes (the server's `door_order_limits`). */
export const DOOR_ORDER_LIMITS = {
  maker_name: 200,
  email: 320,
  po_number: 60,
  note: 2000,
  maker_order_number: 60,
  carrier: 60,
  tracking_number: 60,
  part_note: 500,
  ship_days: 730,
  past_days: 366,
} as const;

/** The steps in order. */
export const ORDER_STEPS: readonly DoorOrderStatus[] = [
  'ordered',
  'confirmed',
  'shipped',
  'received',
];

/** The check-in states, in the order the buttons show. */
export const CHECK_STATES: readonly CheckState[] = ['received', 'damaged', 'wrong_size', 'missing'];

/** The parts of a computed order as a snapshot keeps them: one per measured part, in cabinet order. */
export function orderedParts(order: DoorOrder): OrderedPart[] {
  return order.pieces.map((p) => ({
    key: `${p.rowId}_${p.index}`,
    cabinet: p.row + 1,
    cabinet_type: p.cabinetType,
    kind: p.kind === 'door' ? 'door' : 'drawer_front',
    part: p.part,
    quantity: p.quantity,
    width: p.width,
    height: p.height,
  }));
}

/** How a part of a sent order differs from the builder now. */
export type PartChange = 'resized' | 'removed';

/**
 * Per part key of `sent`, how the builder's parts `now` differ: resized
 * (width, height or leaves differ at 1/1000″) or removed; parts unchanged
 * are absent. Parts added in the builder since are listed under `added`.
 */
export function changedSinceOrdered(
  sent: readonly OrderedPart[],
  now: readonly OrderedPart[],
): { changes: Map<string, PartChange>; added: OrderedPart[] } {
  const current = new Map(now.map((p) => [p.key, p]));
  const changes = new Map<string, PartChange>();
  for (const p of sent) {
    const c = current.get(p.key);
    if (!c) changes.set(p.key, 'removed');
    else if (
      roundHalfUp(c.width, 3) !== roundHalfUp(p.width, 3) ||
      roundHalfUp(c.height, 3) !== roundHalfUp(p.height, 3) ||
      c.quantity !== p.quantity
    )
      changes.set(p.key, 'resized');
  }
  const keys = new Set(sent.map((p) => p.key));
  return { changes, added: now.filter((p) => !keys.has(p.key)) };
}

/** The parts of an order checked in as not right (to order again). */
export function partsToRemake(order: Pick<DoorOrderRow, 'parts' | 'checkin'>): OrderedPart[] {
  return order.parts.filter((p) => {
    const state = order.checkin[p.key]?.state;
    return state !== undefined && state !== 'received';
  });
}

/**
 * A part's 1-based number in its cabinet from its key (`<cabinet id>_<part
 * index>`), as the builder ("Cabinet 1 Front 3") and the punch list number
 * them; null for a key of another shape.
 */
export function partNumber(key: string): number | null {
  const m = /_(\d+)$/.exec(key);
  return m ? Number(m[1]) + 1 : null;
}

/**
 * The pieces in `parts` (a part of two leaves counts 2): the count the
 * place-order form, the remake button and the check-in line all say, so
 * "22 parts" on the order is "of 22 in" after it.
 */
export function pieceCount(parts: readonly Pick<OrderedPart, 'quantity'>[]): number {
  return parts.reduce((sum, p) => sum + p.quantity, 0);
}

/** What a job's orders add up to, per part of the job (a part counted once however often it was ordered). */
export interface CheckInSummary {
  /** The job's distinct parts on its orders (a remake or a re-placed order adds none). */
  parts: number;
  /** Parts received right, on the order that counts for them. */
  received: number;
  /** Parts not right and not yet received right from a remake. */
  toRemake: number;
  /** Parts not checked in yet on the order that counts for them. */
  open: number;
}

/**
 * Counts a job's orders by part, the one rule every screen that shows
 * "36 of 40 in, 4 to remake" uses (docs/decisions.md): a part (its key,
 * the builder's part) counts once, however many orders carry it. Orders
 * are read oldest first (order date, then placing time; tombstones
 * excluded): a first order (not a remake) that carries a part replaces
 * what earlier orders said of it (a re-placed order starts the part over,
 * not checked in); a remake's check-in of a part, once given, is the part's
 * state (a remake on its way leaves the part "to remake" until it is in).
 * Quantities come from the latest first order carrying the part.
 */
export function checkInSummary(orders: readonly DoorOrderRow[]): CheckInSummary {
  const live = orders
    .filter((o) => !o.deleted_at)
    .sort(
      (a, b) =>
        a.ordered_on.localeCompare(b.ordered_on) || a.created_at.localeCompare(b.created_at),
    );
  const byPart = new Map<string, { quantity: number; state: CheckState | undefined }>();
  for (const o of live) {
    for (const p of o.parts) {
      const s = o.checkin[p.key]?.state;
      const had = byPart.get(p.key);
      if (!o.remake_of || !had) byPart.set(p.key, { quantity: p.quantity, state: s });
      else if (s !== undefined) had.state = s;
    }
  }
  let parts = 0;
  let received = 0;
  let toRemake = 0;
  let open = 0;
  for (const { quantity, state } of byPart.values()) {
    parts += quantity;
    if (state === 'received') received += quantity;
    else if (state === undefined) open += quantity;
    else toRemake += quantity;
  }
  return { parts, received, toRemake, open };
}

/** What {@link placedPoNumber} reads of an order. */
type PlacedOrder = Pick<DoorOrderRow, 'remake_of' | 'deleted_at' | 'ordered_on' | 'created_at'> & {
  po_number: string;
};

/**
 * The PO number the door order sheet and its files show: the latest placed
 * first order's (order date, then placing time; a remake keeps its first
 * order's), else `builderPo` (the builder's field) while nothing is placed.
 * What the maker received is what the sheet must name.
 */
export function placedPoNumber(
  orders: readonly PlacedOrder[] | undefined,
  builderPo: string,
): string {
  let latest: PlacedOrder | null = null;
  for (const o of orders ?? []) {
    if (o.deleted_at || o.remake_of) continue;
    if (
      !latest ||
      o.ordered_on.localeCompare(latest.ordered_on) > 0 ||
      (o.ordered_on === latest.ordered_on && o.created_at.localeCompare(latest.created_at) > 0)
    )
      latest = o;
  }
  return latest ? latest.po_number : builderPo;
}

/** A field's problem: the server's code for it. */
export type FieldProblem =
  | 'door_order.maker_name_required'
  | 'door_order.bad_email'
  | 'door_order.maker_order_number_required'
  | 'door_order.confirmed_on_required'
  | 'door_order.shipped_on_required'
  | 'door_order.received_on_required'
  | 'door_order.date_in_future'
  | 'door_order.date_before'
  | 'door_order.date_too_old'
  | 'door_order.ship_date_too_far'
  | 'text.too_long';

/** `iso` (YYYY-MM-DD) plus `days`, as YYYY-MM-DD (UTC calendar arithmetic). */
export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** What a new order holds, as typed. */
export interface OrderForm {
  maker_name: string;
  maker_email: string;
  po_number: string;
  note: string;
  sent_via: 'mail' | 'other';
  ordered_on: string;
}

/** Field → problem of a new order's form (empty when it may be placed); `today` YYYY-MM-DD. */
export function orderFormProblems(
  f: OrderForm,
  today: string,
): Partial<Record<keyof OrderForm, FieldProblem>> {
  const out: Partial<Record<keyof OrderForm, FieldProblem>> = {};
  const name = f.maker_name.trim();
  const email = f.maker_email.trim();
  if (!name) out.maker_name = 'door_order.maker_name_required';
  else if (name.length > DOOR_ORDER_LIMITS.maker_name) out.maker_name = 'text.too_long';
  if ((f.sent_via === 'mail' || email) && !isEmailAddress(email))
    out.maker_email = 'door_order.bad_email';
  if (f.po_number.trim().length > DOOR_ORDER_LIMITS.po_number) out.po_number = 'text.too_long';
  if (f.note.length > DOOR_ORDER_LIMITS.note) out.note = 'text.too_long';
  if (!f.ordered_on || f.ordered_on > addDays(today, 1))
    out.ordered_on = 'door_order.date_in_future';
  else if (f.ordered_on < addDays(today, -DOOR_ORDER_LIMITS.past_days))
    out.ordered_on = 'door_order.date_too_old';
  return out;
}

/** The tracking fields of a step, as typed. */
export interface StepForm {
  maker_order_number: string;
  promised_ship_on: string;
  confirmed_on: string;
  carrier: string;
  tracking_number: string;
  shipped_on: string;
  received_on: string;
}

/**
 * Field → problem of moving `order` to `status` with the fields `f` (empty
 * strings for fields not given); `today` YYYY-MM-DD. The server checks the same.
 */
export function stepProblems(
  order: Pick<DoorOrderRow, 'ordered_on'>,
  status: DoorOrderStatus,
  f: StepForm,
  today: string,
): Partial<Record<keyof StepForm, FieldProblem>> {
  const out: Partial<Record<keyof StepForm, FieldProblem>> = {};
  const tomorrow = addDays(today, 1);
  const date = (
    k: 'confirmed_on' | 'shipped_on' | 'received_on',
    required: FieldProblem | null,
    after: string,
  ) => {
    const v = f[k];
    if (!v) {
      if (required) out[k] = required;
    } else if (v > tomorrow) out[k] = 'door_order.date_in_future';
    else if (v < after) out[k] = 'door_order.date_before';
  };
  if (status === 'confirmed') {
    if (!f.maker_order_number.trim())
      out.maker_order_number = 'door_order.maker_order_number_required';
    else if (f.maker_order_number.trim().length > DOOR_ORDER_LIMITS.maker_order_number)
      out.maker_order_number = 'text.too_long';
    date('confirmed_on', 'door_order.confirmed_on_required', order.ordered_on);
    if (f.promised_ship_on) {
      if (f.promised_ship_on < order.ordered_on) out.promised_ship_on = 'door_order.date_before';
      else if (f.promised_ship_on > addDays(order.ordered_on, DOOR_ORDER_LIMITS.ship_days))
        out.promised_ship_on = 'door_order.ship_date_too_far';
    }
  }
  if (status === 'shipped') {
    if (f.carrier.trim().length > DOOR_ORDER_LIMITS.carrier) out.carrier = 'text.too_long';
    if (f.tracking_number.trim().length > DOOR_ORDER_LIMITS.tracking_number)
      out.tracking_number = 'text.too_long';
    date('shipped_on', 'door_order.shipped_on_required', order.ordered_on);
  }
  if (status === 'received')
    date('received_on', 'door_order.received_on_required', order.ordered_on);
  return out;
}

/** The next step after `status` (null when received). */
export function nextStep(status: DoorOrderStatus): DoorOrderStatus | null {
  return ORDER_STEPS[ORDER_STEPS.indexOf(status) + 1] ?? null;
}

/** A part's check with a state set by one tap (note and photo kept). */
export function tapped(prev: PartCheck | undefined, state: CheckState): PartCheck {
  return { ...prev, state };
}
