/**
 * Sync test harness: a "device" = its own IndexedDB (fake-indexeddb factory),
 * its own supabase-js client against the real local backend in-process, the
 * real repositories and the real engine. Injected: a transport wrapper (go
 * offline, lose a response after the server committed, rewrite a response's
 * body, count rows and bytes),
 * the clock, timers that only fire when the test says so, and Web Locks.
 */
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { RefacingDb } from '../../../src/data/db';
import { createProjectsRepo } from '../../../src/data/projectsRepo';
import { createProfileRepo } from '../../../src/data/profileRepo';
import { createFilesRepo } from '../../../src/data/filesRepo';
import { syncStoreFor } from '../../../src/data/syncStore';
import { createDeadLettersRepo } from '../../../src/data/deadLettersRepo';
import type { RepoContext } from '../../../src/data/repoContext';
import {
  startSync,
  type LockManagerLike,
  type SyncHandle,
  type SyncRunReport,
  type TimersLike,
} from '../../../sync/engine';
import { createSyncStatusStore, type SyncStatusStore } from '../../../sync/status';
import type { StartedBackend } from '../../support/localBackend';
import { NO_REALTIME } from '../../support/noRealtime';
import WebSocket from 'ws';

/** The device's network as the test controls it. */
export interface Net {
  offline: boolean;
  /** Lose this many push_changes responses after the server has committed them. */
  dropPushResponses: number;
  /** Every request that reached the server. */
  log: { url: string; method: string; status: number; bytes: number; ms: number }[];
  /** Runs before a request is forwarded (to make things happen "between" requests). */
  before?: (url: string) => Promise<void>;
  /**
   * Replaces the body of a response the server sent (a broken proxy, a
   * server of another version): given the URL and the body as text, returns
   * the body the client gets, or undefined to leave it.
   */
  rewrite?: (url: string, body: string) => string | undefined;
  /**
   * Answer as hosted PostgREST does for a push whose body holds an escaped
   * NUL (`\u0000`): it reads the arguments into jsonb before the function
   * runs, so the whole call is refused 400 `22P05` and nothing is applied.
   */
  hostedNulRefusal?: boolean;
}

/** Transport wrapper around the real fetch. */
export function netFetch(net: Net): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (net.offline) throw new TypeError('fetch failed');
    if (net.before) await net.before(url);
    if (
      net.hostedNulRefusal &&
      url.includes('/rpc/push_changes') &&
      typeof init?.body === 'string' &&
      init.body.includes('\\u0000')
    ) {
      net.log.push({ url, method: 'POST', status: 400, bytes: 0, ms: 0 });
      return Response.json(
        {
          code: '22P05',
          details: '\\u0000 cannot be converted to text.',
          hint: null,
          message: 'unsupported Unicode escape sequence',
        },
        { status: 400 },
      );
    }
    const started = performance.now();
    const res = await fetch(input, init);
    const buf = await res.arrayBuffer();
    net.log.push({
      url,
      method: init?.method ?? 'GET',
      status: res.status,
      bytes: buf.byteLength,
      ms: performance.now() - started,
    });
    if (net.dropPushResponses > 0 && url.includes('/rpc/push_changes')) {
      net.dropPushResponses -= 1;
      throw new TypeError('fetch failed: connection reset after the request was sent');
    }
    const empty = res.status === 204 || res.status === 304 || buf.byteLength === 0;
    const rewritten =
      net.rewrite && !empty ? net.rewrite(url, new TextDecoder().decode(buf)) : undefined;
    if (rewritten !== undefined) {
      const headers = new Headers(res.headers);
      headers.delete('content-length');
      return new Response(rewritten, { status: res.status, statusText: res.statusText, headers });
    }
    return new Response(empty ? null : buf, {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers,
    });
  };
}

/** Timers that never fire on their own (tests call syncNow). */
export function manualTimers(): TimersLike & { pending(): number } {
  let n = 0;
  const live = new Set<number>();
  return {
    setTimeout: () => {
      live.add(++n);
      return n;
    },
    clearTimeout: (h) => void live.delete(h as number),
    setInterval: () => ++n,
    clearInterval: () => {},
    pending: () => live.size,
  };
}

/** localStorage-like storage shared by the "tabs" of one browser. */
export function memoryStorage(): {
  getItem(k: string): string | null;
  setItem(k: string, v: string): void;
  removeItem(k: string): void;
  entries(): [string, string][];
} {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
    entries: () => [...m],
  };
}

/** An in-process Web Locks manager (exclusive locks, FIFO), as browsers give each origin. */
export function memoryLocks(): LockManagerLike {
  const queues = new Map<string, Promise<unknown>>();
  return {
    request(name, callback) {
      const prev = queues.get(name) ?? Promise.resolve();
      const run = prev.then(() => callback({ name }));
      queues.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

export interface Device {
  name: string;
  userId: string;
  client: SupabaseClient;
  db: RefacingDb;
  net: Net;
  clock: { now(): number; offsetMs: number };
  status: SyncStatusStore;
  engine: SyncHandle;
  timers: ReturnType<typeof manualTimers>;
  projects: ReturnType<typeof createProjectsRepo>;
  profile: ReturnType<typeof createProfileRepo>;
  files: ReturnType<typeof createFilesRepo>;
  deadLetters: ReturnType<typeof createDeadLettersRepo>;
  sync(): Promise<SyncRunReport>;
  /** Closes the app: engine stopped, database closed (data stays in its IndexedDB). */
  close(): Promise<void>;
}

export interface DeviceOptions {
  /** Device clock offset from real time (ms). */
  clockOffsetMs?: number;
  /** Reuse an IndexedDB (reopening the app on the same device, or a second tab). */
  idb?: IDBFactory;
  /** Shared session storage (tabs of one browser); signs in only when it holds no session. */
  storage?: ReturnType<typeof memoryStorage>;
  locks?: LockManagerLike | null;
  net?: Net;
  signIn?: boolean;
  pageSize?: number;
  /** Ops per push_changes call (default the engine's 500). */
  batchSize?: number;
  /** Receives `online`/`offline` (default none). */
  windowTarget?: EventTarget;
  /**
   * Join the Realtime poke channel over a real `ws` socket (default off: runs happen only when a
   * test asks); 'blocked': the engine tries to join, but no socket can open (as behind a proxy).
   */
  realtime?: boolean | 'blocked';
}

/** Opens a device signed in as `email`. */
export async function openDevice(
  backend: StartedBackend,
  name: string,
  creds: { email: string; password: string },
  opts: DeviceOptions = {},
): Promise<Device & { idb: IDBFactory; storage: ReturnType<typeof memoryStorage> }> {
  const net: Net = opts.net ?? { offline: false, dropPushResponses: 0, log: [] };
  const storage = opts.storage ?? memoryStorage();
  const clock = {
    offsetMs: opts.clockOffsetMs ?? 0,
    now() {
      return Date.now() + this.offsetMs;
    },
  };
  const client = createClient(backend.url, backend.anonKey, {
    auth: { persistSession: true, storage, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: netFetch(net) },
    realtime:
      opts.realtime === true
        ? { transport: WebSocket as unknown as typeof globalThis.WebSocket }
        : NO_REALTIME,
  });
  let userId: string;
  const existing = (await client.auth.getSession()).data.session;
  if (existing && opts.signIn !== true) userId = existing.user.id;
  else {
    const { data, error } = await client.auth.signInWithPassword(creds);
    if (error || !data.user) throw new Error(`sign in ${creds.email}: ${error?.message}`);
    userId = data.user.id;
  }
  const idb = opts.idb ?? new IDBFactory();
  const db = new RefacingDb(userId, { indexedDB: idb, IDBKeyRange });
  await db.open();
  const ctx: RepoContext = { getDb: () => db, now: () => clock.now() };
  const status = createSyncStatusStore();
  const timers = manualTimers();
  const engine = startSync({
    supabase: client,
    getStore: () => syncStoreFor(db),
    clock: { now: () => clock.now() },
    timers,
    random: () => 0.5,
    locks: opts.locks ?? null,
    isOnline: () => !net.offline,
    windowTarget: opts.windowTarget ?? null,
    documentTarget: null,
    manageAutoRefresh: false,
    status,
    pageSize: opts.pageSize,
    batchSize: opts.batchSize,
    realtime: opts.realtime !== undefined && opts.realtime !== false,
  });
  // Let the start-up run finish so the test decides what each later run carries.
  if (opts.locks === undefined || opts.locks === null) {
    await engine.leadership;
    await engine.syncNow();
  }
  // Each device downloads with its own client (the app uses the engine's registered downloader).
  const files = createFilesRepo(ctx, () => async (path: string) => {
    const { data, error } = await client.storage.from('project-files').download(path);
    if (error || !data) throw new Error(error?.message ?? 'Download failed');
    return data;
  });
  return {
    name,
    userId,
    client,
    db,
    net,
    clock,
    status,
    engine,
    timers,
    idb,
    storage,
    projects: createProjectsRepo(ctx),
    profile: createProfileRepo(ctx),
    files,
    deadLetters: createDeadLettersRepo(ctx),
    sync: () => engine.syncNow(),
    async close() {
      await engine.stop();
      db.close();
    },
  };
}

/** Sync until the outbox is empty and a pull brought nothing new (at most `max` runs). */
export async function settle(devices: Device[], max = 5): Promise<void> {
  for (let i = 0; i < max; i++) {
    let quiet = true;
    for (const d of devices) {
      const r = await d.sync();
      if (!r.ok) throw new Error(`${d.name}: sync failed: ${JSON.stringify(r)}`);
      if (r.pushed > 0 || r.pulled > 0) quiet = false;
    }
    if (quiet) return;
  }
}

/** The server's project row (superuser read), or null. */
export async function serverProject(
  backend: StartedBackend,
  id: string,
): Promise<Record<string, unknown> | null> {
  const { rows } = await backend.pg.query<Record<string, unknown>>(
    'select * from public.projects where id = $1',
    [id],
  );
  return rows[0] ?? null;
}

/** Live local projects of a device, comparable across devices and with the server. */
export async function localProjects(
  d: Device,
): Promise<{ id: string; name: string; status: string; details: unknown; version: number }[]> {
  const rows = await d.db.projects.toArray();
  return rows
    .filter((r) => !r.deleted_at)
    .map((r) => ({
      id: r.id,
      name: r.name,
      status: r.status,
      details: r.details,
      version: r.version,
    }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** Live server projects of a user, same shape. */
export async function serverProjects(
  backend: StartedBackend,
  userId: string,
): Promise<{ id: string; name: string; status: string; details: unknown; version: number }[]> {
  const { rows } = await backend.pg.query<{
    id: string;
    name: string;
    status: string;
    details: unknown;
    version: number;
  }>(
    'select id, name, status, details, version from public.projects where deleted_at is null and (owner_user_id = $1 or assigned_contractor_id = $1 or user_id = $1) order by id',
    [userId],
  );
  return rows.map((r) => ({ ...r })).sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * `from` invites `email` to `projectId` as `role` through the Edge Function,
 * and `to` (signed in as `email`) accepts with the token of the mailed link.
 */
export async function inviteAndAccept(
  backend: StartedBackend,
  from: Device,
  to: Device,
  email: string,
  projectId: string,
  role: 'owner' | 'contractor' | 'viewer',
): Promise<void> {
  const sent = await from.client.functions.invoke('project-invite', {
    body: { project_id: projectId, email, role },
  });
  if (sent.error) throw new Error(`invite ${email}: ${sent.error.message}`);
  // Newest first.
  const link = (await backend.readMail(email))[0]?.links[0];
  if (!link) throw new Error(`no invitation mail for ${email}`);
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token') ?? '';
  const joined = await to.client.rpc('accept_project_invite', { p_token: token });
  if (joined.error) throw new Error(`accept ${email}: ${joined.error.message}`);
}

/** A user's sign-in, as the tests hold it. */
export interface Credentials {
  email: string;
  password: string;
}

/**
 * Signs up and confirms the two people of a shared job on `backend`: Joe
 * Builder, contractor, and Maria Alvarez, homeowner; `tag` keeps their
 * emails apart from other test files' (`joe-<tag>@example.com`).
 */
export async function signUpJoeAndMaria(
  backend: StartedBackend,
  tag: string,
): Promise<{ contractor: Credentials; maria: Credentials }> {
  const contractor = { email: `joe-${tag}@example.com`, password: 'Secret-pass-1' };
  const maria = { email: `maria-${tag}@example.com`, password: 'Secret-pass-2' };
  await backend.signUpConfirmed(contractor.email, contractor.password, {
    role: 'contractor',
    first_name: 'Joe',
    last_name: 'Builder',
  });
  await backend.signUpConfirmed(maria.email, maria.password, {
    role: 'homeowner',
    first_name: 'Maria',
    last_name: 'Alvarez',
  });
  return { contractor, maria };
}
