/**
 * Punch list repository: the only writer of local punch list rows (server
 * table punch_list_items). At the walkthrough the contractor (or the
 * homeowner) notes what is left to fix, per opening or for the job, and
 * ticks it done; everything is written on the device and sent by the
 * outbox, so it works in a driveway without signal. The server decides who
 * may (punch_list_items_10_guard), stamps who wrote it and when it was
 * done, and refuses any change once the job is signed off; a refused op
 * becomes a dead letter the sync page shows.
 */
import { storableChanges } from './userText';
import { newId } from './outbox';
import { activeContext, type RepoContext } from './repoContext';
import { syncedTable } from './syncedTable';
import { failure, type Outcome } from '../../shared/outcome';
import type { PunchListItemRow } from './types';

/** Why a punch list write was refused on the device (the server refuses the same, with the same codes). */
export type PunchWriteError =
  'punch.item_required' | 'punch.item_too_long' | 'punch.note_too_long' | 'punch.not_found';

/** The longest item and note, characters (the server's limits). */
export const PUNCH_LIMITS = { item: 200, note: 2000 } as const;

/** What a new item holds. `openingKey`: the builder's item key `<row id>_<index>`, or null for the job. */
export interface NewPunchItem {
  projectId: string;
  item: string;
  note?: string;
  openingKey?: string | null;
  photoFileId?: string | null;
}

function problem(item: string, note: string): PunchWriteError | null {
  if (item.trim() === '') return 'punch.item_required';
  if (item.length > PUNCH_LIMITS.item) return 'punch.item_too_long';
  if (note.length > PUNCH_LIMITS.note) return 'punch.note_too_long';
  return null;
}

/** Builds the punch list repository over a context (the app uses `punchListRepo`). */
export function createPunchListRepo(ctx: RepoContext = activeContext) {
  const items = syncedTable<PunchListItemRow>(ctx, { table: 'punch_list_items' });
  return {
    /** Adds an item (not done). Refused here when the item is empty or a text is over its limit. */
    async create(input: NewPunchItem): Promise<Outcome<PunchListItemRow, PunchWriteError>> {
      const item = input.item.trim();
      const note = (input.note ?? '').trim();
      const refused = problem(item, note);
      if (refused) return failure(refused);
      const columns = storableChanges('punch_list_items', {
        project_id: input.projectId,
        opening_key: input.openingKey ?? null,
        item,
        note,
        photo_file_id: input.photoFileId ?? null,
        done: false,
      });
      const at = new Date(ctx.now()).toISOString();
      const row: PunchListItemRow = {
        id: newId(),
        ...columns,
        done_at: null,
        created_by: null,
        version: 0,
        created_at: at,
        updated_at: at,
        deleted_at: null,
        txid: '',
      };
      return { ok: true, value: await items.create(row, columns) };
    },

    /** Ticks an item done, or not done again (works offline). */
    async setDone(id: string, done: boolean): Promise<Outcome<PunchListItemRow, PunchWriteError>> {
      return items.write(async () => {
        const current = await items.live(id);
        if (!current) return failure('punch.not_found');
        const at = new Date(ctx.now()).toISOString();
        const value = await items.update(current, {
          columns: { done },
          local: { done_at: done ? at : null },
        });
        return { ok: true, value };
      });
    },

    /** Sets the item's photo (a project_files id of the same job; works offline). */
    async setPhoto(
      id: string,
      photoFileId: string | null,
    ): Promise<Outcome<PunchListItemRow, PunchWriteError>> {
      return items.write(async () => {
        const current = await items.live(id);
        if (!current) return failure('punch.not_found');
        return {
          ok: true,
          value: await items.update(current, { columns: { photo_file_id: photoFileId } }),
        };
      });
    },

    /** Removes an item (a tombstone until the server confirms). */
    async remove(id: string): Promise<Outcome<null, PunchWriteError>> {
      return items.write(async () => {
        const current = await items.live(id);
        if (!current) return failure('punch.not_found');
        await items.remove(current);
        return { ok: true, value: null };
      });
    },
  };
}

/** The app's punch list repository (the active user's database). */
export const punchListRepo = createPunchListRepo();
