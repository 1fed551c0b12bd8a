/**
 * Door orders repository: the only writer of local door_makers and
 * door_orders rows. A contractor keeps his makers, places a door order (the
 * snapshot of its parts, the maker, PO, files and note), moves it through
 * confirmed, shipped and received with dates, checks its parts in one tap
 * each, and orders the parts not right again from the same maker.
 * Everything is written on the device and sent by the outbox; the server
 * decides who may (door_orders_10_guard, door_makers_10_guard), sets the
 * contractor and keeps the snapshot fixed, so a refused op becomes a dead
 * letter the sync page shows.
 */
import { storableChanges } from './userText';
import { newId } from './outbox';
import { activeContext, type RepoContext } from './repoContext';
import { syncedTable } from './syncedTable';
import { failure, type Outcome } from '../../shared/outcome';
import {
  partsToRemake,
  tapped,
  type CheckState,
  type DoorOrderStatus,
  type OrderedPart,
} from '../domain/doorOrderTracking';
import type { DoorMakerRow, DoorOrderRow } from './types';
import { DEFAULT_LOCALE, supportedLocale, type Locale } from '../i18n/locales';

/** The language maker `m`'s orders are written in; English for a row kept before makers had one. */
export function makerLocale(m: Pick<DoorMakerRow, 'locale'> | null | undefined): Locale {
  return supportedLocale(m?.locale) ?? DEFAULT_LOCALE;
}

/** Why a door order write was refused on the device. */
export type DoorOrderWriteError =
  'door_order.not_found' | 'door_order.parts_empty' | 'door_order.remake_part_not_due';

/** A new order as placed: the snapshot. Dates `YYYY-MM-DD`. */
export interface NewDoorOrder {
  projectId: string;
  makerId: string | null;
  makerName: string;
  makerEmail: string;
  poNumber: string;
  note: string;
  parts: OrderedPart[];
  files: DoorOrderRow['files'];
  sentVia: 'mail' | 'other';
  orderedOn: string;
}

/** The fields a step sets (only those given are sent). */
export type StepFields = Partial<
  Pick<
    DoorOrderRow,
    | 'maker_order_number'
    | 'promised_ship_on'
    | 'confirmed_on'
    | 'carrier'
    | 'tracking_number'
    | 'shipped_on'
    | 'received_on'
  >
>;

/** Builds the door orders repository over a context (the app uses `doorOrdersRepo`). */
export function createDoorOrdersRepo(ctx: RepoContext = activeContext) {
  const makers = syncedTable<DoorMakerRow>(ctx, { table: 'door_makers' });
  const orders = syncedTable<DoorOrderRow>(ctx, { table: 'door_orders' });
  const stamp = () => {
    const at = new Date(ctx.now()).toISOString();
    return { version: 0, created_at: at, updated_at: at, deleted_at: null, txid: '' };
  };

  const repo = {
    /** Adds a maker to the signed-in contractor's list; `locale` the language his orders are written in. */
    async addMaker(
      name: string,
      email: string,
      locale: Locale = DEFAULT_LOCALE,
    ): Promise<DoorMakerRow> {
      const columns = storableChanges('door_makers', {
        name: name.trim(),
        email: email.trim(),
        locale,
      });
      const row: DoorMakerRow = {
        id: newId(),
        ...columns,
        contractor_id: '',
        created_by: null,
        ...stamp(),
      };
      return makers.create(row, columns);
    },

    /**
     * Sets the language maker `id`'s orders are written in (nothing is written when it is already
     * that one). Refused `door_order.not_found` when the maker is not on this device.
     */
    async setMakerLocale(
      id: string,
      locale: Locale,
    ): Promise<Outcome<DoorMakerRow, DoorOrderWriteError>> {
      return makers.write(async () => {
        const current = await makers.live(id);
        if (!current) return failure('door_order.not_found');
        if (makerLocale(current) === locale) return { ok: true, value: current };
        return { ok: true, value: await makers.update(current, { columns: { locale } }) };
      });
    },

    /** Places a door order (status ordered): the snapshot as given, fixed from now on. */
    async place(input: NewDoorOrder): Promise<Outcome<DoorOrderRow, DoorOrderWriteError>> {
      if (input.parts.length === 0) return failure('door_order.parts_empty');
      const columns = storableChanges('door_orders', {
        project_id: input.projectId,
        remake_of: null,
        maker_id: input.makerId,
        maker_name: input.makerName.trim(),
        maker_email: input.makerEmail.trim(),
        po_number: input.poNumber.trim(),
        note: input.note,
        parts: input.parts,
        files: input.files,
        sent_via: input.sentVia,
        status: 'ordered',
        ordered_on: input.orderedOn,
      });
      const row = newOrderRow(columns as Partial<DoorOrderRow>, stamp());
      return { ok: true, value: await orders.create(row, columns) };
    },

    /** Moves an order to `status` with that step's fields (checked by the caller with stepProblems). */
    async step(
      id: string,
      status: DoorOrderStatus,
      fields: StepFields,
    ): Promise<Outcome<DoorOrderRow, DoorOrderWriteError>> {
      return orders.write(async () => {
        const current = await orders.live(id);
        if (!current) return failure('door_order.not_found');
        const columns = storableChanges('door_orders', { status, ...fields });
        return { ok: true, value: await orders.update(current, { columns }) };
      });
    },

    /** One tap of the check-in: part `key` is `state` (its note and photo kept). */
    async check(
      id: string,
      key: string,
      state: CheckState,
      extra?: { note?: string; photo?: string | null },
    ): Promise<Outcome<DoorOrderRow, DoorOrderWriteError>> {
      return orders.write(async () => {
        const current = await orders.live(id);
        if (!current) return failure('door_order.not_found');
        const next = { ...tapped(current.checkin[key], state), ...extra };
        if (next.note === '') delete next.note;
        if (next.photo === null) delete next.photo;
        const checkin = { ...current.checkin, [key]: next };
        return {
          ok: true,
          value: await orders.update(current, { columns: { checkin } }),
        };
      });
    },

    /**
     * Orders the parts of `id` checked in as not right again, from the same
     * maker (a new order, remake_of `id`; the server copies the maker and
     * takes the parts from the first order).
     */
    async remake(
      id: string,
      orderedOn: string,
      sentVia: 'mail' | 'other',
    ): Promise<Outcome<DoorOrderRow, DoorOrderWriteError>> {
      return orders.write(async () => {
        const first = await orders.live(id);
        if (!first) return failure('door_order.not_found');
        const parts = partsToRemake(first);
        if (parts.length === 0) return failure('door_order.remake_part_not_due');
        const columns = {
          project_id: first.project_id,
          remake_of: first.id,
          maker_id: first.maker_id,
          maker_name: first.maker_name,
          maker_email: first.maker_email,
          po_number: first.po_number,
          note: '',
          parts,
          files: first.files,
          sent_via: sentVia,
          status: 'ordered',
          ordered_on: orderedOn,
        };
        const row = newOrderRow(columns as Partial<DoorOrderRow>, stamp());
        return { ok: true, value: await orders.create(row, columns) };
      });
    },
  };
  return repo;
}

function newOrderRow(
  columns: Partial<DoorOrderRow>,
  stamp: Pick<DoorOrderRow, 'version' | 'created_at' | 'updated_at' | 'deleted_at' | 'txid'>,
): DoorOrderRow {
  return {
    id: newId(),
    project_id: '',
    contractor_id: '',
    remake_of: null,
    maker_id: null,
    maker_name: '',
    maker_email: '',
    po_number: '',
    note: '',
    parts: [],
    files: [],
    sent_via: 'mail',
    mailed_at: null,
    status: 'ordered',
    ordered_on: '',
    maker_order_number: '',
    promised_ship_on: null,
    confirmed_on: null,
    carrier: '',
    tracking_number: '',
    shipped_on: null,
    received_on: null,
    checkin: {},
    created_by: null,
    ...columns,
    ...stamp,
  };
}

/** The app's door orders repository (the active user's database). */
export const doorOrdersRepo = createDoorOrdersRepo();
