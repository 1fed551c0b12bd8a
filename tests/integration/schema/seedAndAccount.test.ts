/**
 * supabase/seed.sql applies cleanly on a brand-new database (demo logins,
 * profiles with their roles, a measured kitchen using the spec's cabinet
 * types, a quote request with two quotes), and delete_my_account() removes the caller's account and data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { asUser, createDb, createUser, tryAsUser } from './pgliteDb.ts';

/** Product rules "Records and their fields" "Cabinet types and parts": the part count of each type. */
const PARTS: Record<string, number> = {
  'Base 1/1': 2,
  Wall: 1,
  'Base 2/1': 3,
  'Base Full Ht 1/0': 1,
  'Base Full Ht 2/0': 2,
  'Kite DB 0/3': 3,
  'Kite DB 0/4': 4,
  'Pantry 2/0': 2,
  'L/S 2/0': 2,
  'Desk/Lap Draw 0/1': 1,
  'VB 1/1': 2,
  'VB 2/1': 3,
  'VB 2/3': 5,
  'VB Full HT 1/0': 1,
  'VB Full HT 2/0': 2,
  'VDB 0/3': 3,
  'VDB 0/4': 4,
};

const HOMEOWNER = '11111111-1111-4111-8111-111111111111';
const CONTRACTOR = '22222222-2222-4222-8222-222222222222';
const CONTRACTOR2 = '33333333-3333-4333-8333-333333333333';
const ADMIN = '44444444-4444-4444-8444-444444444444';
const PASSWORDS: Record<string, string> = {
  'homeowner@example.com': 'demo-homeowner',
  'contractor@example.com': 'demo-contractor',
  'contractor2@example.com': 'demo-contractor2',
  'admin@example.com': 'demo-admin',
};

let db: PGlite;

beforeAll(async () => {
  db = await createDb({ seed: true });
});

afterAll(async () => {
  await db.close();
});

describe('seed', () => {
  it('has the four confirmed demo logins with bcrypt passwords', async () => {
    const rows = (
      await db.query<{ email: string; ok: boolean; confirmed: boolean; hash: string }>(
        `select email, encrypted_password = crypt(($1::jsonb ->> email), encrypted_password) as ok,
              email_confirmed_at is not null as confirmed, encrypted_password as hash
       from auth.users order by email`,
        [JSON.stringify(PASSWORDS)],
      )
    ).rows;
    expect(rows.map((r) => [r.email, r.ok, r.confirmed])).toEqual([
      ['admin@example.com', true, true],
      ['contractor2@example.com', true, true],
      ['contractor@example.com', true, true],
      ['homeowner@example.com', true, true],
    ]);
    expect(rows.every((r) => r.hash.startsWith('$2'))).toBe(true);
  });

  it('made profiles through the signup trigger, with names, phone and address', async () => {
    const rows = (
      await db.query<{
        id: string;
        role: string;
        first_name: string;
        last_name: string;
        phone: string;
        address: string;
      }>(
        `select id, role, first_name, last_name, phone, address from profiles order by role desc, id`,
      )
    ).rows;
    expect(rows.map((r) => [r.id, r.role])).toEqual([
      [ADMIN, 'org_admin'],
      [HOMEOWNER, 'homeowner'],
      [CONTRACTOR, 'contractor'],
      [CONTRACTOR2, 'contractor'],
    ]);
    expect(rows.every((r) => r.first_name && r.last_name && r.phone && r.address)).toBe(true);
  });

  it('has 3 homeowner projects and 3 client projects across statuses, visible to their users only', async () => {
    const mine = await asUser(
      db,
      HOMEOWNER,
      async (tx) => (await tx.query<{ status: string }>(`select status from projects`)).rows,
    );
    expect(mine).toHaveLength(3);
    const clients = await asUser(
      db,
      CONTRACTOR,
      async (tx) =>
        (
          await tx.query<{
            status: string;
            details: {
              email?: string;
              phone?: string;
              address?: string;
              projectScopes?: string[];
              budget?: string;
            };
          }>(`select status, details from projects where user_id = $1`, [CONTRACTOR])
        ).rows,
    );
    expect(clients).toHaveLength(3);
    expect(new Set(clients.map((c) => c.status)).size).toBe(3);
    for (const c of clients) {
      expect(c.details.email).toMatch(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);
      expect(c.details.phone).toBeTruthy();
      expect(c.details.address).toBeTruthy();
      expect(c.details.projectScopes?.length).toBeGreaterThan(0);
      expect(c.details.budget).toBeTruthy();
    }
  });

  it("has the homeowner's kitchen open for quotes, with one sent quote from each contractor of the area", async () => {
    const requests = (
      await db.query<{ zip: string; status: string }>(
        `select zip, status from quote_requests where project_id = 'a1111111-0000-4000-8000-000000000001'`,
      )
    ).rows;
    expect(requests).toEqual([{ zip: '62701', status: 'open' }]);
    for (const contractor of [CONTRACTOR, CONTRACTOR2]) {
      const seen = await asUser(
        db,
        contractor,
        async (tx) => (await tx.query(`select id from quote_requests where status = 'open'`)).rows,
      );
      expect(seen, contractor).toHaveLength(1);
    }
    const quotes = await asUser(
      db,
      HOMEOWNER,
      async (tx) =>
        (
          await tx.query<{
            contractor_id: string;
            status: string;
            total_cents: string;
            content_sha256: string;
            contractor_contact: { name?: string };
          }>(
            `select contractor_id, status, total_cents::text, content_sha256, contractor_contact
               from quotes where project_id = 'a1111111-0000-4000-8000-000000000001' order by contractor_id`,
          )
        ).rows,
    );
    expect(quotes.map((q) => [q.contractor_id, q.status, q.contractor_contact.name])).toEqual([
      [CONTRACTOR, 'sent', 'Carlos Mendez'],
      [CONTRACTOR2, 'sent', 'Nina Park'],
    ]);
    // Carlos: 16 × 3.0208 × 1850 = 89415.68 → 89416; 6 × 0.6293 × 1400 = 5286.12 → 5286;
    // 14400 + 55000 + 15000 → 179102; tax 8.25 % = 14775.915 → 14776.
    expect(Number(quotes[0]!.total_cents)).toBe(193878);
    expect(quotes.every((q) => /^[0-9a-f]{64}$/.test(q.content_sha256))).toBe(true);
  });

  it('has a real kitchen: ~12 cabinets of the spec types, every part measured, openings 9–36" wide', async () => {
    const row = (
      await db.query<{
        cd: {
          cabinets: Record<string, { type: string; order: string }>;
          itemState: Record<string, { width: string; height: string; type: string }>;
          form: Record<string, unknown>;
          stileRail: Record<string, number>;
        };
      }>(`select details->'cabinetData' as cd from projects where details ? 'cabinetData'`)
    ).rows;
    expect(row).toHaveLength(1);
    const cd = row[0]!.cd;
    // The seed writes the older list; the server keeps the map (the fold trigger).
    expect(cd).not.toHaveProperty('cabinetRows');
    const rows = Object.entries(cd.cabinets).map(([id, c]) => ({ id, type: c.type }));
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(cd.form).toMatchObject({
      overlaySelect: 'fol',
      stdOption: 1.5,
      olSize: 1.25,
      sideReveal: 0.25,
    });
    expect(cd.stileRail).toMatchObject({ leftStile: 1.5, midStile: 3 });
    for (const r of rows) {
      const parts = PARTS[r.type];
      expect(parts, r.type).toBeDefined();
      for (let i = 0; i < parts!; i++) {
        const item = cd.itemState[`${r.id}_${i}`];
        expect(item, `${r.id}_${i}`).toBeDefined();
        const w = Number(item!.width);
        expect(w).toBeGreaterThanOrEqual(9);
        expect(w).toBeLessThanOrEqual(36);
        expect(Number(item!.height)).toBeGreaterThan(0);
      }
    }
  });
});

describe('delete_my_account()', () => {
  it('removes the caller projects, files rows, profile and auth user once their Storage objects are gone — nobody else', async () => {
    const victim = await createUser(db, 'leaving@example.com', { role: 'homeowner' });
    const project = crypto.randomUUID();
    await asUser(db, victim, async (tx) => {
      await tx.query(
        `insert into projects (id, name, status, user_id, owner_user_id) values ($1, 'Mine', 'active', $2, $2)`,
        [project, victim],
      );
      await tx.query(
        `insert into storage.objects (bucket_id, name, owner) values ('project-files', $1, $2)`,
        [`projects/${project}/1.jpg`, victim],
      );
      await tx.query(
        `insert into project_files (project_id, file_name, file_path, user_id) values ($1, 'a.jpg', $2, $3)`,
        [project, `projects/${project}/1.jpg`, victim],
      );
      await tx.query(`select push_changes($1::json)`, [
        JSON.stringify([
          {
            op_id: crypto.randomUUID(),
            table: 'projects',
            id: project,
            kind: 'update',
            base_version: 1,
            changes: { name: 'Renamed' },
          },
        ]),
      ]);
    });
    // Storage objects first, through the Storage API (which passes the delete guard); the
    // function refuses while any remain, and deletes nothing then.
    const refused = await tryAsUser(db, victim, (tx) => tx.query(`select delete_my_account()`));
    expect(refused).toMatchObject({
      ok: false,
      code: 'P0001',
      message: 'account.files_remain',
    });
    const paths = await asUser(db, victim, (tx) =>
      tx.query<{ p: string }>(`select p from my_account_storage_paths() p`),
    );
    expect(paths.rows.map((r) => r.p)).toEqual([`projects/${project}/1.jpg`]);
    await asUser(db, victim, async (tx) => {
      await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
      await tx.query(
        `delete from storage.objects where bucket_id = 'project-files' and name = any ($1::text[])`,
        [paths.rows.map((r) => r.p)],
      );
    });
    await asUser(db, victim, (tx) => tx.query(`select delete_my_account()`));
    const counts = (
      await db.query<{ u: number; p: number; pr: number; f: number; o: number; others: number }>(
        `select (select count(*)::int from auth.users where id = $1) u,
              (select count(*)::int from profiles where id = $1) p,
              (select count(*)::int from projects where id = $2) pr,
              (select count(*)::int from project_files where project_id = $2) f,
              (select count(*)::int from storage.objects where name like 'projects/' || $2 || '/%') o,
              (select count(*)::int from projects) others`,
        [victim, project],
      )
    ).rows[0]!;
    expect(counts).toEqual({ u: 0, p: 0, pr: 0, f: 0, o: 0, others: 8 });
    const bookkeeping = (
      await db.query<{ ops: number; log: number }>(
        `select (select count(*)::int from sync_ops where user_id = $1) ops, (select count(*)::int from sync_change_log where row_id = $2) log`,
        [victim, project],
      )
    ).rows[0]!;
    expect(bookkeeping).toEqual({ ops: 0, log: 0 });
  });

  it('is not callable by anon', async () => {
    const res = await tryAsUser(db, null, (tx) => tx.query(`select delete_my_account()`));
    expect(res).toMatchObject({ ok: false, code: '42501' });
  });
});
