/**
 * A sync answer that does not match the wire contract (a broken proxy, a
 * server of another version), made by rewriting what the network delivers
 * to the real client from the real local backend: the run fails with a clear
 * `bad_response` error, nothing of the answer is applied, the outbox and the
 * pull cursors stay, and the next good answer syncs as usual.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import { openDevice, serverProject, type Device } from './harness';

let backend: StartedBackend;
const user = { email: 'mona-malformed@example.com', password: 'Secret-pass-1' };
const opened: Device[] = [];

async function device(name: string): Promise<Device> {
  const d = await openDevice(backend, name, user);
  opened.push(d);
  return d;
}

beforeAll(async () => {
  backend = await startLocalBackend();
  await backend.signUpConfirmed(user.email, user.password, { role: 'contractor' });
});
afterAll(async () => {
  for (const d of opened) await d.close().catch(() => undefined);
  await backend?.stop();
});

describe('a malformed push_changes answer', () => {
  it.each<[string, (body: string) => string]>([
    ['an object instead of the result list', () => '{"ok":true}'],
    [
      'a result with an unknown status',
      (body) =>
        body
          .replace('"status": "applied"', '"status": "done"')
          .replace('"status":"applied"', '"status":"done"'),
    ],
    ['no result at all', () => '[]'],
    ['null', () => 'null'],
  ])(
    '%s: a clear sync error, the op stays queued, nothing applied; the next sync finishes it once',
    async (_, corrupt) => {
      const d = await device('pusher');
      const p = await d.projects.create({
        name: 'Answer lost in transit',
        status: 'draft',
        details: {},
        role: 'contractor',
      });
      d.net.rewrite = (url, body) =>
        url.includes('/rpc/push_changes') ? corrupt(body) : undefined;
      const r = await d.sync();
      expect(r).toMatchObject({
        ok: false,
        reason: 'failed',
        failure: { kind: 'server', code: 'bad_response' },
      });
      expect(r.failure?.message).toMatch(/^The server's answer to push_changes could not be read/);
      expect(d.status.get()).toMatchObject({ problem: 'server-error', error: r.failure?.message });
      expect(d.timers.pending()).toBeGreaterThan(0);
      // Kept: the op is queued with the error; the local row was not replaced by anything from the answer.
      const queued = await d.db.outbox.toArray();
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({ id: p.id, attempts: 1, lastError: r.failure?.message });
      expect(await d.db.dead_letters.count()).toBe(0);
      expect(await d.db.conflicts.count()).toBe(0);
      expect((await d.db.projects.get(p.id))?.version).toBe(0);
      // The server had committed it before the answer was spoiled.
      expect(await serverProject(backend, p.id)).toMatchObject({ version: 1 });

      d.net.rewrite = undefined;
      expect(await d.sync()).toMatchObject({ ok: true });
      expect(await d.db.outbox.count()).toBe(0);
      expect(await d.db.dead_letters.count()).toBe(0);
      expect((await d.db.projects.get(p.id))?.version).toBe(1);
      const { rows } = await backend.pg.query<{ n: number }>(
        'select count(*)::int n from public.projects where id = $1',
        [p.id],
      );
      expect(rows[0]?.n).toBe(1);
      await d.close();
    },
  );
});

describe('a malformed pull_changes answer', () => {
  it.each<[string, (body: string) => string]>([
    [
      'rows that are not a list',
      (body) => body.replace(/"rows"\s*:\s*\[/, '"rows": "none", "was": ['),
    ],
    [
      'a row without its version',
      (body) => body.replace(/"version"\s*:\s*\d+/, '"version": "two"'),
    ],
    [
      'a cursor that is not digits',
      (body) => body.replace(/"cursor"\s*:\s*"\d+"/, '"cursor": "NaN"'),
    ],
    ['HTML from a proxy', () => '"<html>Bad gateway</html>"'],
  ])(
    '%s: a clear sync error, no row applied, the cursor stays; the next sync brings the rows',
    async (_, corrupt) => {
      const writer = await device('writer');
      const reader = await device('reader');
      const cursorBefore = (await reader.db.sync_state.get('cursor:projects'))?.value;
      const localBefore = await reader.db.projects.count();
      const p = await writer.projects.create({
        name: 'Seen through a broken proxy',
        status: 'draft',
        details: {},
        role: 'contractor',
      });
      expect((await writer.sync()).ok).toBe(true);

      reader.net.rewrite = (url, body) =>
        url.includes('/rpc/pull_changes') ? corrupt(body) : undefined;
      const r = await reader.sync();
      expect(r).toMatchObject({
        ok: false,
        reason: 'failed',
        failure: { kind: 'server', code: 'bad_response' },
      });
      expect(r.failure?.message).toMatch(/^The server's answer to pull_changes could not be read/);
      expect(reader.status.get()).toMatchObject({
        problem: 'server-error',
        error: r.failure?.message,
      });
      expect(await reader.db.projects.count()).toBe(localBefore);
      expect(await reader.db.projects.get(p.id)).toBeUndefined();
      expect((await reader.db.sync_state.get('cursor:projects'))?.value).toBe(cursorBefore);

      reader.net.rewrite = undefined;
      expect(await reader.sync()).toMatchObject({ ok: true });
      expect((await reader.db.projects.get(p.id))?.name).toBe('Seen through a broken proxy');
      await writer.close();
      await reader.close();
    },
  );
});
