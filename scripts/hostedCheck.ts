/**
 * The checks of `npm run check:hosted`: is a Supabase project (hosted, or
 * the local backend, which presents itself the same way) set up as the app
 * needs? Only the anon key and two throwaway accounts, signed up here and
 * deleted at the end (`delete_my_account()`), or two given confirmed test
 * accounts (then kept).
 *
 * Checks, one line each (`ok`, `FAIL` or `skip`): sign-up; the released
 * migrations are applied (`applied_migrations()` against
 * supabase/released-migrations.json); every Edge Function in
 * supabase/functions answers (a signed-in call with an empty body gets its
 * 400, not a 404 or 5xx); the `project-files` bucket exists; RLS refuses
 * another user (and anon) a project; Realtime (scripts/hostedRealtimeCheck.ts):
 * a user joins their own private topic and another user is refused it, a
 * public channel is refused, the broadcast API answers (skipped when the
 * project serves no `/realtime/v1`); reads past the row cap are paged and a function's "not
 * found" is 404 (scripts/hostedRestChecks.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { realtimeChecks } from './hostedRealtimeCheck.ts';
import { checkNotFoundStatus, checkRowCap, type RestCheckContext } from './hostedRestChecks.ts';

const ROOT = join(import.meta.dirname, '..');

/** The REST checks (scripts/hostedRestChecks.ts), in report order. */
async function restChecks(
  ctx: RestCheckContext,
  check: (name: string, fn: () => Promise<[CheckLine['status'], string]>) => Promise<void>,
): Promise<void> {
  await check('row cap', () => checkRowCap(ctx));
  await check('not found status', () => checkNotFoundStatus(ctx));
}

/** Options of a check run; `url` and `anonKey` are the project's. */
export const checkOptions = z.object({
  url: z
    .string()
    .url('--url must be the project URL, e.g. https://<ref>.supabase.co')
    .transform((u) => u.replace(/\/+$/, '')),
  anonKey: z
    .string()
    .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, '--anon-key must be the project anon key (a JWT)'),
  accounts: z
    .array(z.object({ email: z.string().email(), password: z.string().min(1) }))
    .length(2)
    .optional(),
});
export type CheckOptions = z.infer<typeof checkOptions>;

/** One line of the report. */
export interface CheckLine {
  status: 'ok' | 'FAIL' | 'skip';
  check: string;
  detail: string;
}

interface Session {
  id: string;
  token: string;
  email: string;
  made: boolean;
}

/** The Edge Functions of this repository: the folders of supabase/functions with an index.ts. */
export function functionNames(): string[] {
  const dir = join(ROOT, 'supabase', 'functions');
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('_') && e.name !== 'tests')
    .filter((e) => readdirSync(join(dir, e.name)).includes('index.ts'))
    .map((e) => e.name)
    .sort();
}

/** Versions of the released migrations (the part of each file name before `_`). */
export function releasedVersions(): string[] {
  const released = JSON.parse(
    readFileSync(join(ROOT, 'supabase', 'released-migrations.json'), 'utf8'),
  ) as Record<string, string>;
  return Object.keys(released)
    .map((f) => f.slice(0, f.indexOf('_')))
    .sort();
}

/**
 * Run every check against the project; `print` gets each line as it is
 * known. Resolves with the lines; never rejects (a thrown error is a FAIL).
 */
export async function runHostedCheck(
  opts: CheckOptions,
  print: (line: CheckLine) => void = () => {},
): Promise<CheckLine[]> {
  const lines: CheckLine[] = [];
  const say = (status: CheckLine['status'], check: string, detail: string) => {
    const line = { status, check, detail };
    lines.push(line);
    print(line);
  };
  const base = opts.url;
  const anonHeaders = { apikey: opts.anonKey, 'content-type': 'application/json' };
  const as = (s: Session) => ({ ...anonHeaders, authorization: `Bearer ${s.token}` });

  async function signIn(email: string, password: string): Promise<Response> {
    return fetch(`${base}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: anonHeaders,
      body: JSON.stringify({ email, password }),
    });
  }

  async function account(n: number): Promise<Session> {
    const given = opts.accounts?.[n];
    if (given) {
      const res = await signIn(given.email, given.password);
      const body = (await res.json()) as { access_token?: string; user?: { id: string } };
      if (!res.ok || !body.access_token || !body.user)
        throw new Error(`sign-in of ${given.email} failed (${res.status})`);
      return { id: body.user.id, token: body.access_token, email: given.email, made: false };
    }
    const email = `check-hosted-${randomBytes(5).toString('hex')}@example.com`;
    const password = randomBytes(18).toString('base64url');
    const up = await fetch(`${base}/auth/v1/signup`, {
      method: 'POST',
      headers: anonHeaders,
      body: JSON.stringify({ email, password, data: { role: 'contractor' } }),
    });
    const made = (await up.json().catch(() => null)) as {
      access_token?: string;
      user?: { id: string };
      id?: string;
      msg?: string;
      message?: string;
    } | null;
    if (!up.ok)
      throw new Error(`sign-up refused (${up.status}: ${made?.msg ?? made?.message ?? ''})`);
    if (made?.access_token && made.user)
      return { id: made.user.id, token: made.access_token, email, made: true };
    // Email confirmations are on. The local backend keeps its mail in an outbox we can read.
    const outbox = await fetch(`${base}/_local/mail?to=${encodeURIComponent(email)}`).catch(
      () => null,
    );
    const mails = outbox?.ok ? ((await outbox.json()) as { links: string[] }[]) : [];
    const link = mails[0]?.links[0];
    if (!link)
      throw new Error(
        'sign-up needs email confirmation: turn "Confirm email" off while checking, or pass --email/--password twice',
      );
    await fetch(link, { redirect: 'manual' }).then((r) => r.body?.cancel());
    const res = await signIn(email, password);
    const body = (await res.json()) as { access_token?: string; user?: { id: string } };
    if (!res.ok || !body.access_token || !body.user)
      throw new Error(`sign-in after confirmation failed (${res.status})`);
    return { id: body.user.id, token: body.access_token, email, made: true };
  }

  let a: Session | null = null;
  let b: Session | null = null;
  try {
    a = await account(0);
    b = await account(1);
    say('ok', 'sign-up', `${a.made ? 'made' : 'signed in'} ${a.email} and ${b.email}`);
  } catch (e) {
    say('FAIL', 'sign-up', (e as Error).message);
  }

  async function check(name: string, fn: () => Promise<[CheckLine['status'], string]>) {
    try {
      const [status, detail] = await fn();
      say(status, name, detail);
    } catch (e) {
      say('FAIL', name, (e as Error).message);
    }
  }

  if (a && b) {
    const [sa, sb] = [a, b];
    await check('migrations', async () => {
      const res = await fetch(`${base}/rest/v1/rpc/applied_migrations`, {
        method: 'POST',
        headers: as(sa),
        body: '{}',
      });
      if (!res.ok)
        return ['FAIL', `applied_migrations() answered ${res.status}: run supabase db push`];
      const applied = new Set((await res.json()) as string[]);
      const missing = releasedVersions().filter((v) => !applied.has(v));
      return missing.length
        ? ['FAIL', `not applied: ${missing.join(', ')} (run supabase db push)`]
        : ['ok', `${releasedVersions().length} released migrations applied`];
    });

    for (const name of functionNames()) {
      await check(`function ${name}`, async () => {
        if (name === 'calendar-feed') {
          // A phone calendar's GET: an unknown token answers 404 with the function's own code,
          // which a missing deployment (the gateway's 404) does not carry.
          const res = await fetch(`${base}/functions/v1/${name}?token=${randomUUID()}`);
          const text = await res.text();
          if (res.status === 404 && text.includes('calendar.feed_not_found'))
            return [
              'ok',
              'answers (404 calendar.feed_not_found for an unknown token, as it should)',
            ];
          if (res.status === 404)
            return ['FAIL', `not deployed (404): supabase functions deploy ${name}`];
          return ['FAIL', `unexpected ${res.status}: ${text.slice(0, 200)}`];
        }
        const res = await fetch(`${base}/functions/v1/${name}`, {
          method: 'POST',
          headers: as(sa),
          body: '{}',
        });
        const text = await res.text();
        if (res.status === 404)
          return ['FAIL', `not deployed (404): supabase functions deploy ${name}`];
        if (res.status >= 500) return ['FAIL', `answered ${res.status}: ${text.slice(0, 200)}`];
        return res.status === 400
          ? ['ok', 'answers (400 for an empty body, as it should)']
          : ['FAIL', `unexpected ${res.status}: ${text.slice(0, 200)}`];
      });
    }

    await check('bucket project-files', async () => {
      const res = await fetch(`${base}/storage/v1/object/list/project-files`, {
        method: 'POST',
        headers: as(sa),
        body: JSON.stringify({ prefix: `projects/${randomUUID()}/`, limit: 1 }),
      });
      const text = await res.text();
      return res.ok
        ? ['ok', 'exists']
        : ['FAIL', `listing answered ${res.status}: ${text.slice(0, 200)}`];
    });

    await check('RLS', async () => {
      const id = randomUUID();
      const made = await fetch(`${base}/rest/v1/projects`, {
        method: 'POST',
        headers: { ...as(sa), prefer: 'return=minimal' },
        body: JSON.stringify({
          id,
          name: 'check-hosted',
          status: 'active',
          user_id: sa.id,
          assigned_contractor_id: sa.id,
          details: {},
        }),
      });
      if (made.status !== 201) return ['FAIL', `own project insert answered ${made.status}`];
      const read = async (headers: Record<string, string>) =>
        (await (
          await fetch(`${base}/rest/v1/projects?id=eq.${id}&select=id,name`, { headers })
        ).json()) as { name: string }[];
      const own = await read(as(sa));
      const other = await read(as(sb));
      const anon = await read(anonHeaders);
      await fetch(`${base}/rest/v1/projects?id=eq.${id}`, {
        method: 'PATCH',
        headers: as(sb),
        body: JSON.stringify({ name: 'taken over' }),
      }).then((r) => r.body?.cancel());
      const after = await read(as(sa));
      if (own.length !== 1) return ['FAIL', 'the owner cannot read their own project'];
      if (other.length || anon.length) return ['FAIL', 'another user or anon reads the project'];
      if (after[0]?.name !== 'check-hosted') return ['FAIL', 'another user changed the project'];
      return ['ok', 'another user and anon neither read nor change a project'];
    });

    await restChecks({ base, anonKey: opts.anonKey, user: sa }, check);
    for (const [name, fn] of realtimeChecks(base, opts.anonKey, sa, sb)) await check(name, fn);
  }

  for (const s of [a, b]) {
    if (!s?.made) continue;
    await check(`delete ${s.email}`, async () => {
      const res = await fetch(`${base}/rest/v1/rpc/delete_my_account`, {
        method: 'POST',
        headers: as(s),
        body: '{}',
      });
      return res.ok ? ['ok', 'deleted'] : ['FAIL', `delete_my_account() answered ${res.status}`];
    });
  }
  return lines;
}
