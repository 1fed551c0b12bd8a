/**
 * One user pushing as hard as the server lets them must not stall everyone
 * else: the local backend in its own process on PGlite (as `npm start` runs
 * it, real migrations, fresh data folder); one user runs 8 push loops at
 * once, each sending as many 5 KB insert ops as fit under the push byte cap
 * and waiting out every 429's Retry-After; meanwhile another user reads one
 * project row over and over. The figure is that reader's p99; the baseline
 * is the same reads with nobody pushing, in the same run. Target p99 ≤ 1 s.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchFigure } from './types';
import { ANON_KEY, SERVICE_KEY, freePort } from './restFixture';
import { DEFAULT_JWT_SECRET } from '../server/jwt.ts';
import { MAX_PUSH_BYTES } from '../server/rest/pushGate.ts';
import { startServerProcess } from '../tests/support/serverProcess.ts';

const PUSHERS = 8;
const OP_BYTES = 5 * 1024;
const DURATION_MS = 8000;

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}

async function user(url: string): Promise<{ id: string; token: string }> {
  const email = `stall.${randomUUID()}@example.com`;
  const made = await fetch(`${url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: {
      apikey: SERVICE_KEY,
      authorization: `Bearer ${SERVICE_KEY}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      email,
      password: 'bench-secret',
      email_confirm: true,
      user_metadata: { role: 'contractor' },
    }),
  });
  if (!made.ok) throw new Error(`admin user: ${made.status} ${await made.text()}`);
  const res = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-secret' }),
  });
  const session = (await res.json()) as { access_token: string; user: { id: string } };
  return { id: session.user.id, token: session.access_token };
}

function insertOp(userId: string): Record<string, unknown> {
  const id = randomUUID();
  return {
    op_id: randomUUID(),
    table: 'projects',
    id,
    kind: 'insert',
    base_version: null,
    changes: {
      name: `Job ${id.slice(0, 8)}`,
      status: 'draft',
      details: { notes: 'n'.repeat(OP_BYTES) },
      user_id: userId,
      owner_user_id: null,
      assigned_contractor_id: userId,
    },
  };
}

function headers(token: string): Record<string, string> {
  return {
    apikey: ANON_KEY,
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
  };
}

/** Latencies (ms) of one-row reads by `reader` until `until` (performance.now()). */
async function reads(url: string, token: string, path: string, until: number): Promise<number[]> {
  const out: number[] = [];
  while (performance.now() < until) {
    const t0 = performance.now();
    const res = await fetch(url + path, { headers: headers(token) });
    const body = await res.text();
    if (res.status !== 200 || !body.includes('"id"'))
      throw new Error(`read ${res.status}: ${body}`);
    out.push(performance.now() - t0);
  }
  return out;
}

export default async function pushStallBench(): Promise<BenchFigure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-stall-'));
  const port = await freePort();
  const server = startServerProcess(['--no-seed', '--data', dataDir, '--port', String(port)], {
    JWT_SECRET: DEFAULT_JWT_SECRET,
  });
  try {
    await server.started;
    const url = `http://127.0.0.1:${port}`;
    const pusher = await user(url);
    const reader = await user(url);
    const own = insertOp(reader.id);
    const seeded = await fetch(`${url}/rest/v1/rpc/push_changes`, {
      method: 'POST',
      headers: headers(reader.token),
      body: JSON.stringify({ p_ops: [own] }),
    });
    if (!seeded.ok) throw new Error(`seed: ${seeded.status} ${await seeded.text()}`);
    const path = `/rest/v1/projects?select=id,name,status&id=eq.${String(own.id)}`;
    await reads(url, reader.token, path, performance.now() + 1000); // warm-up
    const quiet = await reads(url, reader.token, path, performance.now() + DURATION_MS / 2);

    // As many ops per call as fit under the cap, as a client at the limit would send.
    const perCall = Math.min(
      1000,
      Math.floor(MAX_PUSH_BYTES / JSON.stringify(insertOp(pusher.id)).length) - 1,
    );
    const until = performance.now() + DURATION_MS;
    let applied = 0;
    let refused = 0;
    const pushMs: number[] = [];
    const pushLoop = async (): Promise<void> => {
      while (performance.now() < until) {
        const ops = Array.from({ length: perCall }, () => insertOp(pusher.id));
        const t0 = performance.now();
        const res = await fetch(`${url}/rest/v1/rpc/push_changes`, {
          method: 'POST',
          headers: headers(pusher.token),
          body: JSON.stringify({ p_ops: ops }),
        });
        await res.text();
        if (res.status === 429) {
          refused += 1;
          const wait = Number(res.headers.get('retry-after') ?? '1') * 1000;
          await new Promise((r) => setTimeout(r, wait));
        } else if (res.ok) {
          applied += perCall;
          pushMs.push(performance.now() - t0);
        } else throw new Error(`push ${res.status}`);
      }
    };
    const [busy] = await Promise.all([
      reads(url, reader.token, path, until),
      ...Array.from({ length: PUSHERS }, () => pushLoop()),
    ]);
    const p99 = percentile(busy, 99);
    const info = `load average ${(loadavg()[0] ?? 0).toFixed(1)} on ${String(cpus().length)} CPUs`;
    return [
      {
        name: `another user's one-row read p99 while one user runs ${PUSHERS} push loops of ${perCall} × 5 KB ops (PGlite; ${applied} ops applied, ${refused} pushes told 429; slowest push ${Math.round(Math.max(...pushMs))} ms; ${info})`,
        value: p99,
        unit: 'ms',
        baseline: { name: 'the same read p99 with nobody pushing', value: percentile(quiet, 99) },
        ratio: p99 / percentile(quiet, 99),
        target: 'p99 ≤ 1000 ms',
        pass: p99 <= 1000,
      },
    ];
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
