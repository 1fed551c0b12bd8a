/**
 * The access token expires while offline with two tabs open —
 * no sign-out, one refresh (by the leader tab), sync resumes. And a refresh
 * token the server rejects asks for sign-in while keeping every unsynced op.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import {
  memoryLocks,
  memoryStorage,
  openDevice,
  serverProject,
  type Device,
  type Net,
} from './harness';

let backend: StartedBackend;
const tess = { email: 'tess-auth@example.com', password: 'Secret-pass-1' };
const opened: Device[] = [];
const TWO_HOURS = 2 * 3_600_000;

beforeAll(async () => {
  backend = await startLocalBackend();
  await backend.signUpConfirmed(tess.email, tess.password, { role: 'contractor' });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  for (const d of opened) await d.close().catch(() => undefined);
  await backend?.stop();
});

async function twoTabs() {
  const net: Net = { offline: false, dropPushResponses: 0, log: [] };
  const storage = memoryStorage();
  const locks = memoryLocks();
  const tab1 = await openDevice(backend, 'tab1', tess, { net, storage, locks, signIn: true });
  opened.push(tab1);
  await tab1.engine.leadership;
  await tab1.sync();
  const tab2 = await openDevice(backend, 'tab2', tess, { net, storage, locks, idb: tab1.idb });
  opened.push(tab2);
  return { net, storage, tab1, tab2 };
}

function refreshes(net: Net): number {
  return net.log.filter((r) => r.url.includes('grant_type=refresh_token')).length;
}

describe('6. token expired while offline with two tabs open', () => {
  it('never signs out, refreshes once (leader), and pushes both tabs’ writes', async () => {
    const { net, storage, tab1, tab2 } = await twoTabs();
    expect(tab1.engine.isLeader()).toBe(true);
    expect(tab2.engine.isLeader()).toBe(false);
    net.offline = true;
    // Two hours pass offline: the access token (1 h) has expired for client and server alike.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + TWO_HOURS, shouldAdvanceTime: true });
    const a = await tab1.projects.create({
      name: 'From tab 1',
      status: 'draft',
      details: {},
      role: 'contractor',
    });
    const b = await tab2.projects.create({
      name: 'From tab 2',
      status: 'draft',
      details: {},
      role: 'contractor',
    });
    expect((await tab1.sync()).reason).toBe('offline');
    expect((await tab2.sync()).reason).toBe('follower');
    expect(tab1.status.get().authRequired).toBe(false);
    // Still signed in: the stored session (with its refresh token) is untouched.
    const session = storage.entries().find(([k]) => k.endsWith('-auth-token'));
    expect(JSON.parse(session?.[1] ?? '{}')).toHaveProperty('refresh_token');
    const before = net.log.length;
    // Back online: the leader refreshes once and syncs; the follower does no network at all.
    net.offline = false;
    const r = await tab1.sync();
    expect(r.ok).toBe(true);
    expect((await tab2.sync()).reason).toBe('follower');
    expect(refreshes({ ...net, log: net.log.slice(before) })).toBe(1);
    expect(await serverProject(backend, a.id)).toMatchObject({ name: 'From tab 1' });
    expect(await serverProject(backend, b.id)).toMatchObject({ name: 'From tab 2' });
    expect(await tab1.db.outbox.count()).toBe(0);
    // Follower sees the new state through the shared IndexedDB.
    expect((await tab2.db.projects.get(a.id))?.version).toBe(1);
    const s1 = (await tab1.client.auth.getSession()).data.session;
    const s2 = (await tab2.client.auth.getSession()).data.session;
    expect(s1?.access_token).toBe(s2?.access_token);
    vi.useRealTimers();
    // When the leader tab closes, the other takes over and syncs.
    await tab1.close();
    await tab2.engine.leadership;
    expect(tab2.engine.isLeader()).toBe(true);
    await tab2.projects.update(b.id, { name: 'From tab 2, later' });
    expect((await tab2.sync()).ok).toBe(true);
    expect(await serverProject(backend, b.id)).toMatchObject({
      name: 'From tab 2, later',
      version: 2,
    });
    await tab2.close();
  });

  it('a refresh token rejected by the server asks for sign-in and keeps every unsynced op', async () => {
    const d = await openDevice(backend, 'revoked', tess, { signIn: true });
    opened.push(d);
    d.net.offline = true;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + TWO_HOURS, shouldAdvanceTime: true });
    const p = await d.projects.create({
      name: 'Typed before the session died',
      status: 'draft',
      details: {},
      role: 'contractor',
    });
    await d.projects.update(p.id, { details: { notes: 'x' } });
    // Signed out elsewhere (all refresh tokens revoked on the server).
    await backend.pg.query('delete from _local.refresh_tokens where user_id = $1', [d.userId]);
    d.net.offline = false;
    const r = await d.sync();
    expect(r.reason).toBe('auth-required');
    expect(d.status.get().authRequired).toBe(true);
    expect(await d.db.outbox.count()).toBe(1);
    expect(await d.db.projects.get(p.id)).toMatchObject({
      name: 'Typed before the session died',
      details: { notes: 'x' },
    });
    expect(await serverProject(backend, p.id)).toBeNull();
    vi.useRealTimers();
    // Signing in again resumes with the same queue.
    const { error } = await d.client.auth.signInWithPassword(tess);
    expect(error).toBeNull();
    expect((await d.sync()).ok).toBe(true);
    expect(d.status.get().authRequired).toBe(false);
    expect(await serverProject(backend, p.id)).toMatchObject({
      details: { notes: 'x' },
      version: 1,
    });
    await d.close();
  });
});
