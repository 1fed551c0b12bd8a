/**
 * What the local /rest/v1 does as PostgREST does, attacked as a hostile
 * caller would, on PGlite and on PostgreSQL (the referee,
 * postgrestReferee.test.ts, compares the same answers with real PostgREST):
 * embedding and JSON paths never reach rows RLS hides and refuse injected
 * names; text search and overlaps refuse bad configurations and queries with
 * a 4xx; csv quotes what it must; request.method/path/headers reach SQL;
 * GETs and STABLE calls cannot write; each role gets its own
 * statement_timeout; a counted RPC gives a number, capped at max_rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';

let b: StartedBackend;
let joe: SupabaseClient;
let eve: SupabaseClient;
let joeToken: string;
let project: string;

beforeAll(async () => {
  b = await startLocalBackend();
  const j = await b.signUpConfirmed('joe-parity@example.com', 'Secret-pass-1', {
    role: 'contractor',
  });
  const e = await b.signUpConfirmed('eve-parity@example.com', 'Secret-pass-2', {
    role: 'contractor',
  });
  joe = j.client;
  eve = e.client;
  joeToken = j.accessToken;
  project = (
    await b.pg.query<{ id: string }>(
      `insert into public.projects (user_id, assigned_contractor_id, name, status, details)
       values ($1, $1, 'Oak kitchen', 'active', '{"zip":"12345","email":"joe@example.com"}') returning id`,
      [j.userId],
    )
  ).rows[0]!.id;
  await b.pg.query(
    `insert into public.project_files (project_id, file_name, file_path, user_id)
     values ($1::uuid, 'door, "left"' || chr(10) || 'side.jpg', 'projects/' || $1::text || '/a.jpg', $2::uuid)`,
    [project, j.userId],
  );
  await b.pg.exec(`
    create table public.parity_log (id serial primary key, note text);
    grant insert on public.parity_log to authenticated;
    grant usage on sequence public.parity_log_id_seq to authenticated;
    create function public.parity_request() returns json language sql stable as $$
      select json_build_object('method', current_setting('request.method', true),
        'path', current_setting('request.path', true),
        'probe', current_setting('request.headers', true)::json->>'x-probe',
        'timeout', current_setting('statement_timeout')) $$;
    create function public.parity_write() returns int language sql volatile as $$
      insert into public.parity_log (note) values ('written') returning 1 $$;
    create function public.parity_stable_write() returns int language plpgsql stable as $$
      begin return public.parity_write(); end $$;
    create function public.parity_series() returns setof int language sql stable as $$
      select generate_series(1, 1100) $$;
    grant execute on function public.parity_request(), public.parity_write(),
      public.parity_stable_write(), public.parity_series() to anon, authenticated;`);
  await b.backend.reloadSchema();
}, 120_000);
afterAll(async () => {
  await b?.stop();
});

describe('embedding', () => {
  it('follows foreign keys both ways and never shows rows RLS hides', async () => {
    const own = await joe
      .from('projects')
      .select('name, project_files(file_path)')
      .eq('id', project);
    expect(own.data).toEqual([
      { name: 'Oak kitchen', project_files: [{ file_path: `projects/${project}/a.jpg` }] },
    ]);
    const up = await joe.from('project_files').select('file_path, job:projects(name)');
    expect(up.data).toEqual([
      { file_path: `projects/${project}/a.jpg`, job: { name: 'Oak kitchen' } },
    ]);
    // Eve sees neither the files nor, through them, the project.
    expect((await eve.from('project_files').select('*, projects(*)')).data).toEqual([]);
    expect((await eve.from('projects').select('*, project_files(*)')).data).toEqual([]);
  });

  it('refuses unknown relations, injected names, deep nesting and !inner with a clear 4xx', async () => {
    const cases: [string, number, string][] = [
      ['*,profiles(*)', 400, 'PGRST200'],
      ['*,project_files!no_such_fk(*)', 400, 'PGRST200'],
      ['*,project_files!inner(*)', 400, 'PGRST100'],
      ['*,"project_files"(*);drop table projects', 400, 'PGRST100'],
      [
        '*,project_files(*,projects(*,project_files(*,projects(*,project_files(*,projects(*))))))',
        400,
        'PGRST100',
      ],
      ['*,project_files(no_such_column)', 400, '42703'],
    ];
    for (const [select, status, code] of cases) {
      const r = await joe.from('projects').select(select);
      expect([r.status, r.error?.code], select).toEqual([status, code]);
    }
    const ambiguous = await joe.from('projects').select('*,project_files.file_name').limit(1);
    expect(ambiguous.status).toBe(400);
    const filtered = await fetch(
      `${b.url}/rest/v1/projects?select=*,project_files(*)&project_files.file_name=eq.x`,
      {
        headers: { apikey: b.anonKey, authorization: `Bearer ${joeToken}` },
      },
    );
    expect(filtered.status).toBe(400);
    expect(((await filtered.json()) as { message: string }).message).toMatch(
      /local backend does not support/,
    );
  });
});

describe('JSON paths, overlaps, text search', () => {
  it('select, filter and order by a JSON path; injected keys are refused', async () => {
    const r = await joe
      .from('projects')
      .select('zip:details->>zip, details->email')
      .eq('details->>zip', '12345');
    expect(r.data).toEqual([{ zip: '12345', email: 'joe@example.com' }]);
    const ordered = await joe.from('projects').select('name').order('details->>zip');
    expect(ordered.data).toHaveLength(1);
    for (const sel of ["details->>'zip'", 'details->>zip);drop table projects--', 'details->>']) {
      const bad = await joe.from('projects').select(sel);
      expect(bad.status, sel).toBe(400);
    }
    const notJson = await joe.from('projects').select('name->>x');
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(notJson.status).toBeLessThan(500);
  });

  it('overlaps and the four text searches; a bad configuration or query is a 400', async () => {
    await b.pg.query(
      `insert into public.quote_requests (project_id, zip, scopes) values ($1, '12345', '{doors,hinges}')`,
      [project],
    );
    expect(
      (await joe.from('projects').select('name').textSearch('name', 'oak & kitchen')).data,
    ).toEqual([{ name: 'Oak kitchen' }]);
    for (const type of ['plain', 'phrase', 'websearch'] as const)
      expect(
        (
          await joe
            .from('projects')
            .select('name')
            .textSearch('name', 'oak kitchen', { type, config: 'english' })
        ).data,
        type,
      ).toHaveLength(1);
    expect((await joe.from('projects').select('name').textSearch('name', 'walnut')).data).toEqual(
      [],
    );
    for (const [query, config] of [
      ['oak & | kitchen', undefined],
      ['oak', 'no_such_config'],
    ] as const) {
      const r = await joe
        .from('projects')
        .select('name')
        .textSearch('name', query, config ? { config } : {});
      expect(r.status, `${query} ${config}`).toBe(400);
    }
    const injected = await fetch(`${b.url}/rest/v1/projects?name=fts(english')).oak`, {
      headers: { apikey: b.anonKey, authorization: `Bearer ${joeToken}` },
    });
    expect(injected.status).toBe(400);
    for (const [op, value] of [
      ['imatch', 'oak'],
      ['isdistinct', 'x'],
      ['like(any)', '{oak*,walnut*}'],
    ]) {
      const r = await joe.from('projects').select('name').filter('name', op!, value!);
      expect([r.status, r.error?.code], op).toEqual([400, 'PGRST100']);
      expect(r.error?.message, op).toMatch(/local backend does not support/);
    }
    const notArray = await joe.from('projects').select('name').overlaps('name', ['a']);
    expect(notArray.status).toBeGreaterThanOrEqual(400);
    expect(notArray.status).toBeLessThan(500);
  });
});

describe('csv', () => {
  it('quotes commas, quotes and line breaks, and carries only the caller’s rows', async () => {
    const r = await joe.from('project_files').select('file_name').csv();
    expect(r.data).toBe('file_name\n"door, ""left""\nside.jpg"');
    expect((await eve.from('project_files').select('file_name').csv()).data).toBe('\n');
  });
});

describe('what SQL sees of the request', () => {
  it('request.method, request.path and request.headers, and each role’s statement_timeout', async () => {
    const asJoe = await fetch(`${b.url}/rest/v1/rpc/parity_request`, {
      method: 'POST',
      headers: {
        apikey: b.anonKey,
        authorization: `Bearer ${joeToken}`,
        'x-probe': 'p1',
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(await asJoe.json()).toEqual({
      method: 'POST',
      path: '/rpc/parity_request',
      probe: 'p1',
      timeout: '8s',
    });
    const asAnon = await fetch(`${b.url}/rest/v1/rpc/parity_request`, {
      headers: { apikey: b.anonKey, 'x-probe': 'p2' },
    });
    expect(await asAnon.json()).toEqual({
      method: 'GET',
      path: '/rpc/parity_request',
      probe: 'p2',
      timeout: '3s',
    });
    const asService = await b.serviceClient().rpc('parity_request');
    expect(asService.data).toMatchObject({ timeout: '8s' });
  });

  it('a GET and a STABLE function cannot write (405 25006); POST to a volatile one can', async () => {
    const get = await joe.rpc('parity_write', {}, { get: true });
    expect([get.status, get.error?.code]).toEqual([405, '25006']);
    const stable = await joe.rpc('parity_stable_write');
    expect([stable.status, stable.error?.code]).toEqual([405, '25006']);
    const post = await joe.rpc('parity_write');
    expect([post.status, post.data]).toEqual([200, 1]);
    const rows = await b.pg.query<{ n: number }>(
      'select count(*)::int as n from public.parity_log',
    );
    expect(rows.rows[0]!.n).toBe(1);
  });

  it('a counted set-returning call gives a number, capped at max_rows', async () => {
    const r = await joe.rpc('parity_series', {}, { count: 'exact' });
    expect([r.status, r.count, r.data?.length]).toEqual([206, 1100, 1000]);
    const head = await joe.rpc('parity_series', {}, { count: 'exact', head: true });
    expect(head.count).toBe(1100);
    const one = await joe.rpc('parity_request', {}, { count: 'exact' });
    expect(one.count).toBe(1);
    const past = await joe.rpc('parity_series', {}, { count: 'exact' }).range(2000, 2010);
    expect([past.status, past.error?.code]).toEqual([416, 'PGRST103']);
  });
});
