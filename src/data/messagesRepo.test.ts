import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { applyServerRows } from './applyServerRows';
import { RefacingDb } from './db';
import { threadPage, unreadCounts } from './messageQueries';
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
    const ops = await ctx.db.outbox.toArray();
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

  it('deleting a message that never left the device drops it and its op', async () => {
    const ctx = makeCtx();
    const repo = createMessagesRepo(ctx);
    const sent = await repo.send(PROJECT, 'oops');
    if (!sent.ok) throw new Error('not sent');
    expect(await repo.remove(sent.value.id)).toEqual({ ok: true, value: undefined });
    expect(await ctx.db.messages.count()).toBe(0);
    expect(await ctx.db.outbox.count()).toBe(0);
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
  it('lists the read markers the server lacks: read offline, or later than the server row', async () => {
    const ctx = makeCtx();
    const repo = createMessagesRepo(ctx);
    expect(await repo.markersAheadOfServer()).toEqual([]);
    await repo.markRead('p1', '2026-01-01T00:02:00Z');
    await repo.markRead('p2', '2026-01-01T00:03:00Z');
    await repo.markRead('p3', '2026-01-01T00:04:00Z');
    const row = (project: string, user: string, upTo: string) => ({
      id: `${project}:${user}`,
      project_id: project,
      user_id: user,
      read_up_to: upTo,
      updated_at: upTo,
    });
    await applyServerRows(
      ctx.db,
      'message_reads',
      [
        // The server has p1 as far as the device, p2 not as far; p3 only another reader's.
        row('p1', 'u1', '2026-01-01T00:02:00.000000+00:00'),
        row('p2', 'u1', '2026-01-01T00:01:00.000000+00:00'),
        row('p3', 'u2', '2026-01-01T00:09:00.000000+00:00'),
      ],
      '2026-01-01T00:05:00Z',
    );
    expect(await repo.markersAheadOfServer()).toEqual([
      { projectId: 'p2', upTo: '2026-01-01T00:03:00.000000Z' },
      { projectId: 'p3', upTo: '2026-01-01T00:04:00.000000Z' },
    ]);
  });
});
