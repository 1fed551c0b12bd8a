/**
 * Quote requests, quotes and the quote RPCs over HTTP with supabase-js
 * against the local backend (PGlite, and real PostgreSQL in the postgres
 * lane): the RLS and RPC matrix for the homeowner, the quoting contractor,
 * another contractor in the service area, a contractor outside it, the
 * quoting contractor's org_admin, another organization's admin and anon,
 * the redaction of the homeowner's contact details, bad input, and every
 * refused acceptance leaving the database as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

type Actor = 'homeowner' | 'quoting' | 'nearby' | 'outside' | 'orgAdmin' | 'otherAdmin';
const ACTORS: Actor[] = ['homeowner', 'quoting', 'nearby', 'outside', 'orgAdmin', 'otherAdmin'];

let backend: StartedBackend;
let anon: SupabaseClient;
const clients = {} as Record<Actor, SupabaseClient>;
const ids = {} as Record<Actor, string>;

const PROJECT = crypto.randomUUID();
const PROJECT2 = crypto.randomUUID();
const PHOTO = crypto.randomUUID();
const OTHER_FILE = crypto.randomUUID();
const PHOTO_PATH = `projects/${PROJECT}/1700000000000.jpg`;
const STREET = '25 Maple Street';

const day = (offset: number): string =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** 4 × 3.0208 × 1850 = 22353.92 → 22354; 8 × 450 = 3600; 1.5 × 6000 = 9000. */
const LINES = [
  {
    kind: 'door',
    description: 'Shaker door 14 1/2 x 30',
    quantity: 4,
    unit_cents: 1850,
    sqft: 3.0208,
  },
  { kind: 'hinge', description: 'Hinge with boring', quantity: 8, unit_cents: 450 },
  { kind: 'labor', description: 'Install', quantity: 1.5, unit_cents: 6000 },
];

interface PushResult {
  status: string;
  code: string | null;
  message: string | null;
  row: Record<string, unknown> | null;
}

async function push(who: Actor, ops: Record<string, unknown>[]): Promise<PushResult[]> {
  const { data, error } = await clients[who].rpc('push_changes', {
    p_ops: ops.map((o) => ({ op_id: crypto.randomUUID(), ...o })),
  });
  if (error) throw new Error(`push_changes: ${error.message}`);
  return data as PushResult[];
}

/** A quote insert op by `who` on `project`. */
function quoteInsert(who: Actor, project: string, changes: Record<string, unknown> = {}) {
  return {
    table: 'quotes',
    id: crypto.randomUUID(),
    kind: 'insert',
    changes: {
      project_id: project,
      contractor_id: ids[who],
      status: 'draft',
      lines: LINES,
      tax_rate: 8.25,
      valid_until: day(30),
      notes: 'Doors, hinges and installation.',
      ...changes,
    },
  };
}

/** Inserts and sends a quote; returns its row. */
async function sendQuote(who: Actor, project: string, changes: Record<string, unknown> = {}) {
  const [res] = await push(who, [quoteInsert(who, project, { status: 'sent', ...changes })]);
  expect(res).toMatchObject({ status: 'applied' });
  return res!.row as { id: string; content_sha256: string; revision: number };
}

async function visibleQuoteIds(who: Actor): Promise<string[]> {
  const { data, error } = await clients[who].from('quotes').select('id');
  expect(error).toBeNull();
  return (data ?? []).map((r: { id: string }) => r.id).sort();
}

async function pulledQuoteIds(who: Actor): Promise<string[]> {
  const { data, error } = await clients[who].rpc('pull_changes', {
    p_table: 'quotes',
    p_cursor: '0',
  });
  expect(error).toBeNull();
  return (data as { rows: { id: string }[] }).rows.map((r) => r.id).sort();
}

/** Everything an RPC could change, to show a refused call changed nothing. */
async function snapshot(): Promise<unknown> {
  const q = await backend.pg.query(
    `select id, status, version, decided_at, signer_name, signed_by, decline_reason from quotes order by id`,
  );
  const p = await backend.pg.query(
    `select id, status, version, assigned_contractor_id from projects where id in ($1, $2) order by id`,
    [PROJECT, PROJECT2],
  );
  const r = await backend.pg.query(`select id, status, closed_at from quote_requests order by id`);
  const m = await backend.pg.query(
    `select project_id, user_id, role, deleted_at from project_members where project_id in ($1, $2) order by user_id`,
    [PROJECT, PROJECT2],
  );
  return [q.rows, p.rows, r.rows, m.rows];
}

function refused(
  res: { error: { code?: string } | null; status: number },
  status: number,
  code: string,
): void {
  expect(res.error, `expected ${status} ${code}`).not.toBeNull();
  expect([res.status, res.error!.code]).toEqual([status, code]);
}

beforeAll(async () => {
  backend = await startLocalBackend();
  anon = backend.client();
  const meta: Record<Actor, Record<string, string>> = {
    homeowner: {
      role: 'homeowner',
      first_name: 'Hannah',
      last_name: 'Owens',
      phone: '(555) 123-4567',
    },
    quoting: { role: 'contractor', first_name: 'Carlos', last_name: 'Mendez' },
    nearby: { role: 'contractor', first_name: 'Nina', last_name: 'Park' },
    outside: { role: 'contractor', first_name: 'Otto', last_name: 'Far' },
    orgAdmin: { role: 'org_admin', first_name: 'Olga', last_name: 'Admin' },
    otherAdmin: { role: 'org_admin', first_name: 'Oscar', last_name: 'Other' },
  };
  const made = await Promise.all(
    ACTORS.map((a) =>
      backend.signUpConfirmed(`${a.toLowerCase()}@example.com`, `secret-${a}`, meta[a]),
    ),
  );
  ACTORS.forEach((a, i) => {
    clients[a] = made[i]!.client;
    ids[a] = made[i]!.userId;
  });
  // Organizations: the quoting contractor is in orgAdmin's, the nearby one in otherAdmin's (trusted setup).
  await backend.pg.query(
    `update profiles set organization_id = (select organization_id from profiles where id = $1) where id = $2`,
    [ids.orgAdmin, ids.quoting],
  );
  await backend.pg.query(
    `update profiles set organization_id = (select organization_id from profiles where id = $1) where id = $2`,
    [ids.otherAdmin, ids.nearby],
  );
  // Service areas: a 3-digit prefix, a 5-digit ZIP, and elsewhere; the contractor sets its own.
  const own = await clients.quoting
    .from('profiles')
    .update({ service_areas: ['627'] })
    .eq('id', ids.quoting);
  expect(own.error).toBeNull();
  await backend.pg.query(`update profiles set service_areas = '{62701}' where id = $1`, [
    ids.nearby,
  ]);
  await backend.pg.query(`update profiles set service_areas = '{10001,606}' where id = $1`, [
    ids.outside,
  ]);

  for (const [id, name] of [
    [PROJECT, 'Kitchen refresh'],
    [PROJECT2, 'Bath vanity'],
  ] as const) {
    await backend.pg.query(
      `insert into projects (id, name, status, user_id, owner_user_id, details) values ($1, $2, 'draft', $3, $3, $4)`,
      [
        id,
        name,
        ids.homeowner,
        {
          description: 'Reface the kitchen',
          email: 'homeowner@example.com',
          phone: '(555) 123-4567',
          address: `${STREET}, Springfield, IL 62701`,
        },
      ],
    );
  }
  await backend.pg.query(
    `insert into project_files (id, project_id, file_name, file_path, file_size, file_type, user_id) values
       ($1, $2, 'kitchen.jpg', $3, 5, 'image/jpeg', $4), ($5, $6, 'bath.jpg', $7, 5, 'image/jpeg', $4)`,
    [
      PHOTO,
      PROJECT,
      PHOTO_PATH,
      ids.homeowner,
      OTHER_FILE,
      PROJECT2,
      `projects/${PROJECT2}/1700000000001.jpg`,
    ],
  );
  const up = await backend
    .serviceClient()
    .storage.from('project-files')
    .upload(PHOTO_PATH, new Blob(['jpeg!'], { type: 'image/jpeg' }), { contentType: 'image/jpeg' });
  expect(up.error).toBeNull();
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

let requestId = '';

describe('quote requests', () => {
  it('the homeowner opens its own project for quotes; the server keeps the photos it chose', async () => {
    const res = await clients.homeowner
      .from('quote_requests')
      .insert({
        project_id: PROJECT,
        project_type: 'kitchen',
        scopes: ['kitchen'],
        description: 'Twelve cabinets, white Shaker doors.',
        zip: '62701',
        photo_file_ids: [PHOTO],
        needed_by: day(60),
        status: 'closed',
      })
      .select()
      .single();
    expect(res.error).toBeNull();
    requestId = res.data!.id;
    expect(res.data).toMatchObject({
      status: 'open',
      photos: [
        { id: PHOTO, file_name: 'kitchen.jpg', file_path: PHOTO_PATH, file_type: 'image/jpeg' },
      ],
    });
  });

  it("refuses a bad ZIP, another project's photo, a past needed-by date and a second open request", async () => {
    const base = { project_id: PROJECT2, zip: '62701' };
    refused(
      await clients.homeowner.from('quote_requests').insert({ ...base, zip: '627' }),
      400,
      '22023',
    );
    refused(
      await clients.homeowner.from('quote_requests').insert({ ...base, photo_file_ids: [PHOTO] }),
      400,
      '22023',
    );
    refused(
      await clients.homeowner.from('quote_requests').insert({ ...base, needed_by: day(-3) }),
      400,
      '22023',
    );
    refused(
      await clients.homeowner.from('quote_requests').insert({ project_id: PROJECT, zip: '62701' }),
      409,
      '23505',
    );
    const count = await backend.pg.query<{ n: number }>(
      `select count(*)::int n from quote_requests`,
    );
    expect(count.rows[0]!.n).toBe(1);
  });

  it("nobody else opens requests on the homeowner's project; anon gets 401", async () => {
    for (const who of ['quoting', 'nearby', 'orgAdmin'] as const) {
      refused(
        await clients[who].from('quote_requests').insert({ project_id: PROJECT2, zip: '62701' }),
        403,
        '42501',
      );
    }
    refused(
      await anon.from('quote_requests').insert({ project_id: PROJECT2, zip: '62701' }),
      401,
      '42501',
    );
    refused(await anon.from('quote_requests').select('id'), 401, '42501');
  });

  it('contractors in the area see the open request, redacted; outside the area nothing, through REST or pull_changes', async () => {
    const seen: Record<string, string[]> = {};
    for (const who of ACTORS) {
      const { data, error } = await clients[who].from('quote_requests').select('*');
      expect(error).toBeNull();
      seen[who] = (data ?? []).map((r: { id: string }) => r.id);
      for (const row of data ?? []) {
        const text = JSON.stringify(row);
        if (who === 'homeowner') continue;
        expect(text).not.toContain(STREET);
        expect(text).not.toContain('homeowner@example.com');
        expect(text).not.toContain('123-4567');
        expect(text).not.toContain('Hannah');
      }
    }
    expect(seen).toEqual({
      homeowner: [requestId],
      quoting: [requestId],
      nearby: [requestId],
      outside: [],
      orgAdmin: [],
      otherAdmin: [],
    });
    const pulled = await clients.outside.rpc('pull_changes', {
      p_table: 'quote_requests',
      p_cursor: '0',
    });
    expect(pulled.data).toBeNull();
    expect(pulled.error?.code).toBe('22023');
  });

  it('the contact details stay out of reach of contractors: no project row, no profile', async () => {
    for (const who of ['quoting', 'nearby', 'outside'] as const) {
      const project = await clients[who].from('projects').select('*').eq('id', PROJECT);
      expect(project.data).toEqual([]);
      const profile = await clients[who].from('profiles').select('*').eq('id', ids.homeowner);
      expect(profile.data).toEqual([]);
      const pulled = await clients[who].rpc('pull_changes', { p_table: 'projects', p_cursor: '0' });
      expect(JSON.stringify(pulled.data)).not.toContain(STREET);
    }
  });

  it('the shared photo is readable in Storage by contractors in the area only', async () => {
    const storage = (who: Actor) => clients[who].storage.from('project-files').download(PHOTO_PATH);
    expect((await storage('quoting')).error).toBeNull();
    expect((await storage('nearby')).error).toBeNull();
    expect((await storage('outside')).data).toBeNull();
    expect((await storage('orgAdmin')).data).toBeNull();
  });
});

const q = {} as Record<
  'draft' | 'rev1' | 'rev2' | 'nearby' | 'nearby2',
  { id: string; content_sha256: string; revision: number }
>;

describe('quotes', () => {
  it('a contractor outside the area, or the homeowner, cannot quote', async () => {
    for (const who of ['outside', 'homeowner'] as const) {
      const [res] = await push(who, [quoteInsert(who, PROJECT)]);
      expect([res!.status, res!.code]).toEqual(['rejected', '42501']);
    }
    const forged = await push('nearby', [
      {
        ...quoteInsert('nearby', PROJECT),
        changes: { ...quoteInsert('nearby', PROJECT).changes, contractor_id: ids.quoting },
      },
    ]);
    expect([forged[0]!.status, forged[0]!.code]).toEqual(['rejected', '42501']);
  });

  it("a draft made through sync gets the server's totals and revision, and is hidden from the homeowner", async () => {
    const op = quoteInsert('quoting', PROJECT, { subtotal_cents: 1, total_cents: 1, revision: 9 });
    const rejected = await push('quoting', [op]);
    expect([rejected[0]!.status, rejected[0]!.code]).toEqual(['rejected', '22023']);
    const [res] = await push('quoting', [quoteInsert('quoting', PROJECT)]);
    expect(res!.status).toBe('applied');
    expect(res!.row).toMatchObject({
      status: 'draft',
      revision: 1,
      request_id: requestId,
      subtotal_cents: 34954,
      tax_cents: 2884, // 34954 × 8.25 % = 2883.705, rounded once
      total_cents: 37838,
      sent_at: null,
      content_sha256: null,
    });
    q.draft = res!.row as (typeof q)['draft'];
    expect(await visibleQuoteIds('homeowner')).toEqual([]);
    expect(await pulledQuoteIds('homeowner')).toEqual([]);
  });

  it('bad input is refused in the database with the line named', async () => {
    const bad: [Record<string, unknown>, RegExp | string][] = [
      [{ lines: [{ ...LINES[0], quantity: -1 }] }, 'quote_line.quantity_invalid'],
      [{ lines: [{ ...LINES[0], quantity: 1e9 }] }, 'quote_line.quantity_invalid'],
      [{ lines: [LINES[1], { ...LINES[1], unit_cents: -5 }] }, 'quote_line.price_invalid'],
      [{ lines: [{ ...LINES[1], unit_cents: 1e12 }] }, 'quote_line.price_invalid'],
      [{ tax_rate: 100.5 }, 'quote.tax_rate_invalid'],
      [
        { lines: [{ ...LINES[1], description: 'x'.repeat(501) }] },
        'quote_line.description_too_long',
      ],
      [{ lines: Array.from({ length: 501 }, () => LINES[1]) }, 'quote.too_many_lines'],
      [{ status: 'sent', valid_until: day(-3) }, 'quote.valid_until_past'],
    ];
    for (const [changes, message] of bad) {
      const [res] = await push('quoting', [quoteInsert('quoting', PROJECT, changes)]);
      expect([res!.status, res!.code]).toEqual(['rejected', '22023']);
      expect(res!.message).toMatch(message);
    }
    const rest = await clients.quoting
      .from('quotes')
      .update({ tax_rate: 250 })
      .eq('id', q.draft.id);
    refused(rest, 400, '22023');
  });

  it('sending stamps the hash; a sent quote is frozen; a revision supersedes it', async () => {
    const [sent] = await push('quoting', [
      {
        table: 'quotes',
        id: q.draft.id,
        kind: 'update',
        base_version: 1,
        changes: { status: 'sent' },
      },
    ]);
    expect(sent!.status).toBe('applied');
    expect(sent!.row).toMatchObject({
      status: 'sent',
      content_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      contractor_contact: { name: 'Carlos Mendez', email: 'quoting@example.com' },
    });
    expect(sent!.row!.sent_at).not.toBeNull();
    q.rev1 = sent!.row as (typeof q)['rev1'];

    const [frozen] = await push('quoting', [
      { table: 'quotes', id: q.rev1.id, kind: 'update', changes: { lines: [LINES[1]] } },
    ]);
    expect([frozen!.status, frozen!.code]).toEqual(['rejected', 'PT409']);
    refused(await clients.quoting.from('quotes').delete().eq('id', q.rev1.id), 409, 'PT409');
    refused(
      await clients.quoting.from('quotes').update({ status: 'accepted' }).eq('id', q.rev1.id),
      409,
      'PT409',
    );

    q.rev2 = await sendQuote('quoting', PROJECT, { lines: [LINES[0], LINES[1]] });
    expect(q.rev2.revision).toBe(2);
    const rows = await backend.pg.query<{ id: string; status: string }>(
      `select id, status from quotes where contractor_id = $1 order by revision`,
      [ids.quoting],
    );
    expect(rows.rows.map((r) => r.status)).toEqual(['superseded', 'sent']);
    q.nearby = await sendQuote('nearby', PROJECT, { tax_rate: 0 });
  });

  it('each role sees exactly its quotes, through REST and pull_changes', async () => {
    const expected: Record<Actor, string[]> = {
      homeowner: [q.rev1.id, q.rev2.id, q.nearby.id].sort(),
      quoting: [q.rev1.id, q.rev2.id].sort(),
      nearby: [q.nearby.id],
      outside: [],
      orgAdmin: [q.rev1.id, q.rev2.id].sort(),
      otherAdmin: [q.nearby.id],
    };
    for (const who of ACTORS) {
      expect(await visibleQuoteIds(who), who).toEqual(expected[who]);
      expect(await pulledQuoteIds(who), who).toEqual(expected[who]);
    }
    refused(await anon.from('quotes').select('id'), 401, '42501');
    refused(await anon.rpc('pull_changes', { p_table: 'quotes' }), 401, '42501');
  });

  it("a contractor the homeowner invited may quote from outside the area; nobody else writes another's quote or the request", async () => {
    const [before] = await push('outside', [quoteInsert('outside', PROJECT2)]);
    expect([before!.status, before!.code]).toEqual(['rejected', '42501']);
    // As accept_project_invite records a contractor member (trusted setup).
    await backend.pg.query(
      `insert into project_members (project_id, user_id, role, email) values ($1, $2, 'contractor', 'outside@example.com')`,
      [PROJECT2, ids.outside],
    );
    const [after] = await push('outside', [quoteInsert('outside', PROJECT2)]);
    expect(after!.status).toBe('applied');
    const draft = after!.row!.id as string;
    for (const who of ['homeowner', 'quoting', 'orgAdmin'] as const) {
      const res = await clients[who]
        .from('quotes')
        .update({ notes: 'mine now' })
        .eq('id', draft)
        .select();
      expect(res.data ?? []).toEqual([]);
    }
    const closed = await clients.quoting
      .from('quote_requests')
      .update({ status: 'closed' })
      .eq('id', requestId)
      .select();
    expect(closed.data ?? []).toEqual([]);
    const rows = await backend.pg.query<{ notes: string; status: string }>(
      `select (select notes from quotes where id = $1) notes, (select status from quote_requests where id = $2) status`,
      [draft, requestId],
    );
    expect(rows.rows[0]).toEqual({ notes: 'Doors, hinges and installation.', status: 'open' });
    expect((await clients.outside.from('quotes').delete().eq('id', draft)).error).toBeNull();
    // Revisions count sent quotes only: after a deleted unsent draft, the next quote is still the first.
    const [again] = await push('outside', [quoteInsert('outside', PROJECT2)]);
    expect(again!.status).toBe('applied');
    expect(again!.row).toMatchObject({ revision: 1 });
    const [second] = await push('outside', [quoteInsert('outside', PROJECT2)]);
    expect(second!.row).toMatchObject({ revision: 1 });
    const forged = await clients.outside
      .from('quotes')
      .update({ revision: 5 })
      .eq('id', again!.row!.id);
    refused(forged, 403, '42501');
    for (const row of [again, second])
      expect(
        (
          await clients.outside
            .from('quotes')
            .delete()
            .eq('id', row!.row!.id as string)
        ).error,
      ).toBeNull();
  });

  it('withdraw_quote: only its contractor, only a sent quote', async () => {
    refused(
      await clients.homeowner.rpc('withdraw_quote', { p_quote_id: q.nearby.id }),
      403,
      '42501',
    );
    refused(await clients.quoting.rpc('withdraw_quote', { p_quote_id: q.nearby.id }), 404, 'PT404');
    refused(await anon.rpc('withdraw_quote', { p_quote_id: q.nearby.id }), 401, '42501');
    const withdrawn = await clients.nearby.rpc('withdraw_quote', { p_quote_id: q.nearby.id });
    expect(withdrawn.error).toBeNull();
    expect(withdrawn.data).toMatchObject({ status: 'withdrawn' });
    refused(await clients.nearby.rpc('withdraw_quote', { p_quote_id: q.nearby.id }), 409, 'PT409');
    q.nearby2 = await sendQuote('nearby', PROJECT, { tax_rate: 0, lines: [LINES[2]] });
  });
});

describe('Realtime pokes', () => {
  async function pokedSince(mark: string): Promise<string[]> {
    const { rows } = await backend.pg.query<{ topic: string }>(
      `select distinct topic from realtime.messages
        where event = 'poke' and payload ->> 'table' = 'quotes' and inserted_at >= $1::timestamp`,
      [mark],
    );
    return rows.map((r) => r.topic).sort();
  }
  const topics = (...who: Actor[]) => who.map((a) => `user:${ids[a]}`).sort();
  const now = async () =>
    (await backend.pg.query<{ t: string }>(`select localtimestamp::text as t`)).rows[0]!.t;

  it('a draft pokes its contractor and org_admin; a sent quote also the homeowner', async () => {
    let mark = await now();
    const [draft] = await push('quoting', [quoteInsert('quoting', PROJECT)]);
    expect(draft!.status).toBe('applied');
    expect(await pokedSince(mark)).toEqual(topics('quoting', 'orgAdmin'));
    mark = await now();
    const del = await clients.quoting.from('quotes').delete().eq('id', draft!.row!.id);
    expect(del.error).toBeNull();
    expect(await pokedSince(mark)).toEqual(topics('quoting', 'orgAdmin'));
    mark = await now();
    const withdrawn = await clients.nearby.rpc('withdraw_quote', { p_quote_id: q.nearby2.id });
    expect(withdrawn.error).toBeNull();
    expect(await pokedSince(mark)).toEqual(topics('nearby', 'otherAdmin', 'homeowner'));
    q.nearby2 = await sendQuote('nearby', PROJECT, { tax_rate: 0, lines: [LINES[2]] });
  });
});

describe('accept_quote', () => {
  const accept = (
    who: Actor | 'anon',
    quote: { id: string; content_sha256: string },
    name = 'Hannah Owens',
  ) =>
    (who === 'anon' ? anon : clients[who]).rpc('accept_quote', {
      p_quote_id: quote.id,
      p_content_sha256: quote.content_sha256,
      p_signer_name: name,
    });

  it("refuses anon, non-owners, someone else's quote id, forged and stale hashes, superseded and withdrawn versions: nothing changes", async () => {
    const before = await snapshot();
    refused(await accept('anon', q.rev2), 401, '42501');
    refused(await accept('quoting', q.rev2), 403, '42501');
    refused(await accept('orgAdmin', q.rev2), 403, '42501');
    refused(await accept('outside', q.rev2), 404, 'PT404');
    refused(await accept('otherAdmin', q.rev2), 404, 'PT404');
    refused(
      await accept('homeowner', { id: crypto.randomUUID(), content_sha256: q.rev2.content_sha256 }),
      404,
      'PT404',
    );
    refused(
      await accept('homeowner', { id: q.rev2.id, content_sha256: 'f'.repeat(64) }),
      409,
      'PT409',
    );
    refused(
      await accept('homeowner', { id: q.rev2.id, content_sha256: q.rev1.content_sha256 }),
      409,
      'PT409',
    );
    refused(
      await accept('homeowner', { id: q.rev2.id, content_sha256: 'not-a-hash' }),
      400,
      '22023',
    );
    refused(await accept('homeowner', q.rev2, ' '), 400, '22023');
    refused(await accept('homeowner', q.rev1), 409, 'PT409');
    refused(await accept('homeowner', q.nearby), 409, 'PT409');
    expect(await snapshot()).toEqual(before);
  });

  it('two concurrent acceptances: exactly one wins and the contractor joins the project', async () => {
    const both = await Promise.all([accept('homeowner', q.rev2), accept('homeowner', q.rev2)]);
    const ok = both.filter((r) => r.error === null);
    const no = both.filter((r) => r.error !== null);
    expect(ok).toHaveLength(1);
    expect(no.map((r) => [r.status, r.error.code])).toEqual([[409, 'PT409']]);
    expect(ok[0]!.data).toMatchObject({
      status: 'accepted',
      signer_name: 'Hannah Owens',
      signed_by: ids.homeowner,
      signed_sha256: q.rev2.content_sha256,
    });
    const state = await backend.pg.query<Record<string, unknown>>(
      `select (select status from projects where id = $1) project_status,
              (select assigned_contractor_id from projects where id = $1) contractor,
              (select role from project_members where project_id = $1 and user_id = $2 and deleted_at is null) member,
              (select contact ->> 'name' from project_members where project_id = $1 and user_id = $2) contact,
              (select status from quote_requests where project_id = $1) request,
              (select status from quotes where id = $3) nearby2,
              (select signed_at is not null from quotes where id = $4) signed`,
      [PROJECT, ids.quoting, q.nearby2.id, q.rev2.id],
    );
    expect(state.rows[0]).toEqual({
      project_status: 'active',
      contractor: ids.quoting,
      member: 'contractor',
      contact: 'Carlos Mendez',
      request: 'closed',
      nearby2: 'declined',
      signed: true,
    });
  });

  it('after acceptance: the winner reads the contact details; the others still cannot, and the closed request is gone', async () => {
    const winner = await clients.quoting
      .from('projects')
      .select('details')
      .eq('id', PROJECT)
      .single();
    expect(JSON.stringify(winner.data)).toContain(STREET);
    for (const who of ['nearby', 'outside'] as const) {
      expect((await clients[who].from('projects').select('id').eq('id', PROJECT)).data).toEqual([]);
      expect((await clients[who].from('quote_requests').select('id')).data).toEqual([]);
    }
    const before = await snapshot();
    refused(await accept('homeowner', q.rev2), 409, 'PT409');
    refused(await accept('homeowner', q.nearby2), 409, 'PT409');
    expect(await snapshot()).toEqual(before);
  });

  it('an expired quote is refused and stays as it was', async () => {
    await backend.pg.query(`insert into quote_requests (project_id, zip) values ($1, '62701')`, [
      PROJECT2,
    ]);
    const late = await sendQuote('nearby', PROJECT2, { tax_rate: 0 });
    await backend.pg.query(`update quotes set valid_until = current_date - 2 where id = $1`, [
      late.id,
    ]);
    const before = await snapshot();
    refused(await accept('homeowner', late), 409, 'PT409');
    expect(await snapshot()).toEqual(before);
  });
});

describe('decline_quote', () => {
  it('the owner declines a sent quote with a reason; nobody else can; twice is refused', async () => {
    const quote = await sendQuote('quoting', PROJECT2);
    refused(await clients.quoting.rpc('decline_quote', { p_quote_id: quote.id }), 403, '42501');
    refused(await clients.nearby.rpc('decline_quote', { p_quote_id: quote.id }), 404, 'PT404');
    refused(await anon.rpc('decline_quote', { p_quote_id: quote.id }), 401, '42501');
    refused(
      await clients.homeowner.rpc('decline_quote', {
        p_quote_id: quote.id,
        p_reason: 'x'.repeat(501),
      }),
      400,
      '22023',
    );
    const res = await clients.homeowner.rpc('decline_quote', {
      p_quote_id: quote.id,
      p_reason: 'Over budget',
    });
    expect(res.error).toBeNull();
    expect(res.data).toMatchObject({ status: 'declined', decline_reason: 'Over budget' });
    refused(await clients.homeowner.rpc('decline_quote', { p_quote_id: quote.id }), 409, 'PT409');
  });
});

describe('quote_analytics', () => {
  const period = { p_from: day(-40), p_to: day(1) };

  it("the org admin gets its organization's numbers, per month and per member", async () => {
    const { data, error } = await clients.orgAdmin.rpc('quote_analytics', period);
    expect(error).toBeNull();
    const out = data as {
      totals: Record<string, unknown>;
      by_month: { month: string; sent: number }[];
      by_member: { contractor_id: string; sent: number }[];
    };
    // The quoting contractor: rev1 superseded (not counted), rev2 accepted, one declined on PROJECT2.
    expect(out.totals).toMatchObject({
      sent: 2,
      accepted: 1,
      declined: 1,
      expired: 0,
      win_rate: 0.5,
      accepted_cents: 28095, // rev2: 22354 + 3600 = 25954, tax 2141.205 → 2141
    });
    expect(out.totals.median_days_to_accept).toEqual(expect.any(Number));
    expect(out.by_month.reduce((n, m) => n + m.sent, 0)).toBe(2);
    expect(out.by_member.find((m) => m.contractor_id === ids.quoting)).toMatchObject({
      sent: 2,
      accepted: 1,
    });
  });

  it('another organization sees only its own; contractors and homeowners are refused; bad periods 400; anon 401', async () => {
    const other = await clients.otherAdmin.rpc('quote_analytics', period);
    expect(other.data).toMatchObject({ totals: { sent: 4, accepted: 0, declined: 1, expired: 1 } });
    refused(await clients.quoting.rpc('quote_analytics', period), 403, '42501');
    refused(await clients.homeowner.rpc('quote_analytics', period), 403, '42501');
    refused(
      await clients.orgAdmin.rpc('quote_analytics', { p_from: day(1), p_to: day(-1) }),
      400,
      '22023',
    );
    refused(await anon.rpc('quote_analytics', period), 401, '42501');
  });
});

describe('closing a request', () => {
  it('the owner closes it (the server stamps when); it never reopens, and contractors stop seeing it', async () => {
    const open = await clients.nearby
      .from('quote_requests')
      .select('id')
      .eq('project_id', PROJECT2);
    expect(open.data).toHaveLength(1);
    const closed = await clients.homeowner
      .from('quote_requests')
      .update({ status: 'closed', closed_at: '2000-01-01T00:00:00Z' })
      .eq('project_id', PROJECT2)
      .select('status, closed_at')
      .single();
    expect(closed.error).toBeNull();
    expect(closed.data!.status).toBe('closed');
    expect(new Date(closed.data!.closed_at).getFullYear()).toBeGreaterThan(2000);
    refused(
      await clients.homeowner
        .from('quote_requests')
        .update({ status: 'open' })
        .eq('project_id', PROJECT2),
      409,
      'PT409',
    );
    expect(
      (await clients.nearby.from('quote_requests').select('id').eq('project_id', PROJECT2)).data,
    ).toEqual([]);
  });
});
