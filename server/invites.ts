/**
 * `POST /functions/v1/project-invite` (and `/org-invite`, below): invites a person to a project by email
 * (a send, or a resend that replaces the pending link). The database cannot
 * send mail, so this endpoint makes the token, stores only its SHA-256
 * through `create_project_invite` (run as the caller, so the database checks
 * that the caller is the project's owner or contractor), and mails the link
 * through the same mailer as signup confirmations (SMTP and/or the local
 * outbox shown by `/_local/mail`). On hosted Supabase the same contract is an
 * Edge Function of that name.
 *
 * Body: `{ project_id: uuid, email: string, role?: 'owner'|'contractor'|'viewer' }`
 * (role defaults to owner: the homeowner of a contractor's job). Answers 200
 * `{ id, project_id, email, role, expires_at }` — never the token — or a
 * PostgREST-shaped error: 401 no/bad token, 400 bad body or email, 403 not
 * the project's owner or contractor, 409 already on the project, 429 over the
 * invitation limits (kept in the database: 20 an hour per inviter, 3 a day per address).
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv, BackendContext } from './context.ts';
import type { Claims } from './db.ts';
import { jsonBody, type BodyProblem } from './jsonBody.ts';
import { runAs } from './db.ts';
import { isPgError, pgErrorBody, pgrst, statusForSqlState } from './pgError.ts';
import { hashToken, randomToken } from './auth/tokens.ts';
import { mailSafeName } from '../supabase/functions/_shared/mailText.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface InviteResult {
  id: string;
  project_id: string;
  project_name: string | null;
  email: string;
  role: string;
  expires_at: string;
  inviter: { name?: string | null; email?: string | null };
}

/** Invitation bodies are small: an id, an email and a role. */
const MAX_INVITE_BODY_BYTES = 16 * 1024;
/** Any JSON object; the fields are checked one by one so each gets its own message. */
const inviteBody = z.record(z.unknown());

function bodyFail(p: BodyProblem): Response {
  const message =
    p.status === 413
      ? 'Payload Too Large'
      : p.kind === 'aborted'
        ? 'Request body aborted'
        : 'Empty or invalid json';
  return Response.json(pgrst('PGRST102', message, p.message), { status: p.status });
}

/**
 * What both invitation routes check first: a signed-in caller (from the
 * claims middleware) and a JSON object body. Returns the answer to send when
 * either is missing.
 */
async function inviteRequest(
  c: Context<ApiEnv>,
): Promise<
  { ok: true; claims: Claims; body: Record<string, unknown> } | { ok: false; res: Response }
> {
  const t = c.get('auth');
  if (!t.ok || t.claims.role !== 'authenticated') {
    const message = t.ok ? 'Please sign in to invite someone' : t.message;
    return { ok: false, res: Response.json(pgrst('PGRST301', message), { status: 401 }) };
  }
  const b = await jsonBody(c.req.raw, MAX_INVITE_BODY_BYTES, inviteBody, bodyFail);
  return b.ok ? { ok: true, claims: t.claims, body: b.body } : b;
}

/** The link a person opens to join: the app's /invite page, the token in the fragment (never sent to a server log). */
export function inviteLink(site: string, token: string): string {
  return `${site.replace(/\/+$/, '')}/invite#token=${encodeURIComponent(token)}`;
}

/** Build the `/functions/v1` routes of invitations. */
export function inviteRoutes(ctx: BackendContext): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  /** The app's origin for links: SITE_URL, else the server's own; never a request header (Origin, Host). */
  function site(): string {
    return ctx.siteUrl ?? ctx.ownOrigin();
  }

  app.post('/project-invite', async (c) => {
    const req = await inviteRequest(c);
    if (!req.ok) return req.res;
    const { claims, body } = req;
    const projectId =
      typeof body.project_id === 'string' && UUID_RE.test(body.project_id) ? body.project_id : null;
    if (!projectId) return c.json(pgrst('22023', 'project_id must be a project id'), 400);
    const email = typeof body.email === 'string' ? body.email : '';
    const role = body.role === undefined ? 'owner' : body.role;
    if (typeof role !== 'string')
      return c.json(pgrst('22023', 'role must be owner, contractor or viewer'), 400);

    const token = randomToken(32);
    let result: InviteResult;
    try {
      result = await runAs(ctx.pg, claims, async (tx) => {
        const r = await tx.query<{ r: InviteResult }>(
          'select public.create_project_invite($1, $2, $3, $4) as r',
          [projectId, email, role, hashToken(token)],
        );
        return r.rows[0]!.r;
      });
    } catch (e) {
      if (isPgError(e)) return c.json(pgErrorBody(e), statusForSqlState(e.code, false) as 400);
      throw e;
    }
    const link = inviteLink(site(), token);
    const who = mailSafeName(result.inviter.name || result.inviter.email, 'Your contractor');
    const project = mailSafeName(result.project_name, 'a project');
    await ctx.mailer.send({
      to: result.email,
      subject: `${who} invited you to ${project}`,
      text:
        `${who} invited you to follow the project "${project}" on Refacing: its status, photos and the cabinet order.\n\n` +
        `Open this link to sign up or sign in and join (it works once and expires in 7 days):\n\n${link}\n`,
      links: [link],
    });
    return c.json({
      id: result.id,
      project_id: result.project_id,
      email: result.email,
      role: result.role,
      expires_at: result.expires_at,
    });
  });

  /**
   * `POST /functions/v1/org-invite` `{ email }`: an org_admin invites a
   * contractor into its organization (send or resend), same token and mail
   * path. Answers 200 `{ id, email, role, expires_at }`; 403 not an
   * org_admin, 400 bad email, 409 already in the organization.
   */
  app.post('/org-invite', async (c) => {
    const req = await inviteRequest(c);
    if (!req.ok) return req.res;
    const { claims, body } = req;
    const email = typeof body.email === 'string' ? body.email : '';
    const token = randomToken(32);
    let result: Omit<InviteResult, 'project_id' | 'project_name'>;
    try {
      result = await runAs(ctx.pg, claims, async (tx) => {
        const r = await tx.query<{ r: typeof result }>(
          'select public.create_org_invite($1, $2) as r',
          [email, hashToken(token)],
        );
        return r.rows[0]!.r;
      });
    } catch (e) {
      if (isPgError(e)) return c.json(pgErrorBody(e), statusForSqlState(e.code, false) as 400);
      throw e;
    }
    const link = inviteLink(site(), token);
    const who = mailSafeName(result.inviter.name || result.inviter.email, 'Your organization');
    await ctx.mailer.send({
      to: result.email,
      subject: `${who} invited you to join their team`,
      text:
        `${who} invited you to join their organization on Refacing as a contractor: they can then assign you projects.\n\n` +
        `Open this link to sign up (as a contractor) or sign in and join (it works once and expires in 7 days):\n\n${link}\n`,
      links: [link],
    });
    return c.json({
      id: result.id,
      email: result.email,
      role: result.role,
      expires_at: result.expires_at,
    });
  });

  return app;
}
