import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { applyServerRows } from './applyServerRows';
import { RefacingDb } from './db';
import { threadPage, unreadCounts } from './messageQueries';
import { messageReadId } from './messageReadId';
import { createMessagesRepo, messageEditable } from './messagesRepo';
import type { RepoContext } from './repoContext';

const dbs: RefacingDb[] = [];
function makeCtx(userId = 'u1'): RepoContext & { db: RefacingDb; advance(ms: number): void } {
  const db = new RefacingDb(userId, { indexedDB: new IDBFactory(), IDBKeyRange });
  dbs.push(db);
  let t = Date.parse('2026-01-01T00:00:00Z');
  return {
    db,
    getDb: () => db,
    now: () => (t += 1000),
    advance(ms) {
      t += ms;
    },
  };
}
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
});

const PROJECT = 'p1';

describe('messagesRepo', () => {
  it('refuses an empty or over-long body and writes nothing', async () => {
    const ctx = makeCtx();
    const repo = createMessagesRepo(ctx);
    expect(await repo.send(PROJECT, '  \n ')).toEqual({ ok: false, code: 'empty', data: {} });
    expect(await repo.send(PROJECT, 'x'.repeat(4001))).toEqual({
      ok: false,
      code: 'tooLong',
      data: {},
    });
    expect(await ctx.db.messages.count()).toBe(0);
    expect(await ctx.db.outbox.count()).toBe(0);
  });

  it('keeps a body with a NUL character, the NUL shown as U+FFFD (PostgreSQL text cannot hold it)', async () => {
    const ctx = makeCtx();
    const repo = createMessagesRepo(ctx);
    const sent = await repo.send(PROJECT, 'pasted\u0000text');
    expect(sent).toMatchObject({ ok: true, value: { body: 'pasted\uFFFDtext' } });
    const [op] = await ctx.db.outbox.toArray();
    expect(op?.changes.body).toBe('pasted\uFFFDtext');
  });

  it('writes the row and its insert op together; the thread shows it waiting, oldest first', async () => {
    const ctx = makeCtx();
    const repo = createMessagesRepo(ctx);
    const a = await repo.send(PROJECT, 'first');
    const b = await repo.send(PROJECT, '<b>second</b>', ['f1']);
    expect(a.ok && b.ok).toBe(true);
    const ops = (await ctx.db.outbox.toArray()).filter((o) => o.table === 'messages');
    expect(ops.map((o) => [o.table, o.kind, o.changes.body])).toEqual([
      ['messages', 'insert', 'first'],
      ['messages', 'insert', '<b>second</b>'],
    ]);
    expect(ops[1]!.changes).toMatchObject({
      project_id: PROJECT,
      author_id: 'u1',
      attachments: ['f1'],
    });
    const page = await threadPage(ctx.db, PROJECT, 50);
    expect(page.messages.map((m) => [m.body, m.state])).toEqual([
      ['first', 'waiting'],
      ['<b>second</b>', 'waiting'],
    ]);
  });

  it('a message to a bidder carries his conversation; the thread shows one conversation or the rest', async () => {
    const ctx = makeCtx();
    const repo = createMessagesRepo(ctx);
    await repo.send(PROJECT, 'to Amy', [], 'amy');
    await repo.send(PROJECT, 'to Ben', [], 'ben');
    await repo.send(PROJECT, 'household');
    const ops = (await ctx.db.outbox.toArray()).filter((o) => o.table === 'messages');
    expect(ops.map((o) => o.changes.bidder_id)).toEqual(['amy', 'ben', undefined]);
    // Amy's conversation from before she became the contractor of record (not a bidder now).
    await applyServerRows(
      ctx.db,
      'messages',
      [
        {
          id: 'old-amy',
          project_id: PROJECT,
          author_id: 'amy',
          bidder_id: 'amy',
          body: 'Amy earlier',
          attachments: [],
          edited_at: null,
          version: 1,
          created_at: '2025-12-31T00:00:00.000Z',
          updated_at: '2025-12-31T00:00:00.000Z',
          deleted_at: null,
          txid: '5',
        },
      ],
      '2026-01-01T00:05:00Z',
    );
    const bodies = async (c: Parameters<typeof threadPage>[3]) =>
      (await threadPage(ctx.db, PROJECT, 50, c)).messages.map((m) => m.body);
    expect(await bodies({ bidder: 'ben' })).toEqual(['to Ben']);
    expect(await bodies({ bidder: 'amy' })).toEqual(['Amy earlier', 'to Amy']);
    expect(await bodies({ bidder: null, bidders: ['amy', 'ben'] })).toEqual(['household']);
    expect(await bodies({ bidder: null, bidders: ['ben'] })).toEqual([
      'Amy earlier',
      'to Amy',
      'household',
    ]);
    expect(await bodies(undefined)).toHaveLength(4);
  });

  it('deleting a message that never left the device drops it and its op', async () => {
    const ctx = makeCtx();
    const repo = createMessagesRepo(ctx);
    const sent = await repo.send(PROJECT, 'oops');
    if (!sent.ok) throw new Error('not sent');
    expect(await repo.remove(sent.value.id)).toEqual({ ok: true, value: undefined });
    expect(await ctx.db.messages.count()).toBe(0);
    // What stays is the sender's read marker (one's own message is read).
    expect((await ctx.db.outbox.toArray()).map((o) => o.table)).toEqual(['message_reads']);
  });

  it("edits only one's own message, and only within 15 minutes of the server's time", async () => {
    const ctx = makeCtx();
    const repo = createMessagesRepo(ctx);
    const at = new Date(ctx.now()).toISOString();
    await applyServerRows(
      ctx.db,
      'messages',
      [
        {
          id: 'm1',
          project_id: PROJECT,
          author_id: 'u1',
          body: 'mine',
          attachments: [],
          edited_at: null,
          version: 1,
          created_at: at,
          updated_at: at,
          deleted_at: null,
          txid: '5',
        },
        {
          id: 'm2',
          project_id: PROJECT,
          author_id: 'u2',
          body: 'theirs',
          attachments: [],
          edited_at: null,
          version: 1,
          created_at: at,
          updated_at: at,
          deleted_at: null,
          txid: '5',
        },
      ],
      at,
    );
    expect(await repo.edit('m2', 'changed')).toEqual({ ok: false, code: 'not_author', data: {} });
    const edited = await repo.edit('m1', 'mine, edited');
    expect(edited).toMatchObject({ ok: true, value: { body: 'mine, edited' } });
    expect((await ctx.db.outbox.toArray()).at(-1)).toMatchObject({
      kind: 'update',
      base_version: 1,
      changes: { body: 'mine, edited' },
    });
    ctx.advance(16 * 60_000);
    expect(await repo.edit('m1', 'too late')).toEqual({ ok: false, code: 'too_late', data: {} });
    const row = await ctx.db.messages.get('m1');
    expect(messageEditable(row!, 'u1', ctx.now())).toBe(false);
  });

  it("counts others' messages after the device's marker as unread; one's own never", async () => {
    const ctx = makeCtx();
    const repo = createMessagesRepo(ctx);
    await ctx.db.projects.put({
      id: PROJECT,
      name: 'Job',
      status: 'active',
      details: {},
      description: null,
      user_id: 'u1',
      owner_user_id: 'u1',
      assigned_contractor_id: null,
      version: 1,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
      deleted_at: null,
      txid: '1',
      _words: [],
    });
    const rows = [1, 2, 3].map((i) => {
      const at = `2026-01-01T00:0${i}:00.000000+00:00`;
      return {
        id: `o${i}`,
        project_id: PROJECT,
        author_id: 'u2',
        body: `hi ${i}`,
        attachments: [],
        edited_at: null,
        version: 1,
        created_at: at,
        updated_at: at,
        deleted_at: null,
        txid: '5',
      };
    });
    await applyServerRows(ctx.db, 'messages', rows, '2026-01-01T00:05:00Z');
    await repo.send(PROJECT, 'my own');
    expect((await unreadCounts(ctx.db)).get(PROJECT)).toBe(3);
    // Server time with microseconds and an offset, as pulled: the marker compares in the same form.
    expect(await repo.markRead(PROJECT, '2026-01-01T00:02:00.000000+00:00')).toBe(true);
    expect((await unreadCounts(ctx.db)).get(PROJECT)).toBe(1);
    expect(await repo.markRead(PROJECT, '2026-01-01T00:01:00Z')).toBe(false);
    expect((await unreadCounts(ctx.db)).get(PROJECT)).toBe(1);
  });
  it('a read marker is a synced row: its id derived from project and reader, sent through the outbox', async () => {
    const ctx = makeCtx();
    const repo = createMessagesRepo(ctx);
    const project = '7d6f0a52-3c1e-4a57-9a39-2b1d1f0c8e11';
    const id = await messageReadId(project, 'u1');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(await messageReadId(project.toUpperCase(), 'U1')).toBe(id);
    expect(await messageReadId(project, 'u2')).not.toBe(id);

    expect(await repo.markRead(project, '2026-01-01T00:02:00Z')).toBe(true);
    expect(await repo.markRead(project, '2026-01-01T00:03:00.000000+00:00')).toBe(true);
    expect(await repo.markRead(project, '2026-01-01T00:01:00Z')).toBe(false);
    // Never sent yet: the later marker folds into the one insert; the reader is the server's to set.
    const ops = await ctx.db.outbox.toArray();
    expect(ops.map((o) => [o.table, o.id, o.kind, o.changes])).toEqual([
      [
        'message_reads',
        id,
        'insert',
        { project_id: project, read_up_to: '2026-01-01T00:03:00.000000Z' },
      ],
    ]);
    expect(await ctx.db.message_reads.get(id)).toMatchObject({
      user_id: 'u1',
      read_up_to: '2026-01-01T00:03:00.000000Z',
      version: 0,
    });

    // The server took it (version 1); a later read is an update based on that version.
    await ctx.db.outbox.clear();
    const server = {
      id,
      project_id: project,
      user_id: 'u1',
      read_up_to: '2026-01-01T00:03:00.000000+00:00',
      version: 1,
      created_at: '2026-01-01T00:03:01Z',
      updated_at: '2026-01-01T00:03:01Z',
      deleted_at: null,
      txid: '9',
    };
    await applyServerRows(ctx.db, 'message_reads', [server], '2026-01-01T00:04:00Z');
    expect(await repo.markRead(project, '2026-01-01T00:05:00Z')).toBe(true);
    const [update] = await ctx.db.outbox.toArray();
    expect(update).toMatchObject({
      table: 'message_reads',
      id,
      kind: 'update',
      base_version: 1,
      changes: { read_up_to: '2026-01-01T00:05:00.000000Z' },
    });
  });

  it("the reader's other device: a pulled marker clears its unread count", async () => {
    const ctx = makeCtx();
    const project = '7d6f0a52-3c1e-4a57-9a39-2b1d1f0c8e11';
    const message = (n: number) => ({
      id: `m${n}`,
      project_id: project,
      author_id: 'u2',
      body: `hello ${n}`,
      attachments: [],
      edited_at: null,
      version: 1,
      created_at: `2026-01-01T00:0${n}:00.000000+00:00`,
      updated_at: `2026-01-01T00:0${n}:00.000000+00:00`,
      deleted_at: null,
      txid: '5',
    });
    await ctx.db.projects.put({
      id: project,
      name: 'Job',
      status: 'active',
      details: {},
      description: null,
      user_id: 'u1',
      owner_user_id: 'u1',
      assigned_contractor_id: null,
      version: 1,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
      deleted_at: null,
      txid: '1',
      _words: [],
    });
    await applyServerRows(ctx.db, 'messages', [message(1), message(2)], '2026-01-01T00:05:00Z');
    expect((await unreadCounts(ctx.db)).get(project)).toBe(2);
    await applyServerRows(
      ctx.db,
      'message_reads',
      [
        {
          id: await messageReadId(project, 'u1'),
          project_id: project,
          user_id: 'u1',
          read_up_to: '2026-01-01T00:02:00.000000+00:00',
          version: 2,
          created_at: '2026-01-01T00:02:00Z',
          updated_at: '2026-01-01T00:02:00Z',
          deleted_at: null,
          txid: '6',
        },
      ],
      '2026-01-01T00:05:00Z',
    );
    expect((await unreadCounts(ctx.db)).has(project)).toBe(false);
  });
});
