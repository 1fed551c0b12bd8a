/**
 * Local backend figures: authenticated `select`
 * throughput and p50/p99 latency at concurrency 20 over HTTP against the
 * server running in its own process (as `npm start` runs it), and the same
 * request's database work (one implicit transaction: role, claims, the same
 * query — exactly what the server runs per read) directly on PGlite
 * in-process as the baseline. The 1-minute load average is printed with the
 * target: on a shared 2-core box other work skews every figure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchFigure } from './types';
import {
  ANON_KEY,
  NOTES_MIGRATIONS,
  NOTES_ROWS,
  QUERY_PATH,
  freePort,
  setupNotesUser,
  startBenchServer,
  stopBenchServer,
} from './restFixture';
import { createLocalBackend } from '../server/createServer.ts';
import { queryAsPrepared } from '../server/preparedRead.ts';
import { loadavg } from 'node:os';

/** Target: at least 1,000 requests/s at concurrency 20 on this 2-core machine. */
const TARGET_RPS = 1000;
const CONCURRENCY = 20;
/** Measured window. */
const DURATION_MS = 5000;
/** Warm-up before measuring: a fresh server process runs PGlite's wasm unoptimized for its first seconds. */
const WARMUP_MS = 3000;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function load(
  url: string,
  token: string,
  ms: number,
): Promise<{ count: number; latencies: number[]; errors: number; elapsedMs: number }> {
  const headers = { apikey: ANON_KEY, authorization: `Bearer ${token}` };
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now();
  const end = start + ms;
  async function worker(): Promise<void> {
    while (performance.now() < end) {
      const t0 = performance.now();
      const res = await fetch(url + QUERY_PATH, { headers });
      const body = await res.text();
      if (res.status !== 200 || body.length < 10) errors++;
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, () => worker()));
  return { count: latencies.length, latencies, errors, elapsedMs: performance.now() - start };
}

/** The same request's database work on PGlite in-process, sequentially. */
async function baseline(ms: number): Promise<number> {
  const backend = await createLocalBackend({ migrationsDir: NOTES_MIGRATIONS });
  try {
    const uid = '11111111-1111-1111-1111-111111111111';
    await backend.pg.query(`insert into auth.users (id, email) values ($1, 'base@example.com')`, [
      uid,
    ]);
    for (let i = 0; i < NOTES_ROWS; i++) {
      await backend.pg.query(
        `insert into public.notes (user_id, title, n, body) values ($1, $2, $3, $4)`,
        [uid, `note ${i}`, i, { i, tags: ['a', 'b'] }],
      );
    }
    const claims = { role: 'authenticated' as const, sub: uid, aud: 'authenticated' };
    const sql = `select count(*)::int as n, coalesce(json_agg(_r), '[]')::text as body
      from (select _t."id" as "id", _t."title" as "title", _t."n" as "n", _t."body" as "body" from public."notes" _t order by _t."title" asc limit ${NOTES_ROWS}) _r`;
    let count = 0;
    const start = performance.now();
    while (performance.now() - start < ms) {
      await queryAsPrepared(backend.pg, claims, sql);
      count++;
    }
    return count / ((performance.now() - start) / 1000);
  } finally {
    await backend.close();
  }
}

export default async function serverBench(): Promise<BenchFigure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-server-'));
  const port = await freePort();
  const child = await startBenchServer(['--port', String(port), '--data', dataDir]);
  const url = `http://127.0.0.1:${port}`;
  let run: Awaited<ReturnType<typeof load>>;
  try {
    const token = await setupNotesUser(url);
    await load(url, token, WARMUP_MS);
    run = await load(url, token, DURATION_MS);
  } finally {
    await stopBenchServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const load1 = loadavg()[0] ?? 0;
  const base = await baseline(DURATION_MS);
  const rps = run.count / (run.elapsedMs / 1000);
  const sorted = [...run.latencies].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);
  const ok = run.errors === 0;
  return [
    {
      name: `rest select (${NOTES_ROWS} rows, RLS) throughput over HTTP @ c=${CONCURRENCY}`,
      value: rps,
      unit: 'req/s',
      baseline: { name: 'same role+claims+query on PGlite in-process (sequential)', value: base },
      ratio: rps / base,
      target: `≥ ${TARGET_RPS} req/s, 0 errors (${run.errors} errors; load average ${load1.toFixed(1)} on ${String(cpus().length)} CPUs)`,
      pass: rps >= TARGET_RPS && ok,
    },
    {
      name: `rest select latency p50 @ c=${CONCURRENCY}`,
      value: p50,
      unit: 'ms',
      target: 'information',
      pass: ok,
    },
    {
      name: `rest select latency p99 @ c=${CONCURRENCY}`,
      value: p99,
      unit: 'ms',
      target: 'information',
      pass: ok,
    },
  ];
}
