/**
 * 500 idle Realtime sockets on the local backend (its own process, as
 * `npm start` runs it, with every migration): each socket joins its user's
 * private poke topic (10 users) and heartbeats every 25 s as realtime-js
 * does. Figures: the server's RSS growth with them (target ≤ 50 MB), and an
 * authenticated REST select's throughput at concurrency 20 with them
 * against the same load without them, measured before they open and after
 * they close (mean of both; target ≥ 0.9 ×).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { BenchFigure } from './types';
import { ANON_KEY, SERVICE_KEY, freePort } from './restFixture';
import { DEFAULT_JWT_SECRET } from '../server/jwt.ts';
import { startServerProcess } from '../tests/support/serverProcess.ts';

const SOCKETS = 500;
const USERS = 10;
const CONCURRENCY = 20;
const DURATION_MS = 5000;
const WARMUP_MS = 5000;
const HEARTBEAT_MS = 25_000;
/**
 * The sockets come from this many loopback addresses (127.0.0.2, .3, …), as
 * 500 devices come from many addresses: the server allows
 * `socketsPerAddress` (200) open sockets per client address, and 500 from
 * one address would be refused before the figures are taken.
 */
const ADDRESSES = 5;
const PATH = '/rest/v1/projects?select=id,name,status&order=name.asc&limit=20';

async function json(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status}: ${text}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

/** A confirmed user; returns id and access token. */
async function user(url: string, i: number): Promise<{ id: string; token: string }> {
  const email = `rt${i}.${crypto.randomUUID()}@example.com`;
  const admin = { apikey: SERVICE_KEY, authorization: `Bearer ${SERVICE_KEY}` };
  await json(
    await fetch(`${url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password: 'bench-secret',
        email_confirm: true,
        user_metadata: { role: 'contractor' },
      }),
    }),
  );
  const s = (await json(
    await fetch(`${url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench-secret' }),
    }),
  )) as { access_token: string; user: { id: string } };
  return { id: s.user.id, token: s.access_token };
}

/** Resident memory of a process, MB (Linux /proc). */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

async function throughput(url: string, token: string, warmupMs = 0): Promise<number> {
  const headers = { apikey: ANON_KEY, authorization: `Bearer ${token}` };
  async function run(ms: number): Promise<number> {
    let n = 0;
    const end = performance.now() + ms;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < end) {
          const res = await fetch(url + PATH, { headers });
          await res.text();
          if (res.status === 200) n++;
        }
      }),
    );
    return n / (ms / 1000);
  }
  if (warmupMs > 0) await run(warmupMs);
  return run(DURATION_MS);
}

/** Opens a socket from `localAddress` and joins `user:<id>`; resolves once the join is answered ok. */
async function subscribed(
  url: string,
  u: { id: string; token: string },
  localAddress: string,
): Promise<WebSocket> {
  const ws = new WebSocket(
    `${url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${ANON_KEY}&vsn=2.0.0`,
    { localAddress },
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => {
      const topic = `realtime:user:${u.id}`;
      ws.on('message', (d: Buffer) => {
        const [, ref, , event, payload] = JSON.parse(d.toString()) as [
          unknown,
          string,
          string,
          string,
          { status?: string; response?: unknown },
        ];
        if (ref === '1' && event === 'phx_reply') {
          if (payload.status === 'ok') resolve();
          else reject(new Error(`join refused: ${JSON.stringify(payload.response)}`));
        }
      });
      ws.send(
        JSON.stringify([
          '1',
          '1',
          topic,
          'phx_join',
          { config: { private: true }, access_token: u.token },
        ]),
      );
    });
  });
  return ws;
}

export default async function realtimeSocketsBench(): Promise<BenchFigure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-realtime-'));
  const port = await freePort();
  const server = startServerProcess(['--no-seed', '--port', String(port), '--data', dataDir], {
    JWT_SECRET: DEFAULT_JWT_SECRET,
  });
  const sockets: WebSocket[] = [];
  let beat: NodeJS.Timeout | null = null;
  try {
    const { url } = await server.started;
    const users = [];
    for (let i = 0; i < USERS; i++) users.push(await user(url, i));
    const me = users[0]!;
    const rows = Array.from({ length: 20 }, (_, i) => ({
      id: crypto.randomUUID(),
      name: `Job ${String(i).padStart(2, '0')}`,
      status: 'active',
      user_id: me.id,
      assigned_contractor_id: me.id,
      details: {},
    }));
    await json(
      await fetch(`${url}/rest/v1/projects`, {
        method: 'POST',
        headers: {
          apikey: ANON_KEY,
          authorization: `Bearer ${me.token}`,
          'content-type': 'application/json',
          prefer: 'return=minimal',
        },
        body: JSON.stringify(rows),
      }),
    );
    const before = await throughput(url, me.token, WARMUP_MS);
    const rssBefore = rssMb(server.child.pid!);
    for (let i = 0; i < SOCKETS; i++)
      sockets.push(await subscribed(url, users[i % USERS]!, `127.0.0.${2 + (i % ADDRESSES)}`));
    let ref = 1;
    beat = setInterval(() => {
      for (const ws of sockets)
        ws.send(JSON.stringify([null, `h${ref++}`, 'phoenix', 'heartbeat', {}]));
    }, HEARTBEAT_MS);
    const withSockets = await throughput(url, me.token);
    const rssAfter = rssMb(server.child.pid!);
    const open = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
    for (const ws of sockets) ws.close();
    // Without them again: the baseline is the mean of before and after (a shared machine drifts).
    const without = (before + (await throughput(url, me.token))) / 2;
    const growth = rssAfter - rssBefore;
    const ratio = withSockets / without;
    return [
      {
        name: `server RSS growth with ${open} idle subscribed Realtime sockets`,
        value: growth,
        unit: 'MB',
        baseline: { name: 'RSS without them', value: rssBefore },
        target: '≤ 50 MB',
        pass: open === SOCKETS && growth <= 50,
      },
      {
        name: `REST select throughput @ c=${CONCURRENCY} with ${open} idle Realtime sockets`,
        value: withSockets,
        unit: 'req/s',
        baseline: { name: 'the same load without them', value: without },
        ratio,
        target: '≥ 0.9 × without',
        pass: open === SOCKETS && ratio >= 0.9,
      },
    ];
  } finally {
    if (beat) clearInterval(beat);
    for (const ws of sockets) ws.terminate();
    const exited = server.exited;
    server.child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
