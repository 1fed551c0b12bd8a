/**
 * Messages through the real engine on two devices: the homeowner and the
 * contractor it invited each write 200 messages with no connection; once
 * both are online every message reaches the server exactly once (a lost
 * push answer included) and in its author's order, and both devices hold
 * the same thread, all sent. A message with a photo attached offline goes
 * out after its file. An edit the server refuses (after 15 minutes) becomes
 * a failed message the thread shows, and Delete takes the server's copy
 * back. Read markers reach the other device and the unread counts follow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessagesRepo } from '../../../src/data/messagesRepo';
import { threadPage, unreadCounts, othersReadUpTo } from '../../../src/data/messageQueries';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import {
  inviteAndAccept,
  openDevice,
  settle,
  type Device,
  signUpJoeAndMaria,
  type Credentials,
} from './harness';

let backend: StartedBackend;
let contractor: Credentials;
let maria: Credentials;

beforeAll(async () => {
  backend = await startLocalBackend();
  ({ contractor, maria } = await signUpJoeAndMaria(backend, 'msg'));
}, 120_000);
afterAll(async () => {
  await backend?.stop();
});

function messagesOf(d: Device) {
  return createMessagesRepo({ getDb: () => d.db, now: () => d.clock.now() });
}

/** The homeowner's project with the contractor invited (through the real invitation). */
async function sharedProject(home: Device, joe: Device): Promise<string> {
  const p = await home.projects.create({
    name: 'Alvarez kitchen',
    status: 'draft',
    details: {},
    role: 'homeowner',
  });
  expect(await home.sync()).toMatchObject({ ok: true });
  await inviteAndAccept(backend, home, joe, contractor.email, p.id, 'contractor');
  expect(await joe.sync()).toMatchObject({ ok: true });
  expect(await joe.db.projects.get(p.id)).toBeTruthy();
  return p.id;
}

describe('messages on two devices', () => {
  let joe: Device;
  let home: Device;
  let projectId = '';

  beforeAll(async () => {
    joe = await openDevice(backend, 'joe', contractor, { batchSize: 150 });
    home = await openDevice(backend, 'maria', maria, { batchSize: 150 });
    projectId = await sharedProject(home, joe);
  }, 60_000);

  it('200 messages written offline on each device arrive exactly once, in each author order', async () => {
    joe.net.offline = true;
    home.net.offline = true;
    for (let i = 0; i < 200; i++) {
      expect((await messagesOf(joe).send(projectId, `joe ${i}`)).ok).toBe(true);
      expect((await messagesOf(home).send(projectId, `maria ${i}`)).ok).toBe(true);
    }
    const waiting = await threadPage(joe.db, projectId, 500);
    expect(waiting.messages).toHaveLength(200);
    expect(waiting.messages.every((m) => m.state === 'waiting')).toBe(true);

    // The contractor's first answer is lost after the server committed it: the retry doubles nothing.
    joe.net.offline = false;
    home.net.offline = false;
    joe.net.dropPushResponses = 1;
    expect(await joe.sync()).toMatchObject({ ok: false, failure: { kind: 'network' } });
    await settle([joe, home], 10);
    expect(await joe.db.outbox.count()).toBe(0);
    expect(await home.db.outbox.count()).toBe(0);
    expect(await joe.db.dead_letters.count()).toBe(0);

    const { rows } = await backend.pg.query<{ body: string; author_id: string }>(
      `select body, author_id from messages where project_id = $1 order by created_at, id`,
      [projectId],
    );
    expect(rows).toHaveLength(400);
    for (const [who, id] of [
      ['joe', joe.userId],
      ['maria', home.userId],
    ] as const) {
      expect(rows.filter((r) => r.author_id === id).map((r) => r.body)).toEqual(
        Array.from({ length: 200 }, (_, i) => `${who} ${i}`),
      );
    }
    for (const d of [joe, home]) {
      const page = await threadPage(d.db, projectId, 1000);
      expect(page.messages.map((m) => m.body)).toEqual(rows.map((r) => r.body));
      expect(page.messages.every((m) => m.state === 'sent')).toBe(true);
      expect(page.hasEarlier).toBe(false);
    }
  });

  it('read markers go through the outbox: read offline, they reach the other side ("Seen") and the reader\'s other device (counts)', async () => {
    // Each device has read what it wrote, not the other side's 200.
    expect((await unreadCounts(joe.db)).get(projectId)).toBe(200);
    expect((await unreadCounts(home.db)).get(projectId)).toBe(200);
    // The homeowner's phone as well as her tablet: the same person on a second device.
    const phone = await openDevice(backend, 'maria-phone', maria, { batchSize: 150 });
    await settle([phone]);
    expect((await unreadCounts(phone.db)).get(projectId)).toBe(200);

    // She reads the thread on the tablet with no connection: the marker waits in the outbox.
    home.net.offline = true;
    const newest = (await threadPage(home.db, projectId, 1)).messages[0]!;
    expect(await messagesOf(home).markRead(projectId, newest.created_at)).toBe(true);
    expect((await unreadCounts(home.db)).get(projectId)).toBeUndefined();
    expect((await home.db.outbox.toArray()).map((o) => [o.table, o.kind])).toEqual([
      ['message_reads', 'update'],
    ]);
    home.net.offline = false;
    await settle([joe, home, phone]);
    expect(await home.db.outbox.count()).toBe(0);
    const { rows } = await backend.pg.query<{ user_id: string; n: number }>(
      'select user_id, count(*)::int as n from message_reads where project_id = $1 group by user_id',
      [projectId],
    );
    expect(rows.find((r) => r.user_id === home.userId)?.n).toBe(1);
    expect(await othersReadUpTo(joe.db, projectId)).toBe(newest.created_at);
    expect((await unreadCounts(phone.db)).get(projectId)).toBeUndefined();
    // A new message from the contractor: one unread on both of her devices.
    expect((await messagesOf(joe).send(projectId, 'Doors arrive Tuesday')).ok).toBe(true);
    await settle([joe, home, phone]);
    expect((await unreadCounts(home.db)).get(projectId)).toBe(1);
    expect((await unreadCounts(phone.db)).get(projectId)).toBe(1);
    // Read on the phone: the tablet follows.
    const doors = (await threadPage(phone.db, projectId, 1)).messages[0]!;
    expect(await messagesOf(phone).markRead(projectId, doors.created_at)).toBe(true);
    await settle([joe, home, phone]);
    expect((await unreadCounts(home.db)).get(projectId)).toBeUndefined();
    await phone.close();
  });

  it('a photo attached offline goes out before its message, and the message names it', async () => {
    joe.net.offline = true;
    const file = await joe.files.attach(
      projectId,
      new Blob(['jpeg bytes'], { type: 'image/jpeg' }),
      'fridge-wall.jpg',
    );
    const sent = await messagesOf(joe).send(projectId, 'The fridge wall is 1/4 out of plumb', [
      file.id,
    ]);
    expect(sent.ok).toBe(true);
    joe.net.offline = false;
    await settle([joe, home]);
    expect(await joe.db.dead_letters.count()).toBe(0);
    const onPhone = await home.db.messages.get(sent.ok ? sent.value.id : '');
    expect(onPhone).toMatchObject({ attachments: [file.id], version: 1 });
    expect(await home.db.project_files.get(file.id)).toMatchObject({
      file_name: 'fridge-wall.jpg',
    });
  });

  it('an edit after 15 minutes is refused by the server: a failed message with Retry and Delete', async () => {
    const msg = await messagesOf(home).send(projectId, 'Make the drawers slab');
    expect(msg.ok).toBe(true);
    const id = msg.ok ? msg.value.id : '';
    await settle([home]);
    // The device's clock is 20 minutes behind: it still offers the edit; the server's clock decides.
    home.clock.offsetMs = -20 * 60_000;
    await backend.pg.query(`alter table messages disable trigger messages_20_stamp_update`);
    try {
      await backend.pg.query(
        `update messages set created_at = now() - interval '16 minutes' where id = $1`,
        [id],
      );
    } finally {
      await backend.pg.query(`alter table messages enable trigger messages_20_stamp_update`);
    }
    await settle([home]);
    const edited = await messagesOf(home).edit(id, 'Make the drawers Shaker');
    expect(edited.ok).toBe(true);
    await home.sync();
    const page = await threadPage(home.db, projectId, 5);
    const failed = page.messages.find((m) => m.id === id)!;
    expect(failed).toMatchObject({ state: 'failed', failure: { code: 'PT409' } });
    expect(failed.failure!.message).toBe('message.edit_window_over');
    // Delete the failed edit: the server's copy comes back.
    await home.deadLetters.discard(failed.failure!.letterId);
    await settle([home]);
    expect(await home.db.messages.get(id)).toMatchObject({ body: 'Make the drawers slab' });
    home.clock.offsetMs = 0;
  });

  it('a message the server refuses is kept as failed, never dropped; Retry sends it again', async () => {
    // An attachment that is no file of this project: the server refuses the message; the device keeps it as failed.
    const bad = await messagesOf(joe).send(projectId, 'tape measure', [crypto.randomUUID()]);
    expect(bad.ok).toBe(true);
    await joe.sync();
    const id = bad.ok ? bad.value.id : '';
    const page = await threadPage(joe.db, projectId, 3);
    expect(page.messages.find((m) => m.id === id)).toMatchObject({
      state: 'failed',
      body: 'tape measure',
      failure: { code: expect.any(String) },
    });
    const letter = (await joe.db.dead_letters.toArray()).find((l) => l.op.id === id)!;
    await joe.deadLetters.retry(letter.id!);
    await joe.sync();
    expect((await threadPage(joe.db, projectId, 3)).messages.find((m) => m.id === id)?.state).toBe(
      'failed',
    );
  });

  it('a pasted NUL character is kept as U+FFFD and the message is stored as text', async () => {
    const sent = await messagesOf(joe).send(projectId, 'tape\u0000measure <b>x</b>');
    expect(sent.ok).toBe(true);
    await joe.sync();
    const { rows } = await backend.pg.query<{ body: string }>(
      'select body from public.messages where id = $1',
      [sent.ok ? sent.value.id : ''],
    );
    expect(rows[0]?.body).toBe('tape\uFFFDmeasure <b>x</b>');
  });
});

describe('a member removed from the project', () => {
  it('loses the thread on its device, and its queued messages with it', async () => {
    const viewerCreds = { email: 'vera-msg@example.com', password: 'Secret-pass-3' };
    await backend.signUpConfirmed(viewerCreds.email, viewerCreds.password, {
      role: 'homeowner',
      first_name: 'Vera',
      last_name: 'Viewer',
    });
    const home = await openDevice(backend, 'maria-2', maria);
    const vera = await openDevice(backend, 'vera', viewerCreds);
    const p = await home.projects.create({
      name: 'Guest bath',
      status: 'draft',
      details: {},
      role: 'homeowner',
    });
    // Written before Vera joins, and after her device has pulled past it.
    expect((await messagesOf(home).send(p.id, 'Welcome, Vera')).ok).toBe(true);
    await settle([home, vera]);
    await inviteAndAccept(backend, home, vera, viewerCreds.email, p.id, 'viewer');
    await settle([home, vera]);
    // A member who joins later gets the thread written before it joined (older than its cursors).
    expect((await threadPage(vera.db, p.id, 10)).messages.map((m) => m.body)).toEqual([
      'Welcome, Vera',
    ]);

    vera.net.offline = true;
    expect((await messagesOf(vera).send(p.id, 'Written before I was removed')).ok).toBe(true);
    const removed = await home.client.rpc('remove_project_member', {
      p_project_id: p.id,
      p_user_id: vera.userId,
    });
    expect(removed.error).toBeNull();
    vera.net.offline = false;
    await vera.sync();
    await vera.sync();
    expect(await vera.db.projects.get(p.id)).toBeUndefined();
    expect(await vera.db.messages.where('project_id').equals(p.id).count()).toBe(0);
    expect(await vera.db.message_reads.where('project_id').equals(p.id).count()).toBe(0);
    const { rows } = await backend.pg.query<{ n: number }>(
      `select count(*)::int as n from messages where project_id = $1 and author_id = $2`,
      [p.id, vera.userId],
    );
    expect(rows[0]!.n).toBe(0);
    await home.close();
    await vera.close();
  });
});
