/**
 * Visits over HTTP with supabase-js against the local backend (PGlite, and
 * real PostgreSQL in the postgres lane): a contractor in the request's area
 * proposes a measure visit (1 to 10 future slots, a message within its
 * limit), only the job's homeowner accepts one slot or declines, accepting
 * shares the job with that contractor (job role editor: he may measure);
 * the job's contractor of record or his organization's admin schedules the
 * install and its crew (the admin assigns team members); nobody else reads
 * or writes them: another contractor, another homeowner, a team member not
 * on the crew, no token, forged server columns, huge bodies, a flood.
 * The same through push_changes and pull_changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

type Actor = 'owner' | 'contractor' | 'orgAdmin' | 'teammate' | 'rival' | 'stranger' | 'other';
const ACTORS: Actor[] = [
  'owner',
  'contractor',
  'orgAdmin',
  'teammate',
  'rival',
  'stranger',
  'other',
];

let backend: StartedBackend;
let anon: SupabaseClient;
const clients = {} as Record<Actor, SupabaseClient>;
const ids = {} as Record<Actor, string>;

/** The homeowner's job, open for quotes in ZIP 62701. */
const REQUEST_JOB = crypto.randomUUID();
/** A job whose contractor of record is `contractor` (quote accepted). */
const INSTALL_JOB = crypto.randomUUID();

const HOUR = 3_600_000;
const at = (hoursFromNow: number) => new Date(Date.now() + hoursFromNow * HOUR).toISOString();
const slot = (fromHours: number, lengthHours = 1) => ({
  starts_at: at(fromHours),
  ends_at: at(fromHours + lengthHours),
});

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

async function visible(who: Actor): Promise<string[]> {
  const { data, error } = await clients[who].from('visits').select('id');
  expect(error).toBeNull();
  return (data ?? []).map((r: { id: string }) => r.id).sort();
}

/** The homeowner accepts a sent quote of `contractor` on `project` (the yes an install waits for). */
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

async function roleOf(user: string, project: string): Promise<string | null> {
  const r = await backend.pg.query<{ role: string | null }>(
    `select private.project_role($1::uuid, $2::uuid) as role`,
    [project, user],
  );
  return r.rows[0]!.role;
}

beforeAll(async () => {
  backend = await startLocalBackend();
  anon = backend.client();
  const role: Record<Actor, string> = {
    owner: 'homeowner',
    contractor: 'contractor',
    orgAdmin: 'org_admin',
    teammate: 'contractor',
    rival: 'contractor',
    stranger: 'homeowner',
    other: 'contractor',
  };
  const made = await Promise.all(
    ACTORS.map((a) =>
      backend.signUpConfirmed(`${a.toLowerCase()}-visit@example.com`, `secret-${a}`, {
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
  // contractor and teammate are on orgAdmin's team; rival serves the same area alone; other serves elsewhere.
  await backend.pg.query(
    `update profiles set organization_id = (select organization_id from profiles where id = $1)
     where id = any($2::uuid[])`,
    [ids.orgAdmin, [ids.contractor, ids.teammate]],
  );
  await backend.pg.query(`update profiles set service_areas = '{627}' where id = any($1::uuid[])`, [
    [ids.contractor, ids.rival],
  ]);
  await backend.pg.query(`update profiles set service_areas = '{100}' where id = $1`, [ids.other]);
  await backend.pg.query(
    `insert into projects (id, name, status, user_id, owner_user_id, assigned_contractor_id, details)
     values ($1, 'Kitchen refresh', 'active', $2, $2, null, '{}'),
            ($3, 'Laundry room', 'active', $2, $2, $4, '{}')`,
    [REQUEST_JOB, ids.owner, INSTALL_JOB, ids.contractor],
  );
  await backend.pg.query(`insert into quote_requests (project_id, zip) values ($1, '62701')`, [
    REQUEST_JOB,
  ]);
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

let measureId = '';
let rivalMeasureId = '';
let installId = '';

describe('proposing a measure visit', () => {
  it('refuses no token, a contractor outside the area, the homeowner and a team member not asked', async () => {
    const row = { project_id: REQUEST_JOB, kind: 'measure', slots: [slot(48)], message: 'Hi' };
    refused(
      await anon.from('visits').insert(row),
      401,
      '42501',
      'permission denied for table visits',
    );
    for (const who of ['other', 'owner', 'stranger'] as const) {
      refused(await clients[who].from('visits').insert(row), 403, '42501', 'visit.not_allowed');
    }
  });

  it('refuses slots in the past, an end before its start, eleven slots, a malformed one and a 10 KB message', async () => {
    const base = { project_id: REQUEST_JOB, kind: 'measure' };
    const cases: [unknown, string, string][] = [
      [{ slots: [slot(-2)] }, '22023', 'visit.slot_in_past'],
      [{ slots: [{ starts_at: at(50), ends_at: at(49) }] }, '22023', 'visit.slot_end_before_start'],
      [
        { slots: Array.from({ length: 11 }, (_, i) => slot(48 + i)) },
        '22023',
        'visit.too_many_slots',
      ],
      [{ slots: [{ starts_at: 'tomorrow', ends_at: at(49) }] }, '22023', 'visit.slot_malformed'],
      [{ slots: [] }, '22023', 'visit.slots_empty'],
      [{ slots: [slot(48, 30)] }, '22023', 'visit.slot_too_long'],
      [{ slots: [slot(48)], message: 'x'.repeat(10_240) }, '23514', 'text.too_long'],
    ];
    for (const [extra, code, message] of cases) {
      const res = await clients.contractor.from('visits').insert({ ...base, ...(extra as object) });
      refused(res, 400, code, message);
    }
    const past = await clients.contractor
      .from('visits')
      .insert({ ...base, slots: [slot(48), slot(-1)] });
    expect(JSON.parse(past.error!.details)).toEqual({ index: 1 });
  });

  it('takes two future slots; the server sets the contractor, title and summary whatever was sent', async () => {
    const { data, error } = await clients.contractor
      .from('visits')
      .insert({
        project_id: REQUEST_JOB,
        kind: 'measure',
        slots: [slot(48, 2), slot(72, 2)],
        message: 'I can come measure.',
        contractor_id: ids.rival,
        title: 'forged',
        answered_at: at(1),
        created_by: ids.rival,
        contractor_contact: { name: 'Forged Name', phone: '5550000000' },
      })
      .select()
      .single();
    expect(error).toBeNull();
    const row = data as Record<string, unknown>;
    measureId = row.id as string;
    expect(row).toMatchObject({
      contractor_id: ids.contractor,
      // The homeowner reads who proposes, as the server has him, never as the client wrote it.
      contractor_contact: { name: 'contractor Test', email: 'contractor-visit@example.com' },
      created_by: ids.contractor,
      title: 'Kitchen refresh',
      status: 'proposed',
      answered_at: null,
      chosen_slot: null,
    });
    // A second open proposal on the same job is the first one edited.
    refused(
      await clients.contractor
        .from('visits')
        .insert({ project_id: REQUEST_JOB, kind: 'measure', slots: [slot(50)] }),
      409,
      'PT409',
      'visit.already_proposed',
    );
    const rival = await clients.rival
      .from('visits')
      .insert({ project_id: REQUEST_JOB, kind: 'measure', slots: [slot(96)] })
      .select('id')
      .single();
    expect(rival.error).toBeNull();
    rivalMeasureId = (rival.data as { id: string }).id;
  });

  it('is read by its contractor, his admin and the homeowner; never by a rival, a stranger or the team', async () => {
    expect(await visible('contractor')).toEqual([measureId]);
    expect(await visible('orgAdmin')).toEqual([measureId]);
    expect(await visible('owner')).toEqual([measureId, rivalMeasureId].sort());
    expect(await visible('rival')).toEqual([rivalMeasureId]);
    for (const who of ['stranger', 'teammate', 'other'] as const)
      expect(await visible(who)).toEqual([]);
    const pulled = await clients.rival.rpc('pull_changes', { p_table: 'visits', p_cursor: '0' });
    expect((pulled.data as { rows: { id: string }[] }).rows.map((r) => r.id)).toEqual([
      rivalMeasureId,
    ]);
    // The homeowner's device learns who proposes each visit by the pull.
    const hers = await clients.owner.rpc('pull_changes', { p_table: 'visits', p_cursor: '0' });
    const names = (hers.data as { rows: { contractor_contact: { name?: string } }[] }).rows
      .map((r) => r.contractor_contact.name)
      .sort();
    expect(names).toEqual(['contractor Test', 'rival Test']);
    // The contact is the server's: the contractor may not change it, by REST or by a push.
    const edited = await clients.contractor
      .from('visits')
      .update({ contractor_contact: { name: 'Someone else' }, message: 'I can come measure!' })
      .eq('id', measureId)
      .select('contractor_contact')
      .single();
    expect(edited.error).toBeNull();
    expect(edited.data).toMatchObject({ contractor_contact: { name: 'contractor Test' } });
    const [pushed] = (
      await clients.contractor.rpc('push_changes', {
        p_ops: [
          {
            op_id: crypto.randomUUID(),
            table: 'visits',
            id: measureId,
            kind: 'update',
            base_version: 1,
            changes: { contractor_contact: { name: 'Someone else' } },
          },
        ],
      })
    ).data as { status: string; message: string | null }[];
    expect([pushed!.status, pushed!.message]).toEqual(['rejected', 'sync.columns_not_writable']);
  });
});

describe('answering a measure visit', () => {
  it('refuses the contractor choosing a slot, a rival or stranger answering, the homeowner editing slots', async () => {
    refused(
      await clients.contractor
        .from('visits')
        .update({ status: 'scheduled', chosen_slot: 0 })
        .eq('id', measureId),
      400,
      '22023',
      'visit.bad_status',
    );
    for (const who of ['rival', 'stranger'] as const) {
      const res = await clients[who]
        .from('visits')
        .update({ status: 'scheduled', chosen_slot: 0 })
        .eq('id', measureId)
        .select();
      expect(res.data ?? []).toEqual([]);
    }
    refused(
      await clients.owner
        .from('visits')
        .update({ slots: [slot(30)] })
        .eq('id', measureId),
      403,
      '42501',
      'visit.not_allowed',
    );
    refused(
      await clients.owner
        .from('visits')
        .update({ status: 'scheduled', chosen_slot: 5 })
        .eq('id', measureId),
      400,
      '22023',
      'visit.bad_slot',
    );
    expect(await roleOf(ids.contractor, REQUEST_JOB)).toBeNull();
  });

  it('the homeowner accepts slot 2: scheduled at that time, and the job is shared with the contractor as editor', async () => {
    const { data, error } = await clients.owner
      .from('visits')
      .update({ status: 'scheduled', chosen_slot: 1 })
      .eq('id', measureId)
      .select()
      .single();
    expect(error).toBeNull();
    const row = data as { slots: { starts_at: string }[]; starts_at: string; answered_at: string };
    expect(new Date(row.starts_at).getTime()).toBe(new Date(row.slots[1]!.starts_at).getTime());
    expect(row.answered_at).not.toBeNull();
    expect(await roleOf(ids.contractor, REQUEST_JOB)).toBe('editor');
    // He now reads the job and may measure it; the rival, who was not accepted, does not.
    const job = await clients.contractor.from('projects').select('id').eq('id', REQUEST_JOB);
    expect(job.data).toEqual([{ id: REQUEST_JOB }]);
    expect(await roleOf(ids.rival, REQUEST_JOB)).toBeNull();
    // An answered proposal is not answered again.
    refused(
      await clients.owner.from('visits').update({ status: 'declined' }).eq('id', measureId),
      400,
      '22023',
      'visit.bad_status',
    );
  });

  it('the homeowner declines the rival through push_changes; a forged push by the rival is refused', async () => {
    const op = (id: string, changes: Record<string, unknown>, kind = 'update') => ({
      op_id: crypto.randomUUID(),
      table: 'visits',
      id,
      kind,
      base_version: kind === 'insert' ? null : 1,
      changes,
    });
    const declined = await clients.owner.rpc('push_changes', {
      p_ops: [op(rivalMeasureId, { status: 'declined' })],
    });
    expect(declined.error).toBeNull();
    expect((declined.data as { status: string }[])[0]!.status).toBe('applied');
    const forged = await clients.rival.rpc('push_changes', {
      p_ops: [op(rivalMeasureId, { status: 'scheduled', chosen_slot: 0 }, 'update')],
    });
    expect((forged.data as { status: string; code: string; message: string }[])[0]).toMatchObject({
      status: 'rejected',
    });
    expect(await roleOf(ids.rival, REQUEST_JOB)).toBeNull();
  });
});

describe('scheduling the install', () => {
  it('refuses a contractor not of record, the homeowner, a teammate; the contractor may not put a teammate on the crew', async () => {
    const row = {
      project_id: INSTALL_JOB,
      kind: 'install',
      status: 'scheduled',
      slots: [slot(200, 8)],
    };
    for (const who of ['rival', 'owner', 'teammate'] as const) {
      refused(await clients[who].from('visits').insert(row), 403, '42501', 'visit.not_allowed');
    }
    refused(
      await clients.contractor.from('visits').insert({ ...row, crew: [ids.teammate] }),
      403,
      '42501',
      'visit.crew_not_allowed',
    );
    refused(
      await clients.contractor.from('visits').insert({ ...row, crew: [ids.rival] }),
      403,
      '42501',
      'visit.crew_not_allowed',
    );
    // The contractor of record, before the homeowner said yes: no install yet.
    refused(
      await clients.contractor.from('visits').insert(row),
      409,
      'PT409',
      'visit.no_accepted_quote',
    );
    const viaPush = await clients.contractor.rpc('push_changes', {
      p_ops: [
        {
          op_id: crypto.randomUUID(),
          table: 'visits',
          id: crypto.randomUUID(),
          kind: 'insert',
          base_version: null,
          changes: { ...row, crew: [] },
        },
      ],
    });
    expect(viaPush.error).toBeNull();
    expect(JSON.stringify(viaPush.data)).toContain('visit.no_accepted_quote');
    await acceptedQuote(INSTALL_JOB, ids.contractor);
  });

  it('the contractor schedules two days; the admin puts the teammate on the crew; who reads it', async () => {
    const { data, error } = await clients.contractor
      .from('visits')
      .insert({
        project_id: INSTALL_JOB,
        kind: 'install',
        status: 'scheduled',
        slots: [slot(200, 8), slot(224, 8)],
        crew: [ids.contractor],
      })
      .select()
      .single();
    expect(error).toBeNull();
    installId = (data as { id: string }).id;
    expect(await visible('teammate')).toEqual([]);
    const assigned = await clients.orgAdmin
      .from('visits')
      .update({ crew: [ids.contractor, ids.teammate] })
      .eq('id', installId)
      .select('crew')
      .single();
    expect(assigned.error).toBeNull();
    expect(await visible('teammate')).toEqual([installId]);
    expect(await visible('owner')).toContain(installId);
    expect(await visible('rival')).not.toContain(installId);
    // The teammate reads it but does not plan it; the homeowner does not edit an install.
    const moved = await clients.teammate
      .from('visits')
      .update({ slots: [slot(300)] })
      .eq('id', installId)
      .select();
    expect(moved.data ?? []).toEqual([]);
    refused(
      await clients.owner
        .from('visits')
        .update({ status: 'scheduled', chosen_slot: 0 })
        .eq('id', installId),
      400,
      '22023',
      'visit.bad_status',
    );
    refused(
      await clients.contractor
        .from('visits')
        .update({ project_id: REQUEST_JOB })
        .eq('id', installId),
      403,
      '42501',
      'visit.not_allowed',
    );
  });

  it('the contractor cancels it; a flood of inserts stops at the hourly limit', async () => {
    const cancelled = await clients.contractor
      .from('visits')
      .update({ status: 'cancelled' })
      .eq('id', installId)
      .select('status')
      .single();
    expect(cancelled.data).toEqual({ status: 'cancelled' });
    refused(
      await clients.contractor
        .from('visits')
        .update({ slots: [slot(400)] })
        .eq('id', installId),
      409,
      'PT409',
      'visit.closed',
    );
    const rows = Array.from({ length: 130 }, (_, i) => ({
      project_id: INSTALL_JOB,
      kind: 'install',
      status: 'scheduled',
      slots: [slot(500 + i)],
    }));
    const flood = await clients.contractor.from('visits').insert(rows);
    refused(flood, 429, 'PT429', 'visit.rate_limited');
    const r = await backend.pg.query<{ n: number }>(
      `select count(*)::int as n from visits where created_by = $1`,
      [ids.contractor],
    );
    expect(r.rows[0]!.n).toBe(2);
  });
});

describe('marking the install done', () => {
  it('only its planner, only an install, only once its first day has begun; the server keeps its own time', async () => {
    const made = await clients.contractor
      .from('visits')
      .insert({
        project_id: INSTALL_JOB,
        kind: 'install',
        status: 'scheduled',
        slots: [slot(48, 8)],
        done_at: '2020-01-01T00:00:00Z',
      })
      .select('id, done_at')
      .single();
    expect(made.error).toBeNull();
    // A done time sent with the new visit is not kept.
    expect(made.data!.done_at).toBeNull();
    const id = (made.data as { id: string }).id;
    const mark = { done_at: new Date().toISOString() };
    refused(
      await clients.contractor.from('visits').update(mark).eq('id', id),
      409,
      'PT409',
      'visit.done_too_early',
    );
    // Its first day began an hour ago (set as the database owner, the way time passes).
    await backend.pg.query(
      `update visits set slots = jsonb_build_array(jsonb_build_object(
         'starts_at', to_char((now() - interval '1 hour') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
         'ends_at', to_char((now() + interval '7 hours') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))),
         starts_at = now() - interval '1 hour', ends_at = now() + interval '7 hours'
       where id = $1`,
      [id],
    );
    refused(
      await clients.owner.from('visits').update(mark).eq('id', id),
      403,
      '42501',
      'visit.not_allowed',
    );
    for (const who of ['rival', 'stranger', 'teammate'] as const) {
      const res = await clients[who].from('visits').update(mark).eq('id', id).select();
      expect(res.data ?? [], who).toEqual([]);
    }
    const anonMark = await anon.from('visits').update(mark).eq('id', id).select();
    expect(anonMark.data ?? []).toEqual([]);
    refused(
      await clients.contractor.from('visits').update(mark).eq('id', measureId),
      400,
      '22023',
      'visit.done_not_install',
    );
    const before = Date.now();
    const done = await clients.orgAdmin
      .from('visits')
      .update({ done_at: '1999-01-01T00:00:00Z' })
      .eq('id', id)
      .select('done_at')
      .single();
    expect(done.error).toBeNull();
    const stamped = Date.parse((done.data as { done_at: string }).done_at);
    expect(stamped).toBeGreaterThan(before - 60_000);
    // Sent again, it keeps the first time; null un-marks it; a cancelled visit is not marked.
    const again = await clients.contractor
      .from('visits')
      .update({ done_at: new Date().toISOString() })
      .eq('id', id)
      .select('done_at')
      .single();
    expect(Date.parse((again.data as { done_at: string }).done_at)).toBe(stamped);
    const undone = await clients.contractor
      .from('visits')
      .update({ done_at: null })
      .eq('id', id)
      .select('done_at')
      .single();
    expect(undone.data).toEqual({ done_at: null });
    await clients.contractor.from('visits').update({ status: 'cancelled' }).eq('id', id);
    refused(
      await clients.contractor.from('visits').update(mark).eq('id', id),
      409,
      'PT409',
      'visit.closed',
    );
  });
});
