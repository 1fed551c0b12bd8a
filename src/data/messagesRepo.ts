/**
 * Messages repository: the only writer of local message rows and of the
 * device's read markers. A message is written offline like every other
 * row: the row and its insert op in one transaction, shown at once as
 * "Waiting to send"; the outbox sends it in order and exactly once (the
 * op_id), and the server's answer makes it sent, or a dead letter the
 * thread shows as failed with Retry and Delete. The author may change or
 * delete its own message for 15 minutes after the server received it.
 */
import {
  MESSAGE_EDIT_MINUTES,
  messageBodyError,
  storableBody,
  type MessageBodyError,
} from '../domain/messageRules';
import { newId } from './outbox';
import { activeContext, type RepoContext } from './repoContext';
import { sortableTime } from './sortableTime';
import { syncedTable } from './syncedTable';
import { READ_UP_TO_KEY } from './syncStateKeys';
import type { MessageRow } from './types';
import { failure, type Outcome } from '../../shared/outcome';

/** Why a message write was refused on the device (the server refuses the same). */
export type MessageWriteError = MessageBodyError | 'not_found' | 'not_author' | 'too_late';

/** True when `row` may still be changed by its author at `nowMs` (an unsent message always may). */
export function messageEditable(row: MessageRow, userId: string, nowMs: number): boolean {
  if (row.author_id !== userId || row.deleted_at) return false;
  if (row.version === 0) return true;
  return nowMs <= Date.parse(row.created_at) + MESSAGE_EDIT_MINUTES * 60_000;
}

/** The device's read markers (READ_UP_TO_KEY). Inside a transaction over `sync_state`, or alone. */
export async function localReadMarkers(
  db: ReturnType<RepoContext['getDb']>,
): Promise<Record<string, string>> {
  const value = (await db.sync_state.get(READ_UP_TO_KEY))?.value;
  return value && typeof value === 'object' ? (value as Record<string, string>) : {};
}

/** Builds the messages repository over a context (the app uses `messagesRepo`). */
export function createMessagesRepo(ctx: RepoContext = activeContext) {
  const messages = syncedTable<MessageRow>(ctx, { table: 'messages' });

  async function own(id: string): Promise<Outcome<MessageRow, MessageWriteError>> {
    const db = ctx.getDb();
    const row = await db.messages.get(id);
    if (!row || row.deleted_at) return failure('not_found');
    if (row.author_id !== db.userId) return failure('not_author');
    if (!messageEditable(row, db.userId, ctx.now())) return failure('too_late');
    return { ok: true, value: row };
  }

  return {
    /**
     * Writes a message of the signed-in user on `projectId` (works offline),
     * with the ids of files of the same project attached (queue the files
     * first: the outbox sends in order, so a message goes after its files).
     * Refuses an empty or over-long body with its error code; nothing is
     * written then.
     */
    async send(
      projectId: string,
      body: string,
      attachments: readonly string[] = [],
    ): Promise<Outcome<MessageRow, MessageWriteError>> {
      const problem = messageBodyError(body);
      if (problem) return failure(problem);
      body = storableBody(body);
      const db = ctx.getDb();
      const nowIso = sortableTime(new Date(ctx.now()).toISOString());
      const columns = {
        project_id: projectId,
        author_id: db.userId,
        body,
        attachments: [...attachments],
      };
      const row: MessageRow = {
        id: newId(),
        ...columns,
        edited_at: null,
        version: 0,
        created_at: nowIso,
        updated_at: nowIso,
        deleted_at: null,
        txid: '',
      };
      await messages.write(async () => {
        await messages.create(row, columns);
        // One's own message is read.
        await markReadIn(db, projectId, nowIso);
      });
      return { ok: true, value: row };
    },

    /** Changes the body of one's own message within 15 minutes of its sending (works offline). */
    async edit(id: string, body: string): Promise<Outcome<MessageRow, MessageWriteError>> {
      const problem = messageBodyError(body);
      body = storableBody(body);
      if (problem) return failure(problem);
      return messages.write(async () => {
        const current = await own(id);
        if (!current.ok) return current;
        const next = await messages.update(current.value, {
          columns: { body },
          local: (at) => ({ edited_at: at }),
        });
        return { ok: true, value: next } as const;
      });
    },

    /** Deletes one's own message within 15 minutes of its sending (works offline; an unsent one is simply dropped). */
    async remove(id: string): Promise<Outcome<void, MessageWriteError>> {
      return messages.write(async () => {
        const current = await own(id);
        if (!current.ok) return current;
        await messages.remove(current.value);
        return { ok: true, value: undefined } as const;
      });
    },

    /**
     * The device's read markers the server does not have yet (read offline,
     * or its send failed): per project, the device's marker when it is later
     * than the user's own `message_reads` row. Times are sortable UTC text
     * (src/data/sortableTime.ts), which the server reads as timestamps.
     */
    async markersAheadOfServer(): Promise<{ projectId: string; upTo: string }[]> {
      const db = ctx.getDb();
      const [local, server] = await Promise.all([
        localReadMarkers(db),
        db.message_reads.where('user_id').equals(db.userId).toArray(),
      ]);
      const onServer = new Map(server.map((r) => [r.project_id, r.read_up_to]));
      return Object.entries(local)
        .filter(([projectId, upTo]) => upTo > (onServer.get(projectId) ?? ''))
        .map(([projectId, upTo]) => ({ projectId, upTo }));
    },

    /**
     * Marks the thread of `projectId` read up to `upToIso` (a message's
     * created_at) on this device; the marker only moves forward. Returns
     * true when it moved (the app then tells the server: mark_messages_read).
     */
    async markRead(projectId: string, upToIso: string): Promise<boolean> {
      const db = ctx.getDb();
      return db.transaction('rw', db.sync_state, () => markReadIn(db, projectId, upToIso));
    },
  };
}

async function markReadIn(
  db: ReturnType<RepoContext['getDb']>,
  projectId: string,
  upToIso: string,
): Promise<boolean> {
  const markers = await localReadMarkers(db);
  const current = markers[projectId];
  const upTo = sortableTime(upToIso);
  if (current && current >= upTo) return false;
  await db.sync_state.put({ key: READ_UP_TO_KEY, value: { ...markers, [projectId]: upTo } });
  return true;
}

export type MessagesRepo = ReturnType<typeof createMessagesRepo>;

/** The app's messages repository (active user's database). */
export const messagesRepo: MessagesRepo = createMessagesRepo(activeContext);
