/**
 * Sync failure modes against the real local backend (late txid, clock skew,
 * lost push reply, rejected op, offline restart, concurrent edits, delete vs
 * edit):
 * each shows nothing lost and nothing duplicated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueOp, newId } from '../../../src/data/outbox';
import type { ProjectDetails, ProjectStatus } from '../../../src/data/types';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import {
  localProjects,
  openDevice,
  serverProject,
  serverProjects,
  settle,
  type Device,
} from './harness';

let backend: StartedBackend;
const carl = { email: 'carl-fm@example.com', password: 'Secret-pass-1' };
const hana = { email: 'hana-fm@example.com', password: 'Secret-pass-1' };
let hanaId = '';
const opened: Device[] = [];

async function device(name: string, creds = carl, opts: Parameters<typeof openDevice>[3] = {}) {
  const d = await openDevice(backend, name, creds, opts);
  opened.push(d);
  return d;
}

function cabinet(itemState: Record<string, Record<string, unknown>>): ProjectDetails {
  return { address: '1 Oak St', cabinetData: { itemState } } as unknown as ProjectDetails;
}

async function sqlCount(sql: string, params: unknown[]): Promise<number> {
  const { rows } = await backend.pg.query<{ n: number }>(sql, params);
  return Number(rows[0]?.n ?? 0);
}

beforeAll(async () => {
  backend = await startLocalBackend();
  await backend.signUpConfirmed(carl.email, carl.password, { role: 'contractor' });
  hanaId = (await backend.signUpConfirmed(hana.email, hana.password, { role: 'homeowner' })).userId;
});
afterAll(async () => {
  for (const d of opened) await d.close().catch(() => undefined);
  await backend?.stop();
});

describe('1. a transaction that commits after a later one (late txid) is still pulled', () => {
  it('stores the first page call’s cursor, so a row stamped below rows already pulled still arrives', async () => {
    const writer = await device('writer');
    const reader = await device('reader', carl, { pageSize: 2 });
    for (const n of ['P1', 'P2', 'P3'])
      await writer.projects.create({ name: n, status: 'draft', details: {}, role: 'contractor' });
    await writer.sync();
    await reader.sync();
    // During the reader's next paged pull, another device commits S after the first page call.
    for (const n of ['Q1', 'Q2', 'Q3'])
      await writer.projects.create({ name: n, status: 'draft', details: {}, role: 'contractor' });
    await writer.sync();
    let pulls = 0;
    let sId = '';
    reader.net.before = async (url) => {
      if (!url.includes('/rpc/pull_changes')) return;
      pulls += 1;
      if (pulls === 4) {
        // Calls 1–3 are the first pages of the three tables (requested together); call 4 is the
        // second projects page: S commits now, with a txid above the first call's cursor.
        const s = await writer.projects.create({
          name: 'S',
          status: 'draft',
          details: {},
          role: 'contractor',
        });
        sId = s.id;
        reader.net.before = undefined;
        await writer.sync();
      }
    };
    await reader.sync();
    const cursor = (await reader.db.sync_state.get('cursor:projects'))?.value as string;
    const s = await serverProject(backend, sId);
    expect(BigInt(cursor)).toBeLessThanOrEqual(BigInt(s?.txid as string));
    // R: a transaction that took its txid before S and commits only now (stamped as such, triggers off).
    const rId = newId();
    // As the table owner, in one transaction (on PostgreSQL the pool has many sessions and
    // session_replication_role needs a superuser, which `postgres` is not on hosted).
    await backend.pg.transaction(async (tx) => {
      await tx.exec('alter table public.projects disable trigger user');
      await tx.query(
        `insert into public.projects (id, name, status, details, user_id, assigned_contractor_id, version, txid)
         values ($1, 'R late', 'draft', '{}', $2, $2, 1, $3::xid8)`,
        [rId, reader.userId, cursor],
      );
      await tx.exec('alter table public.projects enable trigger user');
    });
    await reader.sync();
    const local = await localProjects(reader);
    expect(local.map((p) => p.name).sort()).toEqual([
      'P1',
      'P2',
      'P3',
      'Q1',
      'Q2',
      'Q3',
      'R late',
      'S',
    ]);
    expect(local).toEqual(
      await serverProjects(backend, reader.userId).then((rows) =>
        rows.filter((r) => local.some((l) => l.id === r.id)),
      ),
    );
    await backend.pg.query('delete from public.projects where assigned_contractor_id = $1', [
      reader.userId,
    ]);
    await writer.close();
    await reader.close();
  });
});

describe('2. a device clock an hour off changes nothing', () => {
  it('the later write wins by server order, not by device time; nothing lost', async () => {
    const ahead = await device('ahead', carl, { clockOffsetMs: 3_600_000 });
    const behind = await device('behind', carl, { clockOffsetMs: -3_600_000 });
    const p = await ahead.projects.create({
      name: 'Clock test',
      status: 'draft',
      details: { phone: '555' },
      role: 'contractor',
    });
    await settle([ahead, behind]);
    await ahead.projects.update(p.id, { name: 'From the fast clock' });
    await ahead.sync();
    await behind.sync();
    await behind.projects.update(p.id, { name: 'From the slow clock', status: 'active' });
    await settle([behind, ahead]);
    const server = await serverProject(backend, p.id);
    expect(server).toMatchObject({ name: 'From the slow clock', status: 'active', version: 3 });
    for (const d of [ahead, behind]) {
      expect((await d.db.projects.get(p.id))?.name).toBe('From the slow clock');
      expect(await d.db.outbox.count()).toBe(0);
      expect(await d.db.dead_letters.count()).toBe(0);
    }
    expect(
      await sqlCount('select count(*)::int n from public.sync_conflicts where row_id = $1', [
        p.id,
      ]).catch(() => 0),
    ).toBe(0);
    await ahead.close();
    await behind.close();
  });
});

describe('3. the response to a push is lost after the server committed', () => {
  it('the retry does not duplicate the insert or the update', async () => {
    const d = await device('lossy');
    const p = await d.projects.create({
      name: 'Lost reply',
      status: 'draft',
      details: {},
      role: 'contractor',
    });
    d.net.dropPushResponses = 1;
    const first = await d.sync();
    expect(first.ok).toBe(false);
    expect(await serverProject(backend, p.id)).toMatchObject({ version: 1 });
    expect(await d.db.outbox.count()).toBe(1);
    const second = await d.sync();
    expect(second.ok).toBe(true);
    expect(
      await sqlCount('select count(*)::int n from public.projects where id = $1', [p.id]),
    ).toBe(1);
    await d.projects.update(p.id, { name: 'Lost reply 2' });
    d.net.dropPushResponses = 1;
    expect((await d.sync()).ok).toBe(false);
    expect((await d.sync()).ok).toBe(true);
    expect(await serverProject(backend, p.id)).toMatchObject({ name: 'Lost reply 2', version: 2 });
    expect(await d.db.projects.get(p.id)).toMatchObject({ name: 'Lost reply 2', version: 2 });
    expect(await d.db.outbox.count()).toBe(0);
    expect(await d.db.dead_letters.count()).toBe(0);
    await d.close();
  });

  it('an edit made after the lost reply is not folded into the op the server already has', async () => {
    const d = await device('lossy-edit');
    const p = await d.projects.create({
      name: 'Sent',
      status: 'draft',
      details: {},
      role: 'contractor',
    });
    expect((await d.sync()).ok).toBe(true);
    await d.projects.update(p.id, { name: 'Sent twice' });
    d.net.dropPushResponses = 1;
    expect((await d.sync()).ok).toBe(false);
    // The server has applied and recorded that op; the user goes on editing the same project.
    await d.projects.update(p.id, { name: 'Edited after', status: 'active' });
    expect((await d.sync()).ok).toBe(true);
    expect(await serverProject(backend, p.id)).toMatchObject({
      name: 'Edited after',
      status: 'active',
      version: 3,
    });
    expect(await d.db.projects.get(p.id)).toMatchObject({
      name: 'Edited after',
      status: 'active',
      version: 3,
    });
    expect(await d.db.outbox.count()).toBe(0);
    await d.close();
  });
});

describe('pipelined push', () => {
  it('rows with several queued ops, over many small batches: each applied once, in order, rebased, nothing lost', async () => {
    const d = await device('pipelined', carl, { batchSize: 2 });
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push(
        await d.projects.create({
          name: `Pipe ${i}`,
          status: 'draft',
          details: {},
          role: 'contractor',
        }),
      );
    // The first sync loses its reply to the first batch (rows 0 and 1): those ops count as sent, so the
    // edits below queue as second ops of those rows; the inserts of rows 2–4 were never sent and absorb them.
    d.net.dropPushResponses = 1;
    expect((await d.sync()).ok).toBe(false);
    for (const [i, p] of made.entries()) {
      await d.projects.update(p.id, { name: `Pipe ${i} renamed` });
      if (i % 2 === 0) await d.projects.update(p.id, { details: { notes: `note ${i}` } });
    }
    const extra = await d.projects.create({
      name: 'Pipe extra',
      status: 'active',
      details: {},
      role: 'contractor',
    });
    const pushCalls = () => d.net.log.filter((l) => l.url.includes('/rpc/push_changes')).length;
    const before = pushCalls();
    const r = await d.sync();
    expect(r.ok).toBe(true);
    expect(pushCalls() - before).toBeGreaterThanOrEqual(4);
    expect(await d.db.outbox.count()).toBe(0);
    expect(await d.db.dead_letters.count()).toBe(0);
    expect(await d.db.conflicts.count()).toBe(0);
    for (const [i, p] of made.entries()) {
      const server = await serverProject(backend, p.id);
      const version = i < 2 ? 2 : 1;
      expect(server).toMatchObject({ name: `Pipe ${i} renamed`, version });
      if (i % 2 === 0) expect(server?.details).toEqual({ notes: `note ${i}` });
      expect(await d.db.projects.get(p.id)).toMatchObject({ name: `Pipe ${i} renamed`, version });
    }
    expect(await serverProject(backend, extra.id)).toMatchObject({
      name: 'Pipe extra',
      version: 1,
    });
    expect(
      await sqlCount('select count(*)::int n from public.projects where name like $1', ['Pipe %']),
    ).toBe(6);
    await d.close();
  });
});

describe('4. one operation rejected by RLS or a constraint does not wedge the queue', () => {
  it('the others apply; the rejected ones become dead letters that can be retried or discarded', async () => {
    const d = await device('rejects');
    const ok1 = await d.projects.create({
      name: 'Fine 1',
      status: 'draft',
      details: {},
      role: 'contractor',
    });
    // A status outside the server's check (an old client build, say): 23514.
    const bad = await d.projects.create({
      name: 'On hold one',
      status: 'on hold' as ProjectStatus,
      details: {},
      role: 'contractor',
    });
    // An insert for another user's dashboard: RLS refuses it (42501).
    const foreign = newId();
    await d.db.transaction('rw', d.db.projects, d.db.outbox, d.db.sync_state, () =>
      enqueueOp(
        d.db,
        {
          table: 'projects',
          id: foreign,
          kind: 'insert',
          base_version: null,
          changes: {
            id: foreign,
            name: 'Not mine',
            status: 'draft',
            details: {},
            user_id: hanaId,
            owner_user_id: hanaId,
            assigned_contractor_id: null,
          },
        },
        Date.now(),
      ),
    );
    const ok2 = await d.projects.create({
      name: 'Fine 2',
      status: 'draft',
      details: {},
      role: 'contractor',
    });
    const r = await d.sync();
    expect(r.ok).toBe(true);
    expect(await serverProject(backend, ok1.id)).toMatchObject({ name: 'Fine 1' });
    expect(await serverProject(backend, ok2.id)).toMatchObject({ name: 'Fine 2' });
    expect(await serverProject(backend, bad.id)).toBeNull();
    expect(await serverProject(backend, foreign)).toBeNull();
    const letters = await d.db.dead_letters.toArray();
    expect(letters.map((l) => [l.op.id, l.code]).sort()).toEqual(
      [
        [bad.id, '23514'],
        [foreign, '42501'],
      ].sort(),
    );
    expect(await d.db.outbox.count()).toBe(0);
    // Retry: a new op_id, rejected again, still one dead letter for it (no loop).
    const badLetter = letters.find((l) => l.op.id === bad.id)!;
    await d.deadLetters.retry(badLetter.id!);
    const retried = await d.db.outbox.toArray();
    expect(retried).toHaveLength(1);
    expect(retried[0]?.op_id).not.toBe(badLetter.op.op_id);
    await d.sync();
    expect((await d.db.dead_letters.toArray()).filter((l) => l.op.id === bad.id)).toHaveLength(1);
    // Discard: the never-accepted insert disappears locally.
    for (const l of await d.db.dead_letters.toArray()) await d.deadLetters.discard(l.id!);
    await d.sync();
    expect(await d.db.projects.get(bad.id)).toBeUndefined();
    expect(await d.db.dead_letters.count()).toBe(0);
    await d.close();
  });
});

describe('5. writes made offline, app closed, reopened online', () => {
  it('pushes every write exactly once', async () => {
    const d = await device('offline-app');
    const kept = await d.projects.create({
      name: 'Online first',
      status: 'draft',
      details: {},
      role: 'contractor',
    });
    await d.sync();
    d.net.offline = true;
    const a = await d.projects.create({
      name: 'Offline A',
      status: 'draft',
      details: { address: '2 Elm' },
      role: 'contractor',
    });
    const b = await d.projects.create({
      name: 'Offline B',
      status: 'active',
      details: {},
      role: 'contractor',
    });
    for (let i = 1; i <= 20; i++)
      await d.projects.update(a.id, { details: { address: '2 Elm', notes: `typed ${i}` } });
    await d.projects.update(kept.id, { status: 'completed' });
    await d.projects.remove(b.id);
    expect((await d.sync()).reason).toBe('offline');
    expect(await d.db.outbox.count()).toBe(2); // insert A (edits folded in), update kept; B never left the device
    await d.close();
    // Reopened, online: same IndexedDB.
    const again = await device('offline-app-2', carl, { idb: d.idb, storage: d.storage });
    await again.sync();
    expect(await serverProject(backend, a.id)).toMatchObject({
      name: 'Offline A',
      version: 1,
      details: { address: '2 Elm', notes: 'typed 20' },
    });
    expect(await serverProject(backend, kept.id)).toMatchObject({
      status: 'completed',
      version: 2,
    });
    expect(await serverProject(backend, b.id)).toBeNull();
    expect(await again.db.outbox.count()).toBe(0);
    await again.close();
  });
});

describe('7. two devices edit the same project offline', () => {
  it('non-overlapping edits both survive; the overlap is logged with both values', async () => {
    const a = await device('phone');
    const b = await device('tablet');
    const p = await a.projects.create({
      name: 'Kitchen',
      status: 'draft',
      details: cabinet({
        '1_0': { width: '10', height: '20' },
        '2_0': { width: '11', height: '21' },
      }),
      role: 'contractor',
    });
    await settle([a, b]);
    a.net.offline = true;
    b.net.offline = true;
    await a.projects.update(p.id, {
      name: 'Kitchen (phone)',
      details: cabinet({
        '1_0': { width: '12.5', height: '20' },
        '2_0': { width: '11', height: '21' },
      }),
    });
    await b.projects.update(p.id, {
      details: cabinet({
        '1_0': { width: '13', height: '20' },
        '2_0': { width: '11', height: '30' },
      }),
    });
    a.net.offline = false;
    b.net.offline = false;
    await a.sync();
    await b.sync();
    await settle([a, b]);
    const server = await serverProject(backend, p.id);
    const item = (
      server?.details as { cabinetData: { itemState: Record<string, Record<string, string>> } }
    ).cabinetData.itemState;
    expect(server?.name).toBe('Kitchen (phone)');
    expect(item['2_0']).toEqual({ width: '11', height: '30' });
    expect(item['1_0']).toEqual({ width: '13', height: '20' });
    const conflicts = await b.db.conflicts.toArray();
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({
      path: ['details', 'cabinetData', 'itemState', '1_0', 'width'],
      serverValue: '12.5',
      clientValue: '13',
      label: 'Kitchen (phone)',
    });
    expect(await localProjects(a)).toEqual(await localProjects(b));
    expect((await localProjects(a)).find((x) => x.id === p.id)).toMatchObject({
      name: 'Kitchen (phone)',
      details: server?.details,
    });
    await a.close();
    await b.close();
  });
});

describe('8. a project deleted on one device while edited on another', () => {
  it('the delete wins, the lost edit is a dead letter, and nothing comes back', async () => {
    const a = await device('deleter');
    const b = await device('editor');
    const p = await a.projects.create({
      name: 'Doomed',
      status: 'draft',
      details: {},
      role: 'contractor',
    });
    await settle([a, b]);
    a.net.offline = true;
    b.net.offline = true;
    await a.projects.remove(p.id);
    await b.projects.update(p.id, { name: 'Edited meanwhile' });
    a.net.offline = false;
    b.net.offline = false;
    await a.sync();
    await b.sync();
    for (let i = 0; i < 3; i++) await settle([a, b]);
    expect(await serverProject(backend, p.id)).toMatchObject({ name: 'Doomed' });
    expect((await serverProject(backend, p.id))?.deleted_at).not.toBeNull();
    const letters = await b.db.dead_letters.toArray();
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({
      code: 'P0002',
      message: 'sync.deleted_elsewhere',
      op: { changes: { name: 'Edited meanwhile' } },
    });
    for (const d of [a, b]) {
      expect((await localProjects(d)).some((x) => x.id === p.id)).toBe(false);
      expect(await d.db.outbox.count()).toBe(0);
    }
    // Discarding the dead letter keeps the tombstone; no resurrection.
    await b.deadLetters.discard(letters[0]!.id!);
    await settle([a, b]);
    expect((await localProjects(b)).some((x) => x.id === p.id)).toBe(false);
    expect((await serverProject(backend, p.id))?.deleted_at).not.toBeNull();
    await a.close();
    await b.close();
  });
});
