/**
 * The local backend on a real PostgreSQL server against PGlite, in one run:
 *   - authenticated `select` throughput over HTTP at concurrency 20 and 100,
 *     the server in its own process as `npm start` runs it: PGlite in a data
 *     directory, or DATABASE_URL on a throwaway PostgreSQL (the test lane's
 *     server, pooled `pg`, 10 connections);
 *   - one push_changes call of 1,000 insert ops (median of 3), in-process, on
 *     the real migrations, against each other and against one
 *     `INSERT … SELECT` of the same rows on the same backend (target ≤ 3 ×).
 * Ratios are PostgreSQL / PGlite, and push / `INSERT … SELECT` on each. Skipped (one line) without PostgreSQL
 * binaries. The load average is printed: on a shared 2-core box other work
 * skews every figure.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { BenchFigure } from './types';
import {
  ANON_KEY,
  NOTES_ROWS,
  QUERY_PATH,
  freePort,
  setupNotesUser,
  startBenchServer,
  stopBenchServer,
} from './restFixture';
import { createLocalBackend } from '../server/createServer.ts';
import { runAs } from '../server/db.ts';
import {
  postgresAvailable,
  startPostgresLane,
  type PostgresLane,
} from '../tests/support/postgresLane.ts';

const WARMUP_MS = 2000;
const DURATION_MS = 4000;
const PUSH_OPS = 1000;

/** Requests per second at `concurrency` for `ms`, and how many failed. */
async function load(
  url: string,
  token: string,
  concurrency: number,
  ms: number,
): Promise<{ rps: number; errors: number }> {
  const headers = { apikey: ANON_KEY, authorization: `Bearer ${token}` };
  let count = 0;
  let errors = 0;
  const start = performance.now();
  const end = start + ms;
  async function worker(): Promise<void> {
    while (performance.now() < end) {
      const res = await fetch(url + QUERY_PATH, { headers });
      const body = await res.text();
      if (res.status !== 200 || body.length < 10) errors++;
      count++;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, () => worker()));
  return { rps: count / ((performance.now() - start) / 1000), errors };
}

/** Select throughput of one server process at c=20 and c=100. */
async function selectRun(
  args: string[],
): Promise<{ c20: { rps: number; errors: number }; c100: { rps: number; errors: number } }> {
  const port = await freePort();
  const child = await startBenchServer(['--port', String(port), ...args]);
  try {
    const url = `http://127.0.0.1:${port}`;
    const token = await setupNotesUser(url);
    await load(url, token, 20, WARMUP_MS);
    const c20 = await load(url, token, 20, DURATION_MS);
    const c100 = await load(url, token, 100, DURATION_MS);
    return { c20, c100 };
  } finally {
    await stopBenchServer(child);
  }
}

/** The columns of a project row as the app's insert op sends them (src/data/projectsRepo.ts). */
function projectColumns(uid: string, round: number, i: number): Record<string, unknown> {
  return {
    name: `Bench ${round}-${i}`,
    status: 'draft',
    details: { description: `Refacing job ${i}`, cabinetData: { itemState: {} } },
    user_id: uid,
    owner_user_id: null,
    assigned_contractor_id: uid,
  };
}

/**
 * Milliseconds of one push_changes call of PUSH_OPS inserts and of one
 * `INSERT … SELECT` of the same rows as the same user (RLS and triggers
 * apply to both), each the median of 3, on a backend in-process.
 */
async function pushRun(
  databaseUrl: string | undefined,
): Promise<{ push: number; insertSelect: number }> {
  const backend = await createLocalBackend(databaseUrl ? { databaseUrl } : {});
  try {
    const uid = randomUUID();
    await backend.pg.query(
      `insert into auth.users (id, email, raw_user_meta_data) values ($1, $2, '{"role":"contractor"}'::jsonb)`,
      [uid, `push.${uid}@example.com`],
    );
    const claims = { role: 'authenticated' as const, sub: uid };
    const times: number[] = [];
    const baseline: number[] = [];
    for (let round = 0; round < 3; round++) {
      const ops = Array.from({ length: PUSH_OPS }, (_, i) => ({
        op_id: randomUUID(),
        table: 'projects',
        id: randomUUID(),
        kind: 'insert',
        base_version: null,
        changes: projectColumns(uid, round, i),
      }));
      let t0 = performance.now();
      const results = await runAs(backend.pg, claims, (tx) =>
        tx.query<{ r: { status: string }[] }>('select public.push_changes($1::json) as r', [
          JSON.stringify(ops),
        ]),
      );
      times.push(performance.now() - t0);
      const applied = results.rows[0]!.r.filter((x) => x.status === 'applied').length;
      if (applied !== PUSH_OPS)
        throw new Error(
          `push applied ${applied} of ${PUSH_OPS}: ${JSON.stringify(results.rows[0]!.r[0])}`,
        );
      const rows = ops.map((o) => ({ id: randomUUID(), ...o.changes }));
      t0 = performance.now();
      await runAs(backend.pg, claims, (tx) =>
        tx.query(
          `insert into public.projects (id, name, status, details, user_id, owner_user_id, assigned_contractor_id)
           select id, name, status, details, user_id, owner_user_id, assigned_contractor_id
           from jsonb_populate_recordset(null::public.projects, $1::jsonb)`,
          [JSON.stringify(rows)],
        ),
      );
      baseline.push(performance.now() - t0);
    }
    const median = (xs: number[]): number => xs.sort((a, b) => a - b)[1]!;
    return { push: median(times), insertSelect: median(baseline) };
  } finally {
    await backend.close();
  }
}

async function withDatabase<T>(
  lane: PostgresLane,
  template: string | null,
  fn: (url: string) => Promise<T>,
): Promise<T> {
  const name = `bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({
    host: lane.socketDir,
    port: lane.port,
    user: lane.superuser,
    database: 'postgres',
  });
  await admin.connect();
  try {
    await admin.query(
      template
        ? `create database ${name} template ${template} owner postgres`
        : `create database ${name}`,
    );
    // The fixture migration puts policies on storage.objects: without supautils that takes the
    // superuser, so the select bench connects as it; the push bench connects as postgres.
    const user = template ? 'postgres' : lane.superuser;
    return await fn(
      `postgresql://${user}@localhost:${lane.port}/${name}?host=${encodeURIComponent(lane.socketDir)}`,
    );
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  }
}

export default async function postgresBench(): Promise<BenchFigure[]> {
  if (!postgresAvailable()) {
    return [
      {
        name: 'PostgreSQL vs PGlite (skipped: no PostgreSQL binaries; apt-get install postgresql)',
        value: NaN,
        unit: '',
        target: 'information',
        pass: true,
      },
    ];
  }
  const { lane, stop } = await startPostgresLane();
  try {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
    const pgDataDir = mkdtempSync(join(tmpdir(), 'bench-pgfiles-'));
    let lite: Awaited<ReturnType<typeof selectRun>>;
    let real: Awaited<ReturnType<typeof selectRun>>;
    try {
      lite = await selectRun(['--data', dataDir]);
      real = await withDatabase(lane, null, (url) =>
        selectRun(['--data', pgDataDir, '--database-url', url]),
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(pgDataDir, { recursive: true, force: true });
    }
    const pushLite = await pushRun(undefined);
    const pushReal = await withDatabase(lane, lane.template, (url) => pushRun(url));
    const load1 = (loadavg()[0] ?? 0).toFixed(1);
    const info = `information (PostgreSQL ${lane.version.split(' ')[0]}; load average ${load1} on ${String(cpus().length)} CPUs)`;
    const select = (c: 'c20' | 'c100', n: number): BenchFigure => ({
      name: `rest select (${NOTES_ROWS} rows, RLS) over HTTP @ c=${n} on PostgreSQL (errors ${real[c].errors}/${lite[c].errors})`,
      value: real[c].rps,
      unit: 'req/s',
      baseline: { name: 'the same on PGlite', value: lite[c].rps },
      ratio: real[c].rps / lite[c].rps,
      target: info,
      pass: real[c].errors === 0 && lite[c].errors === 0,
    });
    return [
      select('c20', 20),
      select('c100', 100),
      {
        name: `push_changes of ${PUSH_OPS} insert ops on PostgreSQL (median of 3)`,
        value: pushReal.push,
        unit: 'ms',
        baseline: { name: 'the same on PGlite', value: pushLite.push },
        ratio: pushReal.push / pushLite.push,
        target: info,
        pass: true,
      },
      ...(
        [
          ['PGlite', pushLite],
          ['PostgreSQL', pushReal],
        ] as const
      ).map(([backendName, r]): BenchFigure => ({
        name: `push_changes of ${PUSH_OPS} insert ops on ${backendName} (median of 3)`,
        value: r.push,
        unit: 'ms',
        baseline: { name: 'one INSERT … SELECT of the same rows', value: r.insertSelect },
        ratio: r.push / r.insertSelect,
        target: 'ratio ≤ 3',
        pass: r.push / r.insertSelect <= 3,
      })),
    ];
  } finally {
    await stop();
  }
}
