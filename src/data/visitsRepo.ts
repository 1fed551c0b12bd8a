/**
 * Visits repository: the only writer of local visit rows (server table
 * visits). A contractor proposes a measure visit on a requested job (1 to
 * 10 future slots and a message) or schedules an install on his job (its
 * days and crew); the job's homeowner accepts one slot of a proposal or
 * declines it; the contractor's side changes slots, message and crew or
 * cancels. Everything is written on the device and sent by the outbox; the
 * server decides who may (visits_10_guard) and sets the contractor, the
 * title and the summary times, so a refused op becomes a dead letter the
 * sync page shows.
 */
import { slotsProblem, slotToWire, type SlotTimes, type SlotProblem } from '../domain/visitRules';
import { storableChanges } from './userText';
import { newId } from './outbox';
import { activeContext, type RepoContext } from './repoContext';
import { syncedTable } from './syncedTable';
import { failure, type Outcome } from '../../shared/outcome';
import type { VisitKind, VisitRow, VisitSlot } from './types';

/** Why a visit write was refused on the device (the server refuses the same, with the same codes). */
export type VisitWriteError =
  | SlotProblem
  | 'visit.not_found'
  | 'visit.bad_status'
  | 'visit.bad_slot'
  | 'visit.done_not_install'
  | 'visit.done_too_early'
  | 'visit.closed';

/** What a new visit holds. Slots as instants (ms); `crew`: user ids of the team members who go. */
export interface NewVisit {
  projectId: string;
  kind: VisitKind;
  slots: readonly SlotTimes[];
  message?: string;
  crew?: readonly string[];
}

/** The server's summary of a visit's slots, kept on the device until the server's row comes back. */
function summary(kind: VisitKind, slots: VisitSlot[], chosen: number | null) {
  if (kind === 'measure' && chosen !== null && slots[chosen]) {
    return { starts_at: slots[chosen].starts_at, ends_at: slots[chosen].ends_at };
  }
  if (slots.length === 0) return { starts_at: null, ends_at: null };
  return {
    starts_at: slots.reduce((a, s) => (s.starts_at < a ? s.starts_at : a), slots[0]!.starts_at),
    ends_at: slots.reduce((a, s) => (s.ends_at > a ? s.ends_at : a), slots[0]!.ends_at),
  };
}

/** Builds the visits repository over a context (the app uses `visitsRepo`). */
export function createVisitsRepo(ctx: RepoContext = activeContext) {
  const visits = syncedTable<VisitRow>(ctx, { table: 'visits' });

  return {
    /**
     * Proposes a measure visit (status proposed) or schedules an install
     * (status scheduled) for the signed-in contractor. Refused here when a
     * slot is in the past, ends before it starts, lasts over a day, or there
     * are none or more than 10; nothing is written then.
     */
    async create(input: NewVisit): Promise<Outcome<VisitRow, VisitWriteError>> {
      const problem = slotsProblem(input.slots, ctx.now());
      if (problem) return failure(problem.code);
      const slots = input.slots.map(slotToWire);
      const columns = storableChanges('visits', {
        project_id: input.projectId,
        kind: input.kind,
        status: input.kind === 'measure' ? 'proposed' : 'scheduled',
        slots,
        chosen_slot: null,
        message: input.message ?? '',
        crew: [...(input.crew ?? [])],
      });
      const at = new Date(ctx.now()).toISOString();
      const row: VisitRow = {
        id: newId(),
        ...columns,
        kind: input.kind,
        status: columns.status as VisitRow['status'],
        contractor_id: '',
        title: '',
        created_by: null,
        answered_at: null,
        ...summary(input.kind, slots, null),
        version: 0,
        created_at: at,
        updated_at: at,
        deleted_at: null,
        txid: '',
      };
      return { ok: true, value: await visits.create(row, columns) };
    },

    /** The homeowner accepts slot `index` of a proposed measure visit (works offline). */
    async accept(id: string, index: number): Promise<Outcome<VisitRow, VisitWriteError>> {
      return visits.write(async () => {
        const current = await visits.live(id);
        if (!current) return failure('visit.not_found');
        if (current.kind !== 'measure' || current.status !== 'proposed')
          return failure('visit.bad_status');
        const slot = current.slots[index];
        if (!slot) return failure('visit.bad_slot');
        if (Date.parse(slot.starts_at) <= ctx.now()) return failure('visit.slot_in_past');
        const value = await visits.update(current, {
          columns: { status: 'scheduled', chosen_slot: index },
          local: summary('measure', current.slots, index),
        });
        return { ok: true, value };
      });
    },

    /** The homeowner declines a proposed measure visit. */
    async decline(id: string): Promise<Outcome<VisitRow, VisitWriteError>> {
      return visits.write(async () => {
        const current = await visits.live(id);
        if (!current) return failure('visit.not_found');
        if (current.status !== 'proposed') return failure('visit.bad_status');
        return {
          ok: true,
          value: await visits.update(current, { columns: { status: 'declined' } }),
        };
      });
    },

    /** The contractor's side changes the slots, message or crew (checked as on create). */
    async change(
      id: string,
      change: { slots?: readonly SlotTimes[]; message?: string; crew?: readonly string[] },
    ): Promise<Outcome<VisitRow, VisitWriteError>> {
      return visits.write(async () => {
        const current = await visits.live(id);
        if (!current) return failure('visit.not_found');
        const columns: Record<string, unknown> = {};
        if (change.slots) {
          const problem = slotsProblem(change.slots, ctx.now());
          if (problem) return failure(problem.code);
          columns.slots = change.slots.map(slotToWire);
        }
        if (change.message !== undefined) columns.message = change.message;
        if (change.crew) columns.crew = [...change.crew];
        const safe = storableChanges('visits', columns);
        const slots = (safe.slots as VisitSlot[] | undefined) ?? current.slots;
        const value = await visits.update(current, {
          columns: safe,
          local: summary(current.kind, slots, current.chosen_slot),
        });
        return { ok: true, value };
      });
    },

    /**
     * The contractor's side marks an install done (`done` true: once its
     * first day has begun; the server keeps its own time) or not done
     * again. Marking it done opens the homeowner's sign-off (the server's
     * rule, private.project_install_done). Works offline.
     */
    async markDone(id: string, done: boolean): Promise<Outcome<VisitRow, VisitWriteError>> {
      return visits.write(async () => {
        const current = await visits.live(id);
        if (!current) return failure('visit.not_found');
        if (current.kind !== 'install') return failure('visit.done_not_install');
        if (current.status !== 'scheduled') return failure('visit.closed');
        if (done && (!current.starts_at || Date.parse(current.starts_at) > ctx.now()))
          return failure('visit.done_too_early');
        const doneAt = done ? new Date(ctx.now()).toISOString() : null;
        return {
          ok: true,
          value: await visits.update(current, { columns: { done_at: doneAt } }),
        };
      });
    },

    /** The contractor's side cancels a visit (it stays on the calendar, struck through). */
    async cancel(id: string): Promise<Outcome<VisitRow, VisitWriteError>> {
      return visits.write(async () => {
        const current = await visits.live(id);
        if (!current) return failure('visit.not_found');
        return {
          ok: true,
          value: await visits.update(current, { columns: { status: 'cancelled' } }),
        };
      });
    },
  };
}

/** The app's visits repository (the active user's database). */
export const visitsRepo = createVisitsRepo();
