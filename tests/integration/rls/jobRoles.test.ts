/**
 * Who is who on a job (product rules "Who is who on a job"), over HTTP with
 * supabase-js against the local backend: the role × action matrix through
 * one job's life — a homeowner's job, a contractor invited to edit, a
 * viewer, the quote accepted, the organization admin assigning it to
 * another of her contractors, a member removed, an account deleted — and
 * a contractor's own client job. At each step every person's synced people
 * row (role, display_name, may) is what the client reads, and every action
 * is tried for real (REST delete, push of measurements, select) with the
 * outcome checked in the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

type Person = 'hannah' | 'carl' | 'dana' | 'olive' | 'vic' | 'eve';
const PEOPLE: Record<Person, { role: string; first: string; last: string }> = {
  hannah: { role: 'homeowner', first: 'Hannah', last: 'Home' },
  carl: { role: 'contractor', first: 'Carl', last: 'Cutter' },
  dana: { role: 'contractor', first: 'Dana', last: 'Door' },
  olive: { role: 'org_admin', first: 'Olive', last: 'Admin' },
  vic: { role: 'homeowner', first: '', last: '' },
  eve: { role: 'contractor', first: 'Eve', last: 'Outsider' },
};

let backend: StartedBackend;
const c = {} as Record<Person, SupabaseClient>;
const id = {} as Record<Person, string>;
const email = (p: Person) => `${p}-roles@example.com`;
const day = (offset: number): string =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

interface PeopleRow {
  user_id: string;
  role: string;
  display_name: string;
  may: Record<string, boolean>;
  deleted_at: string | null;
}

/** The job's people rows as `who` reads them through the API (what the client syncs). */
async function people(who: Person, project: string): Promise<Record<string, PeopleRow>> {
  const { data, error } = await c[who]
    .from('project_members')
    .select('user_id, role, display_name, may, deleted_at')
    .eq('project_id', project);
  if (error) throw new Error(error.message);
  const out: Record<string, PeopleRow> = {};
  for (const r of (data ?? []) as PeopleRow[]) {
    const name = (Object.keys(id) as Person[]).find((p) => id[p] === r.user_id) ?? r.user_id;
    out[name] = r;
  }
  return out;
}

/** Live roles by person, as the server answers them. */
async function roles(who: Person, project: string): Promise<Record<string, string>> {
  const rows = await people(who, project);
  return Object.fromEntries(
    Object.entries(rows)
      .filter(([, r]) => !r.deleted_at)
      .map(([k, r]) => [k, r.role]),
  );
}

async function canSee(who: Person, project: string): Promise<boolean> {
  const { data } = await c[who].from('projects').select('id').eq('id', project);
  return (data ?? []).length === 1;
}

async function live(project: string): Promise<boolean> {
  const r = await backend.pg.query<{ deleted_at: string | null }>(
    `select deleted_at from projects where id = $1`,
    [project],
  );
  return r.rows[0]?.deleted_at === null;
}

/** A REST delete of the project by `who`; returns the error's SQLSTATE and code (its message), if any. */
async function restDelete(who: Person, project: string) {
  const { error } = await c[who].from('projects').delete().eq('id', project);
  return error ? { code: error.code, message: error.message } : null;
}

async function cabinets(project: string): Promise<unknown> {
  const r = await backend.pg.query<{ c: unknown }>(
    `select details -> 'cabinetData' as c from projects where id = $1`,
    [project],
  );
  return r.rows[0]?.c;
}

/** `who` pushes new measurements (details.cabinetData) as the app does; returns the op's status and code. */
async function pushMeasurements(who: Person, project: string, label: string) {
  const version = (
    await backend.pg.query<{ version: number }>(`select version from projects where id = $1`, [
      project,
    ])
  ).rows[0]!.version;
  const { data, error } = await c[who].rpc('push_changes', {
    p_ops: [
      {
        op_id: crypto.randomUUID(),
        table: 'projects',
        id: project,
        kind: 'update',
        base_version: version,
        changes: { details: { cabinetData: { label } } },
      },
    ],
  });
  if (error) throw new Error(error.message);
  const [r] = data as { status: string; code: string | null; message: string | null }[];
  return { status: r!.status, code: r!.code };
}

async function mailedToken(to: string): Promise<string> {
  const link = (await backend.readMail(to))[0]?.links[0] ?? '';
  const token = new URL(link).hash.match(/token=([^&]+)/)?.[1];
  if (!token) throw new Error(`no invitation mail for ${to}`);
  return decodeURIComponent(token);
}

/** `who` sends a quote on `project` through push_changes, as the app does; returns its id and hash. */
async function sendQuote(who: Person, project: string) {
  const { data, error } = await c[who].rpc('push_changes', {
    p_ops: [
      {
        op_id: crypto.randomUUID(),
        table: 'quotes',
        id: crypto.randomUUID(),
        kind: 'insert',
        changes: {
          project_id: project,
          contractor_id: id[who],
          status: 'sent',
          lines: [{ kind: 'labor', description: 'Install', quantity: 1, unit_cents: 50000 }],
          tax_rate: 0,
          valid_until: day(30),
          notes: '',
        },
      },
    ],
  });
  if (error) throw new Error(error.message);
  const [sent] = data as { status: string; row: { id: string; content_sha256: string } }[];
  expect(sent!.status).toBe('applied');
  return sent!.row;
}

/** `from` invites `to` with `role` through /functions/v1/project-invite; `to` accepts the mailed link. */
async function inviteAndJoin(from: Person, to: Person, project: string, role: string) {
  const sent = await c[from].functions.invoke('project-invite', {
    body: { project_id: project, email: email(to), role },
  });
  expect(sent.error).toBeNull();
  const { error } = await c[to].rpc('accept_project_invite', {
    p_token: await mailedToken(email(to)),
  });
  expect(error).toBeNull();
}

beforeAll(async () => {
  backend = await startLocalBackend();
  for (const p of Object.keys(PEOPLE) as Person[]) {
    const made = await backend.signUpConfirmed(email(p), `secret-${p}-1`, {
      role: PEOPLE[p].role,
      first_name: PEOPLE[p].first,
      last_name: PEOPLE[p].last,
    });
    c[p] = made.client;
    id[p] = made.userId;
  }
  // Carl and Dana are Olive's team (trusted setup: the team invitation is tested elsewhere).
  await backend.pg.query(
    `update profiles set organization_id = (select organization_id from profiles where id = $1) where id = any($2)`,
    [id.olive, [id.carl, id.dana]],
  );
}, 60_000);

afterAll(async () => {
  await backend?.stop();
});

describe('who is who on a job', () => {
  const job = crypto.randomUUID();
  const clientJob = crypto.randomUUID();
  let quote: { id: string; content_sha256: string };

  it("a homeowner's new job: she is its owner, by name, and may do everything but quote", async () => {
    const { error } = await c.hannah.from('projects').insert({
      id: job,
      name: 'Home kitchen',
      status: 'active',
      user_id: id.hannah,
      owner_user_id: id.hannah,
      details: { email: email('hannah') },
    });
    expect(error).toBeNull();
    const rows = await people('hannah', job);
    expect(Object.keys(rows)).toEqual(['hannah']);
    expect(rows.hannah).toMatchObject({
      role: 'owner',
      display_name: 'Hannah Home',
      may: {
        read: true,
        edit: true,
        edit_measurements: true,
        delete: true,
        invite: true,
        quote: false,
      },
    });
    for (const p of ['carl', 'dana', 'olive', 'vic', 'eve'] as const) {
      expect(await canSee(p, job)).toBe(false);
      expect(await people(p, job)).toEqual({});
    }
  });

  it('before acceptance: an invited contractor edits and may quote but never deletes; a viewer only reads', async () => {
    await inviteAndJoin('hannah', 'carl', job, 'contractor');
    await inviteAndJoin('hannah', 'vic', job, 'viewer');
    // Everyone on the job reads the same answer, names included (Vic has no name: her email).
    for (const p of ['hannah', 'carl', 'vic'] as const) {
      expect(await roles(p, job)).toEqual({ hannah: 'owner', carl: 'editor', vic: 'viewer' });
    }
    const rows = await people('carl', job);
    expect(rows.hannah!.display_name).toBe('Hannah Home');
    expect(rows.vic!.display_name).toBe(email('vic'));
    expect(rows.carl!.may).toMatchObject({
      edit: true,
      edit_measurements: true,
      delete: false,
      invite: false,
      quote: true,
    });
    expect(rows.vic!.may).toMatchObject({ read: true, edit: false, files: false, delete: false });

    expect(await pushMeasurements('carl', job, 'carl-before')).toEqual({
      status: 'applied',
      code: null,
    });
    expect(await pushMeasurements('hannah', job, 'hannah-before')).toEqual({
      status: 'applied',
      code: null,
    });
    expect((await pushMeasurements('vic', job, 'vic')).status).toBe('rejected');
    expect(await cabinets(job)).toEqual({ label: 'hannah-before' });

    for (const p of ['carl', 'vic'] as const) {
      await restDelete(p, job);
      expect(await live(job)).toBe(true);
    }
    // Olive's team is not on this job yet: she sees nothing of it.
    expect(await canSee('olive', job)).toBe(false);
  });

  it('after acceptance: the contractor of record never deletes her job, her measurements are locked, no second quote', async () => {
    const { data, error } = await c.carl.rpc('push_changes', {
      p_ops: [
        {
          op_id: crypto.randomUUID(),
          table: 'quotes',
          id: crypto.randomUUID(),
          kind: 'insert',
          changes: {
            project_id: job,
            contractor_id: id.carl,
            status: 'sent',
            lines: [{ kind: 'labor', description: 'Install', quantity: 1, unit_cents: 50000 }],
            tax_rate: 0,
            valid_until: day(30),
            notes: '',
          },
        },
      ],
    });
    expect(error).toBeNull();
    const [sent] = data as { status: string; row: { id: string; content_sha256: string } }[];
    expect(sent!.status).toBe('applied');
    quote = sent!.row;
    expect(
      (
        await c.hannah.rpc('accept_quote', {
          p_quote_id: quote.id,
          p_content_sha256: quote.content_sha256,
          p_signer_name: 'Hannah Home',
        })
      ).error,
    ).toBeNull();

    // Carl is now the contractor of record; Olive, his organization's admin, is on the job.
    expect(await roles('hannah', job)).toEqual({
      hannah: 'owner',
      carl: 'contractor',
      vic: 'viewer',
      olive: 'org_admin',
    });
    const rows = await people('carl', job);
    expect(rows.carl!.may).toMatchObject({ edit_measurements: true, delete: false, quote: false });
    expect(rows.hannah!.may).toMatchObject({ edit: true, edit_measurements: false, delete: true });

    // The bug this closes: the assigned contractor's delete took the homeowner's job.
    expect(await restDelete('carl', job)).toMatchObject({
      code: '42501',
      message: 'project.delete_not_allowed',
    });
    expect(await live(job)).toBe(true);

    // The homeowner's change of the measurements goes through the contractor now.
    expect(await pushMeasurements('hannah', job, 'hannah-after')).toMatchObject({
      status: 'rejected',
      code: '42501',
    });
    expect(await cabinets(job)).toEqual({ label: 'hannah-before' });
    const rename = await c.hannah.from('projects').update({ name: 'Our kitchen' }).eq('id', job);
    expect(rename.error).toBeNull();
    expect(await pushMeasurements('carl', job, 'carl-after')).toEqual({
      status: 'applied',
      code: null,
    });
    expect(await cabinets(job)).toEqual({ label: 'carl-after' });

    // Olive sees it and may change only its status.
    expect(await canSee('olive', job)).toBe(true);
    expect(rows.olive!.may).toMatchObject({ read: true, edit: false, edit_status: true });
    expect((await pushMeasurements('olive', job, 'olive')).status).toBe('rejected');
    // What her card offers (the status control alone) is what the server lets her do.
    const renamed = await c.olive.from('projects').update({ name: 'Olive was here' }).eq('id', job);
    expect(renamed.error).toMatchObject({ code: '42501', message: 'project.status_only' });
    for (const status of ['completed', 'active']) {
      const moved = await c.olive.from('projects').update({ status }).eq('id', job);
      expect(moved.error).toBeNull();
      const now = await backend.pg.query<{ status: string; name: string }>(
        `select status, name from projects where id = $1`,
        [job],
      );
      expect(now.rows[0]).toEqual({ status, name: 'Our kitchen' });
    }
  });

  it('a renamed person is renamed on every job, for everyone on it', async () => {
    await c.hannah.from('profiles').update({ first_name: 'Hanna' }).eq('id', id.hannah);
    expect((await people('carl', job)).hannah!.display_name).toBe('Hanna Home');
    // A contractor without a name is known by the company on its price list, then its email.
    await backend.pg.query(
      `update profiles set first_name = null, last_name = null, price_list = '{"company":"Cutter & Co"}' where id = $1`,
      [id.carl],
    );
    expect((await people('hannah', job)).carl!.display_name).toBe('Cutter & Co');
    await c.carl
      .from('profiles')
      .update({ first_name: 'Carl', last_name: 'Cutter' })
      .eq('id', id.carl);
    expect((await people('vic', job)).carl!.display_name).toBe('Carl Cutter');
  });

  it('after assignment by the organization admin: the new contractor is on the job, the old one is not, the admin still is', async () => {
    expect(
      (await c.olive.rpc('assign_project', { p_project_id: job, p_contractor_id: id.dana })).error,
    ).toBeNull();
    expect(await roles('hannah', job)).toEqual({
      hannah: 'owner',
      dana: 'contractor',
      vic: 'viewer',
      olive: 'org_admin',
    });
    expect(await canSee('carl', job)).toBe(false);
    expect((await people('carl', job)).carl!.deleted_at).not.toBeNull();
    expect(await canSee('dana', job)).toBe(true);
    expect(await canSee('olive', job)).toBe(true);
    expect(await restDelete('dana', job)).toMatchObject({ message: 'project.delete_not_allowed' });
    expect(await live(job)).toBe(true);
  });

  it("the admin's own client job stays hers to see after she assigns it (it no longer vanishes)", async () => {
    const { error } = await c.olive.from('projects').insert({
      id: clientJob,
      name: 'Client bath',
      status: 'draft',
      user_id: id.olive,
      assigned_contractor_id: id.olive,
      details: {},
    });
    expect(error).toBeNull();
    expect(await roles('olive', clientJob)).toEqual({ olive: 'contractor' });
    expect(
      (await c.olive.rpc('assign_project', { p_project_id: clientJob, p_contractor_id: id.carl }))
        .error,
    ).toBeNull();
    // Her row is live (as the admin), so her devices keep the job; before, it became a tombstone.
    const rows = await people('olive', clientJob);
    expect(rows.olive).toMatchObject({ role: 'org_admin', deleted_at: null });
    expect(rows.carl).toMatchObject({ role: 'contractor', deleted_at: null });
    expect(await canSee('olive', clientJob)).toBe(true);
    // The contractor of record deletes a job its side created for a client.
    expect(rows.carl!.may).toMatchObject({ delete: true, quote: false });
    await restDelete('eve', clientJob);
    expect(await live(clientJob)).toBe(true);
    expect(await restDelete('carl', clientJob)).toBeNull();
    expect(await live(clientJob)).toBe(false);
  });

  it('after a member is removed: her row is a tombstone and she reads nothing of the job', async () => {
    expect(
      (await c.hannah.rpc('remove_project_member', { p_project_id: job, p_user_id: id.vic })).error,
    ).toBeNull();
    expect(await canSee('vic', job)).toBe(false);
    const mine = await people('vic', job);
    expect(Object.keys(mine)).toEqual(['vic']);
    expect(mine.vic!.deleted_at).not.toBeNull();
    // The people on the job by what they are cannot be removed.
    for (const p of ['dana', 'olive'] as const) {
      const { error } = await c.hannah.rpc('remove_project_member', {
        p_project_id: job,
        p_user_id: id[p],
      });
      expect(error?.code).toMatch(/42501|PT404/);
    }
    expect(await roles('hannah', job)).toEqual({
      hannah: 'owner',
      dana: 'contractor',
      olive: 'org_admin',
    });
  });

  it("after the contractor's account is deleted: the homeowner keeps her job; the admin's side has left it", async () => {
    expect((await c.dana.rpc('delete_my_account')).error).toBeNull();
    expect(await live(job)).toBe(true);
    expect(await roles('hannah', job)).toEqual({ hannah: 'owner' });
    expect(await canSee('olive', job)).toBe(false);
    expect((await people('olive', job)).olive!.deleted_at).not.toBeNull();
    // A deleted account's token reads nothing.
    expect(await canSee('dana', job)).toBe(false);
  });

  it('nobody writes a people row through the API, and anon reads none', async () => {
    for (const p of ['hannah', 'eve'] as const) {
      const ins = await c[p]
        .from('project_members')
        .insert({ project_id: job, user_id: id[p], role: 'contractor', may: { delete: true } });
      expect(ins.error).not.toBeNull();
      await c[p].from('project_members').update({ role: 'contractor' }).eq('project_id', job);
    }
    expect(await roles('hannah', job)).toEqual({ hannah: 'owner' });
    const { data } = await backend.client().from('project_members').select('id');
    expect(data ?? []).toEqual([]);
    // The homeowner who owns it deletes it.
    expect(await restDelete('hannah', job)).toBeNull();
    expect(await live(job)).toBe(false);
  });
});

describe("a job's review: the whole row for the people it is about, no one else's ids for the rest", () => {
  const reviewed = crypto.randomUUID();
  const shopping = crypto.randomUUID();
  let reviewId = '';
  const FULL = ['hannah', 'carl', 'olive'] as const;
  const OTHERS = ['vic', 'eve'] as const;

  it('Hannah reviews Carl after her job; Vic holds a quote from Carl on her own job', async () => {
    for (const [owner, project] of [
      ['hannah', reviewed],
      ['vic', shopping],
    ] as const) {
      const { error } = await c[owner].from('projects').insert({
        id: project,
        name: `${owner}'s kitchen`,
        status: 'active',
        user_id: id[owner],
        owner_user_id: id[owner],
        details: {},
      });
      expect(error).toBeNull();
      await inviteAndJoin(owner, 'carl', project, 'contractor');
    }
    const quote = await sendQuote('carl', reviewed);
    expect(
      (
        await c.hannah.rpc('accept_quote', {
          p_quote_id: quote.id,
          p_content_sha256: quote.content_sha256,
          p_signer_name: 'Hannah Home',
        })
      ).error,
    ).toBeNull();
    await sendQuote('carl', shopping);
    // The install is behind it (yesterday, marked done): the sign-off waits for that.
    await backend.pg.query(
      `insert into visits (project_id, contractor_id, kind, status, slots, starts_at, ends_at, done_at)
       values ($1, $2, 'install', 'scheduled', '[]', now() - interval '30 hours', now() - interval '22 hours', now())`,
      [reviewed, id.carl],
    );
    expect(
      (
        await c.hannah.rpc('sign_off_project', {
          p_project_id: reviewed,
          p_items: [],
          p_signer_name: 'Hannah Home',
        })
      ).error,
    ).toBeNull();
    const written = await c.hannah
      .from('reviews')
      .insert({ project_id: reviewed, reviewer_id: id.hannah, rating: 4, body: 'Tidy work' })
      .select('id')
      .single();
    expect(written.error).toBeNull();
    reviewId = (written.data as { id: string }).id;
    expect(await roles('hannah', reviewed)).toEqual({
      hannah: 'owner',
      carl: 'contractor',
      olive: 'org_admin',
    });
  });

  it('the reviewer, the contractor and his admin read the whole row, through REST and sync', async () => {
    for (const p of FULL) {
      const { data, error } = await c[p].from('reviews').select('id, reviewer_id, project_id');
      expect(error).toBeNull();
      expect(data).toContainEqual({ id: reviewId, reviewer_id: id.hannah, project_id: reviewed });
      const pulled = await c[p].rpc('pull_changes', { p_table: 'reviews', p_cursor: '0' });
      expect((pulled.data as { rows: { id: string }[] }).rows.map((r) => r.id)).toContain(reviewId);
    }
  });

  it("another homeowner comparing Carl's quote, a stranger contractor and anon never get Hannah's or her job's id", async () => {
    for (const p of OTHERS) {
      const { data, error } = await c[p].from('reviews').select('*');
      expect(error).toBeNull();
      expect(data).toEqual([]);
      const pulled = await c[p].rpc('pull_changes', { p_table: 'reviews', p_cursor: '0' });
      expect(JSON.stringify(pulled.data)).not.toContain(id.hannah);
      expect(JSON.stringify(pulled.data)).not.toContain(reviewed);
      const people = await c[p]
        .from('project_members')
        .select('user_id')
        .eq('project_id', reviewed);
      expect(people.data ?? []).toEqual([]);
    }
    // Vic holds Carl's quote: she reads the review's words and stars, and "Hanna H.", nothing else.
    const vic = await c.vic.rpc('contractor_reviews', { p_contractor_ids: [id.carl] });
    expect(vic.error).toBeNull();
    expect(vic.data).toEqual([
      expect.objectContaining({
        id: reviewId,
        contractor_id: id.carl,
        rating: 4,
        body: 'Tidy work',
      }),
    ]);
    const shown = (vic.data as Record<string, unknown>[])[0]!;
    expect(shown).not.toHaveProperty('reviewer_id');
    expect(shown).not.toHaveProperty('project_id');
    expect(shown.reviewer_name).toMatch(/^Hann?a H\.$/);
    expect(JSON.stringify(vic.data)).not.toContain(id.hannah);
    expect(JSON.stringify(vic.data)).not.toContain(reviewed);
    // Eve holds no quote from Carl: nothing; anon may not ask.
    const eve = await c.eve.rpc('contractor_reviews', { p_contractor_ids: [id.carl] });
    expect([eve.error, eve.data]).toEqual([null, []]);
    const anon = backend.client();
    const refused = await anon.rpc('contractor_reviews', { p_contractor_ids: [id.carl] });
    expect(refused.error?.code).toBe('42501');
    expect((await anon.from('reviews').select('id')).data ?? []).toEqual([]);
  });

  it('an invitation as "Contractor (edits)" is refused to a homeowner account, and stays for the right one', async () => {
    const sent = await c.hannah.functions.invoke('project-invite', {
      body: { project_id: reviewed, email: email('vic'), role: 'contractor' },
    });
    expect(sent.error).toBeNull();
    const link = (await backend.readMail(email('vic')))[0]?.links[0] ?? '';
    expect(new URL(link).hash).toMatch(/&role=contractor&email=vic-roles%40example\.com$/);
    const { error } = await c.vic.rpc('accept_project_invite', {
      p_token: await mailedToken(email('vic')),
    });
    expect(error).toMatchObject({ code: '42501', message: 'invite.contractor_only' });
    expect(await canSee('vic', reviewed)).toBe(false);
    const pending = await backend.pg.query<{ accepted_at: string | null }>(
      `select accepted_at from project_invites where project_id = $1 and lower(email) = $2`,
      [reviewed, email('vic')],
    );
    expect(pending.rows.map((r) => r.accepted_at)).toEqual([null]);
  });
});
