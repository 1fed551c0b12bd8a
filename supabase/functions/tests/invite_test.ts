/**
 * The invitation handler under Deno, as hosted runs it, against a running
 * local backend (`SUPABASE_URL`, `SUPABASE_ANON_KEY`; started on PGlite and
 * on the PostgreSQL lane by scripts/test-functions.ts). Users are made
 * through the real signup → mailed link → sign-in path; every answer is
 * checked for its status and Supabase-shaped body, and none may be a 5xx.
 */
import assert from 'node:assert/strict';
import { createInviteHandler, type InviteMail } from '../_shared/invite.ts';

const URL_ = Deno.env.get('SUPABASE_URL') ?? '';
const ANON = Deno.env.get('SUPABASE_ANON_KEY') ?? '';
const SITE = 'https://app.example';
const run = Math.random().toString(36).slice(2, 8);

interface User {
  id: string;
  token: string;
}

async function json(res: Response): Promise<Record<string, unknown>> {
  return (await res.json()) as Record<string, unknown>;
}

/** Sign up `email` (with `role`), follow the mailed confirmation link, sign in. */
async function signUp(name: string, role: string): Promise<User> {
  const email = `${name}-${run}@example.com`;
  const password = `secret-${name}-${run}`;
  const headers = { apikey: ANON, 'content-type': 'application/json' };
  const up = await fetch(`${URL_}/auth/v1/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password, data: { role, first_name: name } }),
  });
  assert.equal(up.status, 200, await up.text());
  const mail = (await (
    await fetch(`${URL_}/_local/mail?to=${encodeURIComponent(email)}`)
  ).json()) as { links: string[] }[];
  const confirm = await fetch(mail[0]!.links[0]!, { redirect: 'manual' });
  await confirm.body?.cancel();
  const session = await fetch(`${URL_}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  const s = await json(session);
  assert.equal(session.status, 200, JSON.stringify(s));
  return { id: (s.user as { id: string }).id, token: s.access_token as string };
}

async function newProject(owner: User): Promise<string> {
  const id = crypto.randomUUID();
  const res = await fetch(`${URL_}/rest/v1/projects`, {
    method: 'POST',
    headers: {
      apikey: ANON,
      authorization: `Bearer ${owner.token}`,
      'content-type': 'application/json',
      prefer: 'return=minimal',
    },
    body: JSON.stringify({
      id,
      name: 'Alvarez kitchen',
      status: 'active',
      user_id: owner.id,
      assigned_contractor_id: owner.id,
      details: {},
    }),
  });
  assert.equal(res.status, 201, await res.text());
  return id;
}

function post(bearer: string | null, body: string, method = 'POST'): Request {
  return new Request('http://function.local/project-invite', {
    method,
    headers: {
      apikey: ANON,
      'content-type': 'application/json',
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    body: method === 'GET' ? undefined : body,
  });
}

const sent: InviteMail[] = [];
const project = createInviteHandler('project', {
  supabaseUrl: URL_,
  anonKey: ANON,
  siteUrl: SITE,
  sendMail: (m) => {
    sent.push(m);
    return Promise.resolve();
  },
});
const noMail = createInviteHandler('project', {
  supabaseUrl: URL_,
  anonKey: ANON,
  siteUrl: SITE,
  sendMail: null,
});
const org = createInviteHandler('org', {
  supabaseUrl: URL_,
  anonKey: ANON,
  siteUrl: SITE,
  sendMail: null,
});

Deno.test(
  'a contractor invites: the link comes from SITE_URL, is mailed and given back',
  async () => {
    const c = await signUp('inviter', 'contractor');
    const p = await newProject(c);
    const res = await project(
      post(c.token, JSON.stringify({ project_id: p, email: `Maria-${run}@Example.com` })),
    );
    const body = await json(res);
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.equal(body.role, 'owner');
    assert.equal(body.email, `maria-${run}@example.com`);
    assert.equal(body.mailed, true);
    assert.match(String(body.link), /^https:\/\/app\.example\/invite#token=[A-Za-z0-9_-]{43}$/);
    const mail = sent.at(-1)!;
    assert.equal(mail.link, body.link);
    assert.equal(mail.subject, 'inviter invited you to Alvarez kitchen');
    assert.ok(mail.text.includes(String(body.link)));
  },
);

Deno.test(
  'without mail settings no mail is sent and the answer says so, with the link',
  async () => {
    const c = await signUp('nomail', 'contractor');
    const p = await newProject(c);
    const res = await noMail(
      post(c.token, JSON.stringify({ project_id: p, email: `x-${run}@example.com` })),
    );
    const body = await json(res);
    assert.equal(res.status, 200);
    assert.equal(body.mailed, false);
    assert.equal(body.mail_problem, 'invite.mail_not_configured');
    assert.match(String(body.link), /^https:\/\/app\.example\/invite#token=/);
  },
);

Deno.test('no token, the anon key, a garbage or forged token: 401 with a code', async () => {
  const header = btoa(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const claims = btoa(
    JSON.stringify({ role: 'authenticated', sub: crypto.randomUUID(), exp: 9999999999 }),
  );
  const forged = `${header}.${claims}.c2lnbmF0dXJl`.replace(/=/g, '');
  for (const bearer of [null, ANON, 'not-a-jwt', forged]) {
    const res = await project(post(bearer, '{}'));
    assert.equal(res.status, 401, String(bearer));
    assert.deepEqual(await json(res), {
      code: 'PGRST301',
      message: bearer === null ? 'auth.token_missing' : 'auth.token_invalid',
      details: null,
      hint: null,
    });
  }
});

Deno.test(
  'bodies of the wrong shape, a huge body and another method: 4xx, never a 5xx',
  async () => {
    const c = await signUp('shapes', 'contractor');
    const own = await newProject(c);
    const typeIssue = (field: string) => ({
      field,
      issue: 'invalid_type',
      issues: [{ path: field, code: 'invalid_type' }],
    });
    const cases: [string, number, string, string, unknown][] = [
      ['', 400, 'PGRST102', 'request.body_invalid', { reason: 'invalid_json' }],
      ['{"project_id": ', 400, 'PGRST102', 'request.body_invalid', { reason: 'invalid_json' }],
      ['[1,2]', 400, 'PGRST102', 'request.body_invalid', { reason: 'not_object' }],
      [
        '{"project_id": 5, "email": "a@b.co"}',
        400,
        '22023',
        'request.body_invalid',
        typeIssue('project_id'),
      ],
      [
        JSON.stringify({ project_id: own, email: ['a@b.co'] }),
        400,
        '22023',
        'invite.email_invalid',
        typeIssue('email'),
      ],
      [
        JSON.stringify({ project_id: own, email: 'a@b.co', role: 'admin' }),
        400,
        '22023',
        'invite.role_invalid',
        {
          field: 'role',
          issue: 'invalid_enum_value',
          issues: [{ path: 'role', code: 'invalid_enum_value' }],
        },
      ],
      [
        JSON.stringify({ project_id: own, email: 'x'.repeat(400) }),
        400,
        '22023',
        'invite.email_invalid',
        { field: 'email', issue: 'too_big', issues: [{ path: 'email', code: 'too_big' }] },
      ],
      [
        JSON.stringify({ project_id: own, email: 'x'.repeat(40_000) }),
        413,
        'PGRST102',
        'request.body_too_large',
        { limit: 16384 },
      ],
    ];
    for (const [body, status, code, message, details] of cases) {
      const res = await project(post(c.token, body));
      const answer = await json(res);
      assert.equal(res.status, status, `${body.slice(0, 60)} → ${JSON.stringify(answer)}`);
      assert.deepEqual(answer, { code, message, details, hint: null });
    }
    // The database's own check of the address: its code and status come through.
    const notEmail = await project(
      post(c.token, JSON.stringify({ project_id: own, email: 'not an email' })),
    );
    const refusal = await json(notEmail);
    assert.equal(notEmail.status, 400, JSON.stringify(refusal));
    assert.equal(refusal.message, 'invite.email_invalid');
    const get = await project(post(c.token, '', 'GET'));
    assert.equal(get.status, 405);
    assert.deepEqual(await json(get), {
      code: 'PGRST117',
      message: 'request.method_not_allowed',
      details: { method: 'GET' },
      hint: null,
    });
  },
);

Deno.test(
  "a hostile user cannot invite to another user's project or into an organization",
  async () => {
    const owner = await signUp('victim-owner', 'contractor');
    const hostile = await signUp('hostile', 'contractor');
    const p = await newProject(owner);
    const res = await project(
      post(hostile.token, JSON.stringify({ project_id: p, email: `friend-${run}@example.com` })),
    );
    const body = await json(res);
    assert.equal(res.status, 403, JSON.stringify(body));
    assert.equal(body.code, '42501');
    assert.equal(body.message, 'invite.project_manager_only');
    const unknown = await project(
      post(
        hostile.token,
        JSON.stringify({ project_id: crypto.randomUUID(), email: `f-${run}@example.com` }),
      ),
    );
    assert.equal(unknown.status, 403);
    await unknown.body?.cancel();
    const intoOrg = await org(
      new Request('http://function.local/org-invite', {
        method: 'POST',
        headers: { authorization: `Bearer ${hostile.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email: `f2-${run}@example.com` }),
      }),
    );
    assert.equal(intoOrg.status, 403);
    assert.equal((await json(intoOrg)).code, '42501');
  },
);

Deno.test('a flood from one inviter stops at 20 an hour with 429 and a clear message', async () => {
  const c = await signUp('flooder', 'contractor');
  const p = await newProject(c);
  const answers = await Promise.all(
    Array.from({ length: 24 }, (_, i) =>
      noMail(
        post(c.token, JSON.stringify({ project_id: p, email: `flood${i}-${run}@example.com` })),
      ),
    ),
  );
  const statuses = answers.map((a) => a.status).sort();
  assert.deepEqual(statuses, [...Array(20).fill(200), ...Array(4).fill(429)]);
  for (const a of answers) {
    const body = await json(a);
    if (a.status === 429) {
      assert.equal(body.message, 'invite.limit_reached');
      assert.equal((body.details as { count?: unknown } | null)?.count, 20);
    }
  }
});
