/**
 * Pull with sharing: a homeowner who is a member of 500 projects among
 * 10,000 pulls them (pull_changes 'projects' from cursor 0, plus the
 * 'project_members' pull that carries the memberships), against the same
 * pull of a contractor assigned 500 projects among the same 10,000 (no
 * sharing) — in-process PGlite with every migration, as the same user
 * through RLS, median of 5 runs each, in the same run. Target ≤ 1.6 ×.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { BenchFigure } from './types';
import { median } from './stats';
import { asUser, createDb, createUser } from '../tests/integration/schema/pgliteDb.ts';

const TOTAL = 10_000;
const MINE = 500;
const RUNS = 5;
const TARGET_RATIO = 1.6;

interface PullPage {
  rows: { id: string; txid: string }[];
  has_more: boolean;
}

async function pullAll(
  db: PGlite,
  userId: string,
  tables: string[],
): Promise<{ ms: number; rows: number }> {
  const started = performance.now();
  let rows = 0;
  await asUser(db, userId, async (tx) => {
    for (const table of tables) {
      let cursor = '0';
      let after: string | null = null;
      for (;;) {
        const r: { rows: { r: PullPage }[] } = await tx.query<{ r: PullPage }>(
          'select pull_changes($1, $2, $3, 1000) as r',
          [table, cursor, after],
        );
        const page: PullPage = r.rows[0]!.r;
        rows += page.rows.length;
        const last: { id: string; txid: string } | undefined = page.rows[page.rows.length - 1];
        if (!page.has_more || !last) break;
        cursor = String(last.txid);
        after = last.id;
      }
    }
  });
  return { ms: performance.now() - started, rows };
}

export default async function sharingBench(): Promise<BenchFigure[]> {
  const db = await createDb();
  try {
    const contractors: string[] = [];
    for (let i = 0; i < 20; i++)
      contractors.push(await createUser(db, `c${i}@bench.test`, { role: 'contractor' }));
    const solo = await createUser(db, 'solo@bench.test', { role: 'contractor' });
    const homeowner = await createUser(db, 'member@bench.test', { role: 'homeowner' });
    // 10,000 projects: 500 assigned to `solo`, the rest spread over 20 contractors.
    await db.query(
      `insert into projects (name, status, user_id, assigned_contractor_id, details)
       select 'Job ' || g, 'active', c, c, jsonb_build_object('address', g || ' Main St')
       from generate_series(1, $1::int) g,
            lateral (select case when g <= $2 then $3::uuid else ($4::uuid[])[1 + g % 20] end as c) x`,
      [TOTAL, MINE, solo, contractors],
    );
    // The homeowner is a member of 500 of the other contractors' projects.
    await db.query(
      `insert into project_members (project_id, user_id, role)
       select id, $1, 'owner' from projects where assigned_contractor_id <> $2 order by random() limit $3`,
      [homeowner, solo, MINE],
    );
    await db.exec('analyze');
    const plain: number[] = [];
    const shared: number[] = [];
    let plainRows = 0;
    let sharedRows = 0;
    for (let i = 0; i < RUNS; i++) {
      const a = await pullAll(db, solo, ['projects', 'project_members']);
      const b = await pullAll(db, homeowner, ['projects', 'project_members']);
      plain.push(a.ms);
      shared.push(b.ms);
      plainRows = a.rows;
      sharedRows = b.rows;
    }
    // project_members holds a row per person on a job (the owner, the contractor of record, the invited),
    // and whoever reads the job reads all of them: `solo` pulls each job and his own contractor row on it;
    // the homeowner each job, her row and its contractor's row.
    if (plainRows !== MINE * 2 || sharedRows !== MINE * 3)
      throw new Error(`unexpected rows: ${plainRows} / ${sharedRows}`);
    const base = median(plain);
    const value = median(shared);
    return [
      {
        name: `pull of ${MINE} shared projects among ${TOTAL.toLocaleString('en-US')} (projects + memberships)`,
        value,
        unit: 'ms',
        baseline: { name: `pull of ${MINE} assigned projects, no sharing`, value: base },
        ratio: value / base,
        target: `≤ ${TARGET_RATIO} × baseline`,
        pass: value / base <= TARGET_RATIO,
      },
    ];
  } finally {
    await db.close();
  }
}
