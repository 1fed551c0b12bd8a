/**
 * Invitations attacked as a hostile user would, over HTTP with supabase-js
 * against the local backend: the link's host never comes from a request
 * header (Origin, Host), the rate limits per inviter and per address hold
 * (in the database, so also under concurrent calls on PostgreSQL), and a
 * name with line breaks cannot add lines or headers to the mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

let plain: StartedBackend;
let withSite: StartedBackend;

async function projectOf(b: StartedBackend, userId: string, name = 'Alvarez kitchen') {
  const id = crypto.randomUUID();
  await b.pg.query(
    `insert into projects (id, name, status, user_id, assigned_contractor_id, details) values ($1, $2, 'active', $3, $3, '{}')`,
    [id, name, userId],
  );
  return id;
}

function invite(as: SupabaseClient, projectId: string, email: string) {
  return as.functions.invoke('project-invite', {
    body: { project_id: projectId, email, role: 'owner' },
  });
}

/** POST with headers fetch will not set (Host), through node:http. */
function rawPost(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  [plain, withSite] = await Promise.all([
    startLocalBackend(),
    startLocalBackend({ siteUrl: 'https://app.example' }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.stop(), withSite?.stop()]);
});

describe('invitation links come from configuration, never from the request', () => {
  it('without SITE_URL: the server’s own origin, whatever Origin and Host say', async () => {
    const c = await plain.signUpConfirmed('origin-c@example.com', 'secret-oc', {
      role: 'contractor',
    });
    const project = await projectOf(plain, c.userId);
    const evil = await fetch(`${plain.url}/functions/v1/project-invite`, {
      method: 'POST',
      headers: {
        apikey: plain.anonKey,
        authorization: `Bearer ${c.accessToken}`,
        'content-type': 'application/json',
        origin: 'https://evil.example',
      },
      body: JSON.stringify({ project_id: project, email: 'victim@example.com' }),
    });
    expect(evil.status).toBe(200);
    const hosted = await rawPost(
      `${plain.url}/functions/v1/project-invite`,
      {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        apikey: plain.anonKey,
        authorization: `Bearer ${c.accessToken}`,
        'content-type': 'application/json',
      },
      JSON.stringify({ project_id: project, email: 'victim2@example.com' }),
    );
    expect(hosted.status).toBe(200);
    for (const to of ['victim@example.com', 'victim2@example.com']) {
      const mail = (await plain.readMail(to))[0];
      expect(mail?.links[0]).toMatch(new RegExp(`^${plain.url}/invite#token=`));
      expect(mail?.text).not.toContain('evil.example');
    }
  });

  it('with SITE_URL: SITE_URL, for project and organization invitations', async () => {
    const c = await withSite.signUpConfirmed('site-c@example.com', 'secret-sc', {
      role: 'contractor',
    });
    const admin = await withSite.signUpConfirmed('site-admin@example.com', 'secret-sa', {
      role: 'org_admin',
    });
    const project = await projectOf(withSite, c.userId);
    const headers = { origin: 'https://evil.example' };
    const p = await c.client.functions.invoke('project-invite', {
      body: { project_id: project, email: 'site-victim@example.com' },
      headers,
    });
    expect(p.error).toBeNull();
    const o = await admin.client.functions.invoke('org-invite', {
      body: { email: 'site-victim-org@example.com' },
      headers,
    });
    expect(o.error).toBeNull();
    const mail = (await withSite.readMail('site-victim@example.com'))[0];
    expect(mail?.links[0]).toMatch(/^https:\/\/app\.example\/invite#token=[^&]+$/);
    // A team invitation's link says so, and names the invited address for sign-up.
    const team = (await withSite.readMail('site-victim-org@example.com'))[0];
    expect(team?.links[0]).toMatch(
      /^https:\/\/app\.example\/invite\/team#token=[^&]+&email=site-victim-org%40example\.com$/,
    );
    expect(team?.subject).toMatch(/^Team invitation: /);
    expect(team?.text).toMatch(/This is a team invitation/);
  });
});

describe('invitation rate limits (kept in the database)', () => {
  it('an inviter gets 20 an hour, also when the calls arrive at once; the rest answer 429 and send nothing', async () => {
    const c = await plain.signUpConfirmed('flood-c@example.com', 'secret-fc', {
      role: 'contractor',
    });
    const project = await projectOf(plain, c.userId);
    const answers = await Promise.all(
      Array.from({ length: 26 }, (_, i) => invite(c.client, project, `flood-${i}@example.com`)),
    );
    const ok = answers.filter((a) => a.error === null);
    const refused = answers.filter((a) => a.error !== null);
    expect(ok).toHaveLength(20);
    expect(refused).toHaveLength(6);
    for (const r of refused) {
      const res = (r.error as { context: Response }).context;
      expect(res.status).toBe(429);
      const body = (await res.json()) as { code: string; message: string; details: unknown };
      expect(body.code).toBe('PT429');
      expect(body.message).toBe('invite.limit_reached');
      // The function hands the database's DETAIL on as the JSON object it is.
      expect(body.details).toMatchObject({ count: 20, limit: 20 });
    }
    const rows = await plain.pg.query<{ n: number }>(
      `select count(*)::int as n from project_invites where project_id = $1`,
      [project],
    );
    expect(rows.rows[0]!.n).toBe(20);
    let mails = 0;
    for (let i = 0; i < 26; i += 1)
      mails += (await plain.readMail(`flood-${i}@example.com`)).length;
    expect(mails).toBe(20);
  });

  it('an inviter sends an address 3 a day, resends included; a stranger cannot spend that allowance', async () => {
    const a = await plain.signUpConfirmed('resend-a@example.com', 'secret-ra', {
      role: 'contractor',
    });
    const b = await plain.signUpConfirmed('resend-b@example.com', 'secret-rb', {
      role: 'contractor',
    });
    const pa = await projectOf(plain, a.userId);
    const pb = await projectOf(plain, b.userId);
    // The stranger spends its own 3 on the address first.
    for (let i = 0; i < 3; i += 1)
      expect((await invite(b.client, pb, 'Target@Example.com')).error).toBeNull();
    const strangerFourth = await invite(b.client, pb, 'target@example.com');
    // The real inviter still has its own 3.
    for (let i = 0; i < 3; i += 1)
      expect((await invite(a.client, pa, 'target@example.com')).error).toBeNull();
    const fourth = await invite(a.client, pa, 'target@example.com');
    for (const r of [strangerFourth, fourth]) {
      const res = (r.error as { context: Response }).context;
      expect(res.status).toBe(429);
      const body = (await res.json()) as { message: string; details: unknown };
      expect(body.message).toBe('invite.address_limit_reached');
      expect(body.details).toMatchObject({
        email: 'target@example.com',
        count: 3,
        limit: 3,
      });
    }
    expect(await plain.readMail('target@example.com')).toHaveLength(6);
    // Another address from the same inviter still goes out.
    expect((await invite(a.client, pa, 'someone-else@example.com')).error).toBeNull();
  });
});

describe('names in a mail are one line', () => {
  it('line breaks and control characters in the inviter’s and the project’s names are dropped', async () => {
    const c = await plain.signUpConfirmed('names-c@example.com', 'secret-nc', {
      role: 'contractor',
    });
    await plain.pg.query(`update profiles set first_name = $2, last_name = $3 where id = $1`, [
      c.userId,
      'Eve\r\nBcc: all@example.com',
      'X\u0001\u202e\u0007',
    ]);
    const project = await projectOf(plain, c.userId, 'Kitchen\n\nClick http://evil.example now');
    expect((await invite(c.client, project, 'names-victim@example.com')).error).toBeNull();
    const mail = (await plain.readMail('names-victim@example.com'))[0]!;
    expect(mail.subject).toBe(
      'Eve Bcc: all@example.com X invited you to Kitchen Click http://evil.example now',
    );
    expect(mail.subject).not.toMatch(/[\p{Cc}\p{Cf}]/u);
    const firstLine = mail.text.split('\n')[0]!;
    expect(firstLine).toContain('"Kitchen Click http://evil.example now"');
    // No control or format character but the line breaks of the template itself.
    expect(mail.text.replace(/\n/g, '')).not.toMatch(/[\p{Cc}\p{Cf}]/u);
  });
});
