/**
 * Messages repository: the only writer of local message rows and of the
 * user's read markers (`message_reads`). A message is written offline like every other
 * row: the row and its insert op in one transaction, shown at once as
 * "Waiting to send"; the outbox sends it in order and exactly once (the
 * op_id), and the server's answer makes it sent, or a dead letter the
 * thread shows as failed with Retry and Delete. The author may change or
 * delete its own message for 15 minutes after the server received it.
 * A read marker is a synced row like a message: written on the device with
 * its op, it reaches the server through the outbox (offline too) and the
 * user's other devices through the pull.
 */
import {
  MESSAGE_EDIT_MINUTES,
  messageBodyError,
  storableBody,
  type MessageBodyError,
} from '../domain/messageRules';
import { messageReadId } from './messageReadId';
import { newId } from './outbox';
import { activeContext, type RepoContext } from './repoContext';
import { sortableTime } from './sortableTime';
import { syncedTable, type SyncedTable } from './syncedTable';
import type { MessageReadRow, MessageRow } from './types';
import { failure, type Outcome } from '../../shared/outcome';

/** Why a message write was refused on the device (the server refuses the same). */
export type MessageWriteError = MessageBodyError | 'not_found' | 'not_author' | 'too_late';

/** True when `row` may still be changed by its author at `nowMs` (an unsent message always may). */
export function messageEditable(row: MessageRow, userId: string, nowMs: number): boolean {
  if (row.author_id !== userId || row.deleted_at) return false;
  if (row.version === 0) return true;
  return nowMs <= Date.parse(row.created_at) + MESSAGE_EDIT_MINUTES * 60_000;
}

/** Builds the messages repository over a context (the app uses `messagesRepo`). */
export function createMessagesRepo(ctx: RepoContext = activeContext) {
  const messages = syncedTable<MessageRow>(ctx, { table: 'messages' });
  const reads = syncedTable<MessageReadRow>(ctx, { table: 'message_reads' });

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
     * `bidderId` puts it in the homeowner's conversation with that bidding
     * contractor (only the homeowner's side names one; the server refuses
     * another with `message.bidder_invalid`, and puts a bidder's own messages
     * in his conversation itself). Refuses an empty or over-long body with
     * its error code; nothing is written then.
     */
    async send(
      projectId: string,
      body: string,
      attachments: readonly string[] = [],
      bidderId: string | null = null,
    ): Promise<Outcome<MessageRow, MessageWriteError>> {
      const problem = messageBodyError(body);
      if (problem) return failure(problem);
      body = storableBody(body);
      const db = ctx.getDb();
      const nowIso = sortableTime(new Date(ctx.now()).toISOString());
      // Derived before the transaction: WebCrypto's promise would let it commit.
      const readId = await messageReadId(projectId, db.userId);
      const columns = {
        project_id: projectId,
        author_id: db.userId,
        body,
        attachments: [...attachments],
        ...(bidderId ? { bidder_id: bidderId } : {}),
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
      await messages.write(
        async () => {
          await messages.create(row, columns);
          // One's own message is read.
          await markReadIn(ctx, reads, readId, projectId, nowIso);
        },
        (d) => [d.message_reads],
      );
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
     * Marks the thread of `projectId` read up to `upToIso` (a message's
     * created_at) for the signed-in user: the marker row and its op in one
     * transaction (works offline; the outbox sends it, the server keeps it
     * forward-only and never past its clock). The marker only moves
     * forward; returns true when it moved.
     */
    async markRead(projectId: string, upToIso: string): Promise<boolean> {
      const id = await messageReadId(projectId, ctx.getDb().userId);
      return reads.write(() => markReadIn(ctx, reads, id, projectId, upToIso));
    },
  };
}

/**
 * Moves the user's marker `id` on `projectId` forward to `upToIso`: a new
 * row (insert op) or the row updated on top of its version. False when the
 * marker is already there or later. Runs inside the caller's transaction.
 */
async function markReadIn(
  ctx: RepoContext,
  reads: SyncedTable<MessageReadRow>,
  id: string,
  projectId: string,
  upToIso: string,
): Promise<boolean> {
  const db = ctx.getDb();
  const upTo = sortableTime(upToIso);
  const current = await db.message_reads.get(id);
  if (current && current.read_up_to >= upTo) return false;
  if (current) {
    await reads.update(current, { columns: { read_up_to: upTo } });
    return true;
  }
  const at = new Date(ctx.now()).toISOString();
  const row: MessageReadRow = {
    id,
    project_id: projectId,
    user_id: db.userId,
    read_up_to: upTo,
    version: 0,
    created_at: at,
    updated_at: at,
    deleted_at: null,
    txid: '',
  };
  await reads.create(row, { project_id: projectId, read_up_to: upTo });
  return true;
}

export type MessagesRepo = ReturnType<typeof createMessagesRepo>;

/** The app's messages repository (active user's database). */
export const messagesRepo: MessagesRepo = createMessagesRepo(activeContext);
