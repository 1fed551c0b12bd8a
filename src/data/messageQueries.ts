/**
 * Reads of project threads: a thread's newest page with each message's
 * delivery state, the unread counts per project, and where the other side
 * has read up to (for "Seen"). Pure reads of the local database; the hooks
 * in src/hooks run them live.
 */
import Dexie from 'dexie';
import type { RefacingDb } from './db';
import type { DeadLetter, MessageRow } from './types';

/** Where a message stands on this device. */
export type DeliveryState = 'waiting' | 'sent' | 'failed';

/** A message as the thread shows it. */
export interface ThreadMessage extends MessageRow {
  state: DeliveryState;
  /** The dead letter of a failed message (Retry and Delete act on it). */
  failure?: { letterId: number; code: string; message: string; details?: string };
}

/** A page of a thread: the newest `limit` live messages, oldest first, and whether older ones exist. */
export interface ThreadPage {
  messages: ThreadMessage[];
  hasEarlier: boolean;
}

function threadRange(db: RefacingDb, projectId: string) {
  return db.messages
    .where('[project_id+created_at]')
    .between([projectId, Dexie.minKey], [projectId, Dexie.maxKey]);
}

/**
 * The newest `limit` messages of a project's thread (tombstones left out),
 * oldest first, each with its delivery state: failed while a dead letter
 * holds one of its ops, waiting while the outbox has an op of it (or the
 * server has never confirmed it), else sent.
 */
/**
 * One conversation of a job's thread as the homeowner's side reads it: one
 * bidder's (`bidder`), or everything else (`bidders` are the job's current
 * bidders: a former bidder's talk, now the contractor of record's, stays in
 * the job's view).
 */
export type ThreadConversation = { bidder: string } | { bidder: null; bidders: readonly string[] };

function inConversation(m: MessageRow, c: ThreadConversation): boolean {
  const id = m.bidder_id ?? null;
  return c.bidder !== null ? id === c.bidder : id === null || !c.bidders.includes(id);
}

export async function threadPage(
  db: RefacingDb,
  projectId: string,
  limit: number,
  conversation?: ThreadConversation,
): Promise<ThreadPage> {
  const rows: MessageRow[] = [];
  await threadRange(db, projectId)
    .reverse()
    .until(() => rows.length > limit)
    .each((m) => {
      if (m.deleted_at) return;
      if (conversation && !inConversation(m, conversation)) return;
      rows.push(m);
    });
  const hasEarlier = rows.length > limit;
  if (hasEarlier) rows.length = limit;
  rows.reverse();
  const ids = rows.map((m) => m.id);
  const [letters, queued] = await Promise.all([
    ids.length ? db.dead_letters.where('op.id').anyOf(ids).toArray() : ([] as DeadLetter[]),
    ids.length
      ? db.outbox
          .where('[table+id]')
          .anyOf(ids.map((id) => ['messages', id]))
          .toArray()
      : [],
  ]);
  const failed = new Map<string, DeadLetter>();
  for (const l of letters) if (l.op.table === 'messages') failed.set(l.op.id, l);
  const waiting = new Set(queued.map((o) => o.id));
  const messages = rows.map((m): ThreadMessage => {
    const letter = failed.get(m.id);
    if (letter && letter.id !== undefined)
      return {
        ...m,
        state: 'failed',
        failure: {
          letterId: letter.id,
          code: letter.code,
          message: letter.message,
          details: letter.details,
        },
      };
    return { ...m, state: waiting.has(m.id) || m.version === 0 ? 'waiting' : 'sent' };
  });
  return { messages, hasEarlier };
}

/** The user's own marker on a project ('' when none): the device's row, written here or pulled. */
async function myMarker(db: RefacingDb, projectId: string): Promise<string> {
  const rows = await db.message_reads.where('project_id').equals(projectId).toArray();
  let latest = '';
  for (const r of rows) if (r.user_id === db.userId && r.read_up_to > latest) latest = r.read_up_to;
  return latest;
}

/**
 * Unread messages per live project: others' live messages after the user's
 * marker. Projects with none are left out.
 */
export async function unreadCounts(db: RefacingDb): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const projectIds = (await db.messages.orderBy('project_id').uniqueKeys()) as string[];
  if (projectIds.length === 0) return out;
  const projects = await db.projects.bulkGet(projectIds);
  await Promise.all(
    projectIds.map(async (pid, i) => {
      const p = projects[i];
      if (!p || p.deleted_at) return;
      const marker = await myMarker(db, pid);
      const n = await db.messages
        .where('[project_id+created_at]')
        .between([pid, marker], [pid, Dexie.maxKey], false, true)
        .filter((m) => !m.deleted_at && m.author_id !== db.userId)
        .count();
      if (n > 0) out.set(pid, n);
    }),
  );
  return out;
}

/** The latest time another reader of the project has read up to ('' when nobody has). */
export async function othersReadUpTo(db: RefacingDb, projectId: string): Promise<string> {
  const rows = await db.message_reads.where('project_id').equals(projectId).toArray();
  let latest = '';
  for (const r of rows) if (r.user_id !== db.userId && r.read_up_to > latest) latest = r.read_up_to;
  return latest;
}
