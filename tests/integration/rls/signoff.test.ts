/**
 * The end of a job over HTTP with supabase-js against the local backend
 * (PGlite, and real PostgreSQL in the postgres lane): the punch list (who
 * may write it, its limits, a photo of another job, forged server columns,
 * frozen after the sign-off), the homeowner's sign-off (only her, only over
 * the list the server has, every item done, a quote accepted, once), reviews
 * only after it (a review right after acceptance is refused with a code),
 * the calendar feed per person (no token, a malformed, revoked or replaced
 * token, another person's visits never in one's feed) and the admin's job
 * figures (admin only). The punch list through push_changes and
 * pull_changes too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

type Actor = 'owner' | 'contractor' | 'orgAdmin' | 'teammate' | 'stranger' | 'rival';
const ACTORS: Actor[] = ['owner', 'contractor', 'orgAdmin', 'teammate', 'stranger', 'rival'];

let backend: StartedBackend;
let anon: SupabaseClient;
/** The feed's endpoint reads a feed as service_role (server/calendarFeed.ts, the Edge Function). */
let service: SupabaseClient;
const clients = {} as Record<Actor, SupabaseClient>;
const ids = {} as Record<Actor, string>;

/** The homeowner's kitchen: the contractor's quote accepted. */
const JOB = crypto.randomUUID();
/** The stranger's own job (a file of it must not be a photo of JOB's punch list). */
const OTHER_JOB = crypto.randomUUID();
const OTHER_FILE = crypto.randomUUID();

interface PgError {
  code?: string;
  message?: string;
  details?: string;
}

function refused(
  res: { error: PgError | null; status: number },
  status: number,
  code: string,
  message: string,
): void {
  expect(res.error, `expected ${status} ${code} ${message}`).not.toBeNull();
  expect([res.status, res.error!.code, res.error!.message]).toEqual([status, code, message]);
}

async function acceptedQuote(project: string, contractor: string): Promise<void> {
  const q = await backend.pg.query<{ id: string; content_sha256: string }>(
    `insert into quotes (project_id, contractor_id, status, lines, valid_until, sent_at)
     values ($1, $2, 'sent', '[{"kind":"labor","description":"Install","quantity":1,"unit_cents":250000}]',
             current_date + 30, now()) returning id, content_sha256`,
    [project, contractor],
  );
  const { error } = await clients.owner.rpc('accept_quote', {
    p_quote_id: q.rows[0]!.id,
    p_content_sha256: q.rows[0]!.content_sha256,
    p_signer_name: 'Olivia Owner',
  });
  expect(error).toBeNull();
}

async function listOf(who: Actor, project = JOB): Promise<{ id: string; version: number }[]> {
  const { data, error } = await clients[who]
    .from('punch_list_items')
    .select('id, version')
    .eq('project_id', project)
    .is('deleted_at', null);
  expect(error).toBeNull();
  return data ?? [];
}

beforeAll(async () => {
  backend = await startLocalBackend();
  anon = backend.client();
  service = backend.serviceClient();
  const role: Record<Actor, string> = {
    owner: 'homeowner',
    contractor: 'contractor',
    orgAdmin: 'org_admin',
    teammate: 'contractor',
    stranger: 'homeowner',
    rival: 'contractor',
  };
  const made = await Promise.all(
    ACTORS.map((a) =>
      backend.signUpConfirmed(`${a.toLowerCase()}-signoff@example.com`, `secret-${a}`, {
        role: role[a],
        first_name: a,
        last_name: 'Test',
      }),
    ),
  );
  ACTORS.forEach((a, i) => {
    clients[a] = made[i]!.client;
    ids[a] = made[i]!.userId;
  });
  await backend.pg.query(
    `update profiles set organization_id = (select organization_id from profiles where id = $1)
     where id = any($2::uuid[])`,
    [ids.orgAdmin, [ids.contractor, ids.teammate]],
  );
  await backend.pg.query(
    `insert into projects (id, name, status, user_id, owner_user_id, assigned_contractor_id, details)
     values ($1, 'Kitchen refresh', 'active', $2, $2, null, '{}'),
            ($3, 'Other house', 'active', $4, $4, null, '{}')`,
    [JOB, ids.owner, OTHER_JOB, ids.stranger],
  );
  await backend.pg.query(
    `insert into project_files (id, project_id, user_id, file_name, file_path, file_size)
     values ($1, $2::uuid, $3, 'x.jpg', 'projects/' || $2::text || '/x.jpg', 10)`,
    [OTHER_FILE, OTHER_JOB, ids.stranger],
  );
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

describe('a review right after acceptance', () => {
  it('is refused with a code, and so is one on a job the homeowner marked completed herself', async () => {
    await acceptedQuote(JOB, ids.contractor);
    const review = { project_id: JOB, reviewer_id: ids.owner, rating: 1, body: 'Too slow' };
    refused(
      await clients.owner.from('reviews').insert(review),
      409,
      'PT409',
      'review.project_not_completed',
    );
    const marked = await clients.owner
      .from('projects')
      .update({ status: 'completed' })
      .eq('id', JOB);
    expect(marked.error).toBeNull();
    refused(
      await clients.owner.from('reviews').insert(review),
      409,
      'PT409',
      'review.not_signed_off',
    );
    await backend.pg.query(`update projects set status = 'active' where id = $1`, [JOB]);
  });
});

let itemId = '';

describe('the punch list', () => {
  it('refuses no token, a stranger, a rival contractor and a team member not on the job', async () => {
    const row = { project_id: JOB, item: 'Door 2 rubs' };
    refused(
      await anon.from('punch_list_items').insert(row),
      401,
      '42501',
      'permission denied for table punch_list_items',
    );
    for (const who of ['stranger', 'rival', 'teammate'] as const) {
      refused(
        await clients[who].from('punch_list_items').insert(row),
        403,
        '42501',
        'punch.not_allowed',
      );
    }
    for (const who of ['stranger', 'rival', 'teammate'] as const) {
      expect(await listOf(who)).toEqual([]);
    }
  });

  it('refuses an empty item, 10 KB of text, a made-up opening and a photo of another job', async () => {
    const cases: [object, number, string, string][] = [
      [{ item: '   ' }, 400, '22023', 'punch.item_required'],
      [{ item: 'x'.repeat(10_240) }, 400, '22023', 'punch.item_too_long'],
      [{ item: 'Gap', note: 'n'.repeat(10_240) }, 400, '22023', 'punch.note_too_long'],
      [{ item: 'Gap', opening_key: "'; drop table x; --" }, 400, '22023', 'punch.opening_invalid'],
      [{ item: 'Gap', photo_file_id: OTHER_FILE }, 403, '42501', 'punch.photo_other_project'],
    ];
    for (const [extra, status, code, message] of cases) {
      refused(
        await clients.contractor.from('punch_list_items').insert({ project_id: JOB, ...extra }),
        status,
        code,
        message,
      );
    }
  });

  it('takes an item per opening from the contractor; the server stamps who and when whatever was sent', async () => {
    const { data, error } = await clients.contractor
      .from('punch_list_items')
      .insert({
        project_id: JOB,
        opening_key: 'row-1_0',
        item: 'Door 1 hinge squeaks',
        note: 'Adjust the cup',
        created_by: ids.owner,
        done_at: '2020-01-01T00:00:00Z',
      })
      .select()
      .single();
    expect(error).toBeNull();
    const row = data as Record<string, unknown>;
    itemId = row.id as string;
    expect(row).toMatchObject({ created_by: ids.contractor, done: false, done_at: null });
    // The homeowner adds one too; the org admin and the homeowner read both.
    const hers = await clients.owner
      .from('punch_list_items')
      .insert({ project_id: JOB, item: 'Scratch on the drawer front' });
    expect(hers.error).toBeNull();
    expect(await listOf('owner')).toHaveLength(2);
    // Moving an item to another job is refused.
    refused(
      await clients.contractor
        .from('punch_list_items')
        .update({ project_id: OTHER_JOB })
        .eq('id', itemId),
      403,
      '42501',
      'punch.not_allowed',
    );
  });

  it('goes through push_changes and pull_changes like every synced table', async () => {
    const id = crypto.randomUUID();
    const pushed = await clients.contractor.rpc('push_changes', {
      p_ops: [
        {
          op_id: crypto.randomUUID(),
          table: 'punch_list_items',
          id,
          kind: 'insert',
          base_version: null,
          changes: { project_id: JOB, item: 'Reveal uneven at sink base', done: false },
        },
      ],
    });
    expect(pushed.error).toBeNull();
    const pulled = await clients.owner.rpc('pull_changes', {
      p_table: 'punch_list_items',
      p_cursor: '0',
      p_limit: 100,
    });
    expect(pulled.error).toBeNull();
    expect(JSON.stringify(pulled.data)).toContain(id);
    const theirs = await clients.stranger.rpc('pull_changes', {
      p_table: 'punch_list_items',
      p_cursor: '0',
      p_limit: 100,
    });
    expect(JSON.stringify(theirs.data)).not.toContain(id);
  });
});

describe('the sign-off', () => {
  it('is the homeowner’s only: no token, the contractor, a stranger', async () => {
    const args = { p_project_id: JOB, p_items: [], p_signer_name: 'Olivia Owner' };
    const none = await anon.rpc('sign_off_project', args);
    expect(none.error).not.toBeNull();
    expect(none.status).toBe(401);
    refused(
      await clients.contractor.rpc('sign_off_project', args),
      403,
      '42501',
      'signoff.owner_only',
    );
    refused(
      await clients.stranger.rpc('sign_off_project', args),
      404,
      'PT404',
      'signoff.project_not_found',
    );
  });

  it('waits for the install: refused right after acceptance and while the install is ahead; open once it is marked done', async () => {
    const list = await listOf('owner');
    const args = { p_project_id: JOB, p_items: list, p_signer_name: 'Olivia Owner' };
    refused(
      await clients.owner.rpc('sign_off_project', args),
      409,
      'PT409',
      'signoff.install_not_done',
    );
    const at = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
    const install = await clients.contractor
      .from('visits')
      .insert({
        project_id: JOB,
        kind: 'install',
        status: 'scheduled',
        slots: [{ starts_at: at(24), ends_at: at(32) }],
      })
      .select('id')
      .single();
    expect(install.error).toBeNull();
    const visitId = (install.data as { id: string }).id;
    refused(
      await clients.owner.rpc('sign_off_project', args),
      409,
      'PT409',
      'signoff.install_not_done',
    );
    // The homeowner cannot open her own sign-off by marking the install done.
    refused(
      await clients.owner
        .from('visits')
        .update({ done_at: at(0) })
        .eq('id', visitId),
      403,
      '42501',
      'visit.not_allowed',
    );
    // A cancelled install whose days are over does not count either.
    const past = await backend.pg.query<{ id: string }>(
      `insert into visits (project_id, contractor_id, kind, status, slots, starts_at, ends_at)
       values ($1, $2, 'install', 'cancelled', '[]', now() - interval '3 days', now() - interval '2 days')
       returning id`,
      [JOB, ids.contractor],
    );
    expect(past.rows).toHaveLength(1);
    refused(
      await clients.owner.rpc('sign_off_project', args),
      409,
      'PT409',
      'signoff.install_not_done',
    );
    // The first day began (time passing, set as the database owner); the contractor marks it done.
    await backend.pg.query(
      `update visits set slots = jsonb_build_array(jsonb_build_object('starts_at', $2::text, 'ends_at', $3::text)),
              starts_at = $2::timestamptz, ends_at = $3::timestamptz
        where id = $1`,
      [visitId, at(-1), at(7)],
    );
    const done = await clients.contractor
      .from('visits')
      .update({ done_at: at(0) })
      .eq('id', visitId)
      .select('done_at')
      .single();
    expect(done.error).toBeNull();
    // Past the install gate now: the next refusal is the list's own (three items open).
    refused(await clients.owner.rpc('sign_off_project', args), 409, 'PT409', 'signoff.items_open');
    // An install whose last day is over opens it as well, unmarked.
    await clients.contractor.from('visits').update({ done_at: null }).eq('id', visitId);
    refused(
      await clients.owner.rpc('sign_off_project', args),
      409,
      'PT409',
      'signoff.install_not_done',
    );
    await backend.pg.query(
      `update visits set slots = jsonb_build_array(jsonb_build_object('starts_at', $2::text, 'ends_at', $3::text)),
              starts_at = $2::timestamptz, ends_at = $3::timestamptz
        where id = $1`,
      [visitId, at(-9), at(-1)],
    );
    refused(await clients.owner.rpc('sign_off_project', args), 409, 'PT409', 'signoff.items_open');
    // The yes was ten days before these install days (the admin's figures read the days between).
    await backend.pg.query(
      `update quotes set signed_at = signed_at - interval '10 days' where project_id = $1 and status = 'accepted'`,
      [JOB],
    );
  });

  it('refuses a missing name, a malformed or changed list and open items', async () => {
    const list = await listOf('owner');
    refused(
      await clients.owner.rpc('sign_off_project', {
        p_project_id: JOB,
        p_items: list,
        p_signer_name: ' ',
      }),
      400,
      '22023',
      'signoff.signer_name_required',
    );
    refused(
      await clients.owner.rpc('sign_off_project', {
        p_project_id: JOB,
        p_items: [{ id: 'x', version: 'y' }],
        p_signer_name: 'Olivia Owner',
      }),
      400,
      '22023',
      'signoff.list_malformed',
    );
    refused(
      await clients.owner.rpc('sign_off_project', {
        p_project_id: JOB,
        p_items: list.slice(1),
        p_signer_name: 'Olivia Owner',
      }),
      409,
      'PT409',
      'signoff.list_changed',
    );
    const open = await clients.owner.rpc('sign_off_project', {
      p_project_id: JOB,
      p_items: list,
      p_signer_name: 'Olivia Owner',
    });
    refused(open, 409, 'PT409', 'signoff.items_open');
    expect(JSON.parse(open.error!.details)).toEqual({ count: 3 });
  });

  it('signs a done list once: the job completed, the list frozen, a review then allowed', async () => {
    const done = await clients.contractor
      .from('punch_list_items')
      .update({ done: true })
      .eq('project_id', JOB)
      .select('done_at');
    expect(done.error).toBeNull();
    expect((done.data ?? []).every((r: { done_at: string | null }) => r.done_at !== null)).toBe(
      true,
    );
    // A list seen before the last change is not the list signed.
    const stale = (await listOf('owner')).map((r) => ({ ...r, version: r.version - 1 }));
    refused(
      await clients.owner.rpc('sign_off_project', {
        p_project_id: JOB,
        p_items: stale,
        p_signer_name: 'Olivia Owner',
      }),
      409,
      'PT409',
      'signoff.list_changed',
    );
    const signed = await clients.owner.rpc('sign_off_project', {
      p_project_id: JOB,
      p_items: await listOf('owner'),
      p_signer_name: 'Olivia Owner',
    });
    expect(signed.error).toBeNull();
    expect(signed.data).toMatchObject({
      project_id: JOB,
      signer_name: 'Olivia Owner',
      signed_by: ids.owner,
      items: 3,
    });
    expect((signed.data as { signed_sha256: string }).signed_sha256).toMatch(/^[0-9a-f]{64}$/);
    // The money side's final invoice is issued by the sign-off.
    const finalInvoice = (signed.data as { final_invoice_id: string | null }).final_invoice_id;
    expect(finalInvoice).not.toBeNull();
    const project = await backend.pg.query<{ status: string }>(
      `select status from projects where id = $1`,
      [JOB],
    );
    expect(project.rows[0]!.status).toBe('completed');
    refused(
      await clients.owner.rpc('sign_off_project', {
        p_project_id: JOB,
        p_items: await listOf('owner'),
        p_signer_name: 'Olivia Owner',
      }),
      409,
      'PT409',
      'signoff.already_signed',
    );
    refused(
      await clients.contractor.from('punch_list_items').update({ done: false }).eq('id', itemId),
      409,
      'PT409',
      'punch.signed_off',
    );
    // Nobody writes a sign-off row by hand.
    const forged = await clients.owner.from('project_signoffs').insert({
      project_id: OTHER_JOB,
      signer_name: 'Forged',
      signed_sha256: '0'.repeat(64),
    });
    expect([forged.status, forged.error?.code]).toEqual([403, '42501']);
    const readers = await Promise.all(
      (['owner', 'contractor', 'stranger'] as const).map(async (who) => {
        const { data } = await clients[who].from('project_signoffs').select('project_id');
        return (data ?? []).length;
      }),
    );
    expect(readers).toEqual([1, 1, 0]);
    const review = await clients.owner
      .from('reviews')
      .insert({ project_id: JOB, reviewer_id: ids.owner, rating: 5, body: 'Great doors' });
    expect(review.error).toBeNull();
  });
});

describe('the calendar feed per person', () => {
  let ownerToken = '';
  let contractorToken = '';
  let installId = '';

  it('serves each person their visits only, by the token alone', async () => {
    const DAY = 86_400_000;
    const start = new Date(Date.now() + 3 * DAY);
    const install = await clients.orgAdmin
      .from('visits')
      .insert({
        project_id: JOB,
        kind: 'install',
        status: 'scheduled',
        crew: [ids.teammate],
        slots: [
          {
            starts_at: start.toISOString(),
            ends_at: new Date(start.getTime() + 8 * 3_600_000).toISOString(),
          },
        ],
      })
      .select('id')
      .single();
    // The job is signed off but its contractor of record still plans; a scheduled install exists for the feed.
    expect(install.error).toBeNull();
    installId = (install.data as { id: string }).id;
    const issued = await clients.owner.rpc('calendar_feed_issue');
    expect(issued.error).toBeNull();
    ownerToken = (issued.data as { token: string }).token;
    expect(ownerToken).toMatch(/^[0-9a-f]{64}$/);
    contractorToken = ((await clients.rival.rpc('calendar_feed_issue')).data as { token: string })
      .token;
    const mine = await service.rpc('calendar_feed', { p_token: ownerToken });
    expect(mine.error).toBeNull();
    // Her job's visits, soonest first: the install days the sign-off waited for, and this one.
    const onJob = await backend.pg.query<{ id: string }>(
      `select id from visits where project_id = $1 order by starts_at, id`,
      [JOB],
    );
    expect(onJob.rows.map((r) => r.id)).toContain(installId);
    expect((mine.data as { visits: { id: string }[] }).visits.map((v) => v.id)).toEqual(
      onJob.rows.map((r) => r.id),
    );
    // The rival's token is his: none of the homeowner's visits.
    const his = await service.rpc('calendar_feed', { p_token: contractorToken });
    expect((his.data as { visits: unknown[] }).visits).toEqual([]);
    // The crew member reads it on his feed too.
    const crewToken = (
      (await clients.teammate.rpc('calendar_feed_issue')).data as { token: string }
    ).token;
    const crew = await service.rpc('calendar_feed', { p_token: crewToken });
    expect((crew.data as { visits: { id: string }[] }).visits.map((v) => v.id)).toEqual([
      installId,
    ]);
    // Nobody reads the stored hashes.
    const hashes = await clients.owner
      .schema('private' as 'public')
      .from('calendar_feeds')
      .select('*');
    expect(hashes.data).toBeNull();
    expect([404, 406]).toContain(hashes.status);
  });

  it('answers 404 with one code to no, malformed, guessed, replaced and revoked tokens', async () => {
    const guessed = 'a'.repeat(64);
    for (const token of [null, '', 'x', guessed, `${ownerToken}0`, ownerToken.toUpperCase()]) {
      refused(
        await service.rpc('calendar_feed', { p_token: token }),
        404,
        'PT404',
        'calendar.feed_not_found',
      );
    }
    const again = await clients.owner.rpc('calendar_feed_issue');
    const fresh = (again.data as { token: string }).token;
    refused(
      await service.rpc('calendar_feed', { p_token: ownerToken }),
      404,
      'PT404',
      'calendar.feed_not_found',
    );
    expect((await service.rpc('calendar_feed', { p_token: fresh })).error).toBeNull();
    expect((await clients.owner.rpc('calendar_feed_status')).data).toMatchObject({ active: true });
    expect((await clients.owner.rpc('calendar_feed_revoke')).data).toEqual({ revoked: true });
    refused(
      await service.rpc('calendar_feed', { p_token: fresh }),
      404,
      'PT404',
      'calendar.feed_not_found',
    );
    expect((await clients.owner.rpc('calendar_feed_status')).data).toMatchObject({
      active: false,
    });
    // Issuing, revoking and reading status need a signed-in person; reading a feed is the server's.
    for (const fn of ['calendar_feed_issue', 'calendar_feed_revoke', 'calendar_feed_status']) {
      const res = await anon.rpc(fn);
      expect(res.error, fn).not.toBeNull();
      expect(res.status, fn).toBe(401);
    }
    for (const who of [anon, clients.owner]) {
      const res = await who.rpc('calendar_feed', { p_token: fresh });
      expect(res.data).toBeNull();
      expect(res.error?.code).toBe('42501');
    }
  });
});

describe('the calendar feed over HTTP (the route the Edge Function shares)', () => {
  it('serves text/calendar to the token alone; no, guessed, revoked tokens and a POST get 404/405 with a code', async () => {
    const issued = await clients.teammate.rpc('calendar_feed_issue');
    const token = (issued.data as { token: string }).token;
    const feed = (query: string, init?: RequestInit) =>
      fetch(`${backend.url}/functions/v1/calendar-feed${query}`, init);
    const ok = await feed(`?token=${token}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('text/calendar');
    const ics = await ok.text();
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('Install: Kitchen refresh');
    for (const query of ['', '?token=', `?token=${'0'.repeat(64)}`, `?token=${token}x`]) {
      const res = await feed(query);
      expect(res.status, query).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'PT404', message: 'calendar.feed_not_found' });
    }
    const posted = await feed(`?token=${token}`, { method: 'POST', body: 'x'.repeat(100_000) });
    expect(posted.status).toBe(405);
    await clients.teammate.rpc('calendar_feed_revoke');
    const revoked = await feed(`?token=${token}`);
    expect(revoked.status).toBe(404);
    expect(await revoked.json()).toMatchObject({ message: 'calendar.feed_not_found' });
  });
});

describe('job analytics', () => {
  it('is the organization admin’s only, and counts the signed-off job', async () => {
    for (const who of ['contractor', 'owner', 'stranger'] as const) {
      refused(await clients[who].rpc('job_analytics'), 403, '42501', 'analytics.admin_only');
    }
    const none = await anon.rpc('job_analytics');
    expect(none.status).toBe(401);
    const { data, error } = await clients.orgAdmin.rpc('job_analytics');
    expect(error).toBeNull();
    expect(data).toMatchObject({
      jobs: 1,
      stages: { signed_off: 1, quoted: 0, scheduled: 0, ordered: 0, paid: 0 },
      // Nothing paid yet: the whole contract (the accepted quote) is outstanding.
      outstanding_cents: 250000,
      remake_rate: null,
    });
    expect(
      (data as { median_days_yes_to_install: number }).median_days_yes_to_install,
    ).toBeGreaterThan(2);
  });
});
