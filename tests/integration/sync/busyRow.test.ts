/**
 * On PostgreSQL, a push that waits on a row another transaction holds until
 * the API's statement timeout (57014) is answered 503 with `Retry-After` and
 * a PostgREST-shaped body, not a 500; the device keeps its op in the outbox
 * (no dead letter) and applies it on a later run, once the row is free.
 * PGlite runs one transaction at a time, so there a push never waits on a
 * row lock: the case exists only on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import { dbBackend } from '../../support/testDatabase';
import { openDevice, serverProject, type Device } from './harness';

let backend: StartedBackend;
const opened: Device[] = [];

describe.skipIf(dbBackend() !== 'postgres')('a push to a row held by another transaction', () => {
  beforeAll(async () => {
    backend = await startLocalBackend();
  });
  afterAll(async () => {
    for (const d of opened) await d.close().catch(() => undefined);
    await backend?.stop();
  });

  it('times out as a retryable 503; the op stays queued and applies once the row is free', async () => {
    const creds = { email: 'busy-row@example.com', password: 'Secret-pass-9' };
    await backend.signUpConfirmed(creds.email, creds.password, { role: 'homeowner' });
    const d = await openDevice(backend, 'busy-phone', creds);
    opened.push(d);
    const p = await d.projects.create({
      name: 'Kitchen',
      status: 'active',
      details: {},
      role: 'homeowner',
    });
    expect((await d.sync()).ok).toBe(true);
    await d.projects.update(p.id, { name: 'Kitchen, north wall' });

    let pushBody = '';
    d.net.rewrite = (url, body) => {
      if (url.includes('/rpc/push_changes')) pushBody = body;
      return undefined;
    };
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    // Another transaction holds the row for longer than the API's statement timeout (15 s).
    const holder = backend.pg.transaction(async (tx) => {
      await tx.query('select 1 from public.projects where id = $1 for update', [p.id]);
      locked();
      await held;
    });
    await isLocked;
    const [run, raw] = await Promise.all([
      d.sync(),
      fetch(`${backend.url}/rest/v1/rpc/push_changes`, {
        method: 'POST',
        headers: {
          apikey: backend.anonKey,
          authorization: `Bearer ${(await d.client.auth.getSession()).data.session!.access_token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          p_ops: [
            {
              op_id: crypto.randomUUID(),
              table: 'projects',
              id: p.id,
              kind: 'update',
              base_version: 1,
              changes: { status: 'done' },
            },
          ],
        }),
      }),
    ]);
    release();
    await holder;

    expect(raw.status).toBe(503);
    expect(raw.headers.get('retry-after')).toBe('1');
    expect(await raw.json()).toEqual({
      code: '57014',
      message: 'canceling statement due to statement timeout',
      details: null,
      hint: expect.stringContaining('retry'),
    });
    expect(d.net.log.filter((l) => l.url.includes('/rpc/push_changes')).at(-1)?.status).toBe(503);
    expect(JSON.parse(pushBody)).toMatchObject({ code: '57014' });
    expect(run).toMatchObject({ ok: false, failure: { kind: 'server', code: '503' } });
    expect(await d.db.outbox.count()).toBe(1);
    expect(await d.db.dead_letters.count()).toBe(0);

    expect((await d.sync()).ok).toBe(true);
    expect(await d.db.outbox.count()).toBe(0);
    expect(await serverProject(backend, p.id)).toMatchObject({ name: 'Kitchen, north wall' });
  }, 60_000);
});
