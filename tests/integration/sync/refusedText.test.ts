/**
 * Refused changes never take a row off the user's screen, and a refusal a
 * later change made moot clears itself, through the real engine and the
 * local backend. The text rule keeps a NUL from ever being queued now, so the
 * refused ops here are the ones an older build queued (written straight into
 * the outbox, as that build left them): a project name holding a NUL, and a
 * PO number with a NUL beside a 50,000-character NRS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device } from './harness';
import { openDevice, serverProject } from './harness';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import { TextTooLongError } from '../../../src/data/userText';
import type { OutboxEntry } from '../../../src/data/types';

let backend: StartedBackend;
const ann = { email: 'ann-text@example.com', password: 'Secret-pass-1' };
const joe = { email: 'joe-text@example.com', password: 'Secret-pass-2' };
const NUL = String.fromCharCode(0);

beforeAll(async () => {
  backend = await startLocalBackend();
  await backend.signUpConfirmed(ann.email, ann.password, { role: 'homeowner' });
  await backend.signUpConfirmed(joe.email, joe.password, { role: 'contractor' });
}, 120_000);
afterAll(async () => {
  await backend?.stop();
});

/** Queues `op` as an older build did (no text rule), with its local row. */
async function queueAsOldBuild(
  d: Device,
  op: Omit<OutboxEntry, 'op_id' | 'attempts' | 'nextAttemptAt' | 'inFlight' | 'queuedAt'>,
  row?: Record<string, unknown>,
): Promise<void> {
  await d.db.transaction('rw', d.db.projects, d.db.outbox, async () => {
    if (row) await d.db.projects.put(row as never);
    await d.db.outbox.add({
      ...op,
      op_id: crypto.randomUUID(),
      attempts: 0,
      nextAttemptAt: 0,
      inFlight: 0,
      queuedAt: new Date().toISOString(),
    });
  });
}

function newProjectRow(id: string, userId: string, name: string) {
  const now = new Date().toISOString();
  return {
    id,
    name,
    status: 'draft',
    details: {},
    description: null,
    user_id: userId,
    owner_user_id: userId,
    assigned_contractor_id: null,
    version: 0,
    created_at: now,
    updated_at: now,
    deleted_at: null,
    txid: '',
  };
}

describe('a project name the server refused', () => {
  it('stays on the device with the user’s text; the fix is sent as the insert and accepted', async () => {
    const home = await openDevice(backend, 'ann', ann);
    const id = crypto.randomUUID();
    const name = `Kitchen${NUL} remodel`;
    const changes = {
      id,
      name,
      status: 'draft',
      details: {},
      user_id: home.userId,
      owner_user_id: home.userId,
      assigned_contractor_id: null,
    };
    await queueAsOldBuild(
      home,
      { table: 'projects', id, kind: 'insert', base_version: null, changes },
      newProjectRow(id, home.userId, name),
    );
    expect(await home.sync()).toMatchObject({ ok: true });

    const [letter] = await home.db.dead_letters.toArray();
    expect(letter).toMatchObject({ op: { kind: 'insert', id }, code: '22P05' });
    expect(await serverProject(backend, id)).toBeNull();
    // Still on her dashboard, with what she typed.
    expect(await home.db.projects.get(id)).toMatchObject({ name, deleted_at: null, version: 0 });

    // She fixes the name and saves: the edit goes out as the insert, never as an update.
    const fixed = await home.projects.update(id, { name: 'Kitchen remodel', status: 'active' });
    expect(fixed.ok).toBe(true);
    const [queued] = await home.db.outbox.toArray();
    expect(queued).toMatchObject({ kind: 'insert', base_version: null });
    expect(queued!.changes).toMatchObject({ name: 'Kitchen remodel', status: 'active' });
    expect(await home.db.dead_letters.count()).toBe(0);
    expect(await home.sync()).toMatchObject({ ok: true });

    expect(await home.db.dead_letters.count()).toBe(0);
    expect(await home.db.outbox.count()).toBe(0);
    expect(await serverProject(backend, id)).toMatchObject({
      name: 'Kitchen remodel',
      status: 'active',
      deleted_at: null,
    });
    expect(await home.db.projects.get(id)).toMatchObject({
      name: 'Kitchen remodel',
      deleted_at: null,
      version: 1,
    });
    await home.close();
  });

  it('an edit queued while the refused insert was in flight folds into its letter, and nothing vanishes', async () => {
    const home = await openDevice(backend, 'ann', ann);
    const id = crypto.randomUUID();
    const name = `Bath${NUL}`;
    await queueAsOldBuild(
      home,
      {
        table: 'projects',
        id,
        kind: 'insert',
        base_version: null,
        changes: {
          id,
          name,
          status: 'draft',
          details: {},
          user_id: home.userId,
          owner_user_id: home.userId,
          assigned_contractor_id: null,
        },
      },
      newProjectRow(id, home.userId, name),
    );
    // The insert has left the device (sent), so the edit is a second op: an update.
    const [insert] = await home.db.outbox.toArray();
    await home.db.sync_state.put({ key: 'outbox:sentThrough', value: insert!.seq });
    expect((await home.projects.update(id, { details: { description: 'Two sinks' } })).ok).toBe(
      true,
    );
    expect((await home.db.outbox.toArray()).map((o) => o.kind)).toEqual(['insert', 'update']);
    expect(await home.sync()).toMatchObject({ ok: true });

    // One refusal (the insert, holding the edit), no "No longer exists on the server", no tombstone.
    const letters = await home.db.dead_letters.toArray();
    expect(letters.map((l) => [l.op.kind, l.code])).toEqual([['insert', '22P05']]);
    expect(letters[0]!.op.changes).toMatchObject({ details: { description: 'Two sinks' } });
    expect(await home.db.projects.get(id)).toMatchObject({ deleted_at: null });
    expect(await home.db.outbox.count()).toBe(0);

    // Retry sends it through the text rule: accepted, with the edit.
    expect((await home.deadLetters.retry(letters[0]!.id!)).ok).toBe(true);
    expect(await home.sync()).toMatchObject({ ok: true });
    expect(await home.db.dead_letters.count()).toBe(0);
    expect(await serverProject(backend, id)).toMatchObject({
      name: 'Bath\uFFFD',
      details: { description: 'Two sinks' },
    });
    await home.close();
  });

  it('deleting a project the server never had drops it and its refusal', async () => {
    const home = await openDevice(backend, 'ann', ann);
    const id = crypto.randomUUID();
    await queueAsOldBuild(
      home,
      {
        table: 'projects',
        id,
        kind: 'insert',
        base_version: null,
        changes: {
          id,
          name: NUL,
          status: 'draft',
          details: {},
          user_id: home.userId,
          owner_user_id: home.userId,
        },
      },
      newProjectRow(id, home.userId, NUL),
    );
    await home.sync();
    expect(await home.db.dead_letters.count()).toBe(1);
    expect((await home.projects.remove(id)).ok).toBe(true);
    expect(await home.db.dead_letters.count()).toBe(0);
    expect(await home.db.outbox.count()).toBe(0);
    expect(await home.db.projects.get(id)).toBeUndefined();
    await home.close();
  });
});

describe('Cabinet Details the server refused', () => {
  it('a later accepted fix clears the refusal by itself; what it did not cover stays listed', async () => {
    const pro = await openDevice(backend, 'joe', joe);
    const p = await pro.projects.create({
      name: 'Lee kitchen',
      status: 'active',
      details: { cabinetData: { form: { door: 'Shaker' } } } as never,
      role: 'contractor',
    });
    expect(await pro.sync()).toMatchObject({ ok: true });
    const version = (await pro.db.projects.get(p.id))!.version;

    // An older build queued a PO number with a NUL and a 50,000-character NRS.
    const nrs = 'N'.repeat(50_000);
    await queueAsOldBuild(pro, {
      table: 'projects',
      id: p.id,
      kind: 'update',
      base_version: version,
      changes: {},
      details_patch: [
        { path: ['cabinetData', 'form', 'poNumber'], value: `PO${NUL}7` },
        { path: ['cabinetData', 'form', 'color'], value: 'White' },
      ],
    });
    await queueAsOldBuild(pro, {
      table: 'projects',
      id: p.id,
      kind: 'update',
      base_version: version,
      changes: {},
      details_patch: [{ path: ['cabinetData', 'form', 'nrs'], value: nrs }],
    });
    expect(await pro.sync()).toMatchObject({ ok: true });
    const refused = await pro.db.dead_letters.toArray();
    expect(refused.map((l) => l.code).sort()).toEqual(['22P05', '23514']);
    const tooLong = refused.find((l) => l.code === '23514')!;
    expect(tooLong.message).toBe('text.too_long');
    expect(JSON.parse(tooLong.details!)).toEqual({
      field: 'projects.details.cabinetData.form.nrs',
      limit: 200,
    });

    // Retry cannot send the 50,000 characters either: it says so and keeps the letter.
    const nrsLetter = refused.find((l) => l.code === '23514')!;
    expect(await pro.deadLetters.retry(nrsLetter.id!)).toEqual({
      ok: false,
      code: 'too_long',
      data: {},
    });
    expect(await pro.db.dead_letters.get(nrsLetter.id!)).toBeDefined();

    // Today's app refuses the same values before anything is queued.
    await expect(
      pro.projects.update(p.id, { details: { cabinetData: { form: { nrs } } } as never }),
    ).rejects.toBeInstanceOf(TextTooLongError);

    // The builder saves the fixed PO number: accepted, and that refusal is moot.
    const current = (await pro.db.projects.get(p.id))!;
    expect(
      (
        await pro.projects.update(p.id, {
          details: {
            ...current.details,
            cabinetData: { form: { door: 'Shaker', poNumber: 'PO-7', nrs: 'Oak' } },
          } as never,
        })
      ).ok,
    ).toBe(true);
    expect(await pro.sync()).toMatchObject({ ok: true });
    const left = await pro.db.dead_letters.toArray();
    // The PO and NRS paths were written again: only the colour the fix did not cover is still refused.
    expect(left.map((l) => l.op.details_patch?.map((e) => e.path.join('.')))).toEqual([
      ['cabinetData.form.color'],
    ]);
    expect(await serverProject(backend, p.id)).toMatchObject({
      details: { cabinetData: { form: { poNumber: 'PO-7', nrs: 'Oak' } } },
    });
    await pro.close();
  });
});
