/**
 * `quote_document_locale`: the language a quote's document prints in (the homeowner's), answered
 * by the server to those who may read the quote and to no one else, over HTTP with supabase-js
 * against the local backend (PGlite, and real PostgreSQL in the postgres lane). The attacks: another
 * contractor, another organization's admin, another homeowner, anon, a draft the homeowner may not
 * read yet, a made-up id, malformed ids and a huge body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

type Actor =
  'homeowner' | 'unchosen' | 'quoting' | 'stranger' | 'orgAdmin' | 'otherAdmin' | 'otherOwner';
const ACTORS: Actor[] = [
  'homeowner',
  'unchosen',
  'quoting',
  'stranger',
  'orgAdmin',
  'otherAdmin',
  'otherOwner',
];

let backend: StartedBackend;
let anon: SupabaseClient;
const clients = {} as Record<Actor, SupabaseClient>;
const ids = {} as Record<Actor, string>;

const PROJECT = crypto.randomUUID();
const UNCHOSEN_PROJECT = crypto.randomUUID();
const SENT = crypto.randomUUID();
const DRAFT = crypto.randomUUID();
const UNCHOSEN_SENT = crypto.randomUUID();

const LINES = [{ kind: 'labor', description: 'Install', quantity: 1, unit_cents: 10000 }];

function locale(who: Actor | 'anon', quoteId: unknown) {
  const client = who === 'anon' ? anon : clients[who];
  return client.rpc('quote_document_locale', { p_quote_id: quoteId });
}

function refused(
  res: { error: { code?: string; message?: string } | null; status: number },
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
    homeowner: { role: 'homeowner', first_name: 'Hilda', locale: 'en' },
    // Never chose a language in the app: the sign-up's language answers.
    unchosen: { role: 'homeowner', first_name: 'Uma', locale: 'es' },
    quoting: { role: 'contractor', first_name: 'Carlos' },
    stranger: { role: 'contractor', first_name: 'Sam' },
    orgAdmin: { role: 'org_admin', first_name: 'Olga' },
    otherAdmin: { role: 'org_admin', first_name: 'Oscar' },
    otherOwner: { role: 'homeowner', first_name: 'Omar' },
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
  // The homeowner chose Spanish on her profile (her own column: she writes it herself).
  const chose = await clients.homeowner
    .from('profiles')
    .update({ locale: 'es' })
    .eq('id', ids.homeowner);
  expect(chose.error).toBeNull();
  // The quoting contractor is in orgAdmin's organization (trusted setup).
  await backend.pg.query(
    `update profiles set organization_id = (select organization_id from profiles where id = $1) where id = $2`,
    [ids.orgAdmin, ids.quoting],
  );
  for (const [id, owner] of [
    [PROJECT, ids.homeowner],
    [UNCHOSEN_PROJECT, ids.unchosen],
  ] as const) {
    await backend.pg.query(
      `insert into projects (id, name, status, user_id, owner_user_id) values ($1, 'Kitchen', 'draft', $2, $2)`,
      [id, owner],
    );
  }
  for (const [id, project, status] of [
    [SENT, PROJECT, 'sent'],
    [DRAFT, PROJECT, 'draft'],
    [UNCHOSEN_SENT, UNCHOSEN_PROJECT, 'sent'],
  ] as const) {
    await backend.pg.query(
      `insert into quotes (id, project_id, contractor_id, status, lines, tax_rate, valid_until, sent_at)
       values ($1, $2, $3, $4, $5, 0, current_date + 30, case when $4 = 'sent' then now() end)`,
      [id, project, ids.quoting, status, JSON.stringify(LINES)],
    );
  }
});

afterAll(async () => {
  await backend?.stop();
});

describe('quote_document_locale', () => {
  it("answers the homeowner's chosen language to the quoting contractor, its organization's admin and the homeowner", async () => {
    for (const who of ['quoting', 'orgAdmin', 'homeowner'] as const) {
      const res = await locale(who, SENT);
      expect(res.error, who).toBeNull();
      expect(res.data, who).toBe('es');
    }
  });

  it("answers the sign-up's language while the homeowner has chosen none, and null when neither is known", async () => {
    const res = await locale('quoting', UNCHOSEN_SENT);
    expect(res.error).toBeNull();
    expect(res.data).toBe('es');
    await backend.pg.query(
      `update auth.users set raw_user_meta_data = raw_user_meta_data - 'locale' where id = $1`,
      [ids.unchosen],
    );
    const none = await locale('quoting', UNCHOSEN_SENT);
    expect(none.error).toBeNull();
    expect(none.data).toBeNull();
  });

  it('answers the contractor for its own draft, but not the homeowner before it is sent', async () => {
    const own = await locale('quoting', DRAFT);
    expect([own.error, own.data]).toEqual([null, 'es']);
    refused(await locale('homeowner', DRAFT), 404, 'PT404');
  });

  it("tells another contractor, another organization's admin and another homeowner nothing: not found, as for no quote", async () => {
    for (const who of ['stranger', 'otherAdmin', 'otherOwner', 'unchosen'] as const) {
      const res = await locale(who, SENT);
      refused(res, 404, 'PT404');
      expect(res.error!.message, who).toBe('quote.not_found');
      expect(res.data).toBeNull();
    }
    refused(await locale('quoting', crypto.randomUUID()), 404, 'PT404');
  });

  it('refuses anon, and answers malformed or huge input with a 4xx', async () => {
    const res = await locale('anon', SENT);
    expect(res.error).not.toBeNull();
    expect([401, 403]).toContain(res.status);
    expect(res.data).toBeNull();
    for (const bad of ['not-a-uuid', 42, { id: SENT }, null]) {
      const r = await locale('quoting', bad);
      expect(r.error, JSON.stringify(bad)).not.toBeNull();
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    const huge = await locale('quoting', 'x'.repeat(2_000_000));
    expect(huge.error).not.toBeNull();
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
  });

  it('cannot be used to read or set the locale another way: the profile row stays hidden and unwritable', async () => {
    const read = await clients.quoting.from('profiles').select('locale').eq('id', ids.homeowner);
    expect(read.error).toBeNull();
    expect(read.data).toEqual([]);
    await clients.quoting.from('profiles').update({ locale: 'en' }).eq('id', ids.homeowner);
    const still = await locale('quoting', SENT);
    expect(still.data).toBe('es');
  });
});
