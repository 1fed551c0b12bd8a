/**
 * The invitation functions `project-invite` and `org-invite`: one handler,
 * the same code on hosted Supabase (Deno, through `../<name>/index.ts`) and
 * on the local backend (Node, through server/invites.ts).
 *
 * A request: `POST` with the caller's access token (`Authorization: Bearer`)
 * and a JSON body, `{ project_id: uuid, email, role?: 'owner'|'contractor'|'viewer' }`
 * for a project (role defaults to owner: the homeowner of a contractor's
 * job) or `{ email }` for the caller's organization (as a contractor); either
 * may add `locale` (a BCP 47 tag, the language the inviter's app shows), the
 * mail's language (English when absent or not one the app has). The
 * handler checks the token with Auth (`GET /auth/v1/user`), makes a random
 * token, and stores only its SHA-256 through `create_project_invite` or
 * `create_org_invite`, called through the Data API (`/rest/v1/rpc`) *as the
 * caller*, so the
 * database's rules decide (owner or contractor of the project; an
 * org_admin; the rate limits). No service-role key is used. The link
 * `<siteUrl>/invite#token=…` comes from configuration only, never from a
 * request header. With a mailer it is mailed; either way the inviter gets
 * it back to pass on (copy, share, QR code).
 *
 * Answers 200 `{ id, project_id?, email, role, expires_at, link, mailed,
 * mail_problem? }` (`mail_problem` a code: `invite.mail_not_configured`,
 * `invite.mail_failed`), or a PostgREST-shaped error `{ code, message,
 * details, hint }` whose `message` is a stable dotted code and `details` a
 * JSON object of its data: 401 `auth.token_missing` / `auth.token_invalid`
 * (the anon key is no user), 400 `request.body_invalid` (`{ reason }`, or a
 * schema's `{ field, issue, issues }`) or `invite.email_invalid` /
 * `invite.role_invalid`, 405 `request.method_not_allowed`, 413
 * `request.body_too_large` (`{ limit }`), the database's own codes as it
 * raised them (403 `invite.project_manager_only`, 409
 * `invite.already_member`, 429 `invite.limit_reached`, …), 502/503
 * `error.server` (`{ service }`) when Auth or the database cannot be
 * reached. Never a sentence or a stack trace.
 */
import { z } from 'zod';
import { mailSafeName } from './mailText.ts';
import {
  mailFallbackName,
  mailLocale,
  projectInviteMail,
  teamInviteMail,
  type MailLocale,
} from './mailTexts.ts';

/** Which invitation a handler makes. */
export type InviteKind = 'project' | 'org';

/** One invitation mail: plain text, the link also given apart. */
export interface InviteMail {
  to: string;
  subject: string;
  text: string;
  link: string;
}

/** What the handler needs from where it runs. */
export interface InviteConfig {
  /** The project's API URL (`SUPABASE_URL`; the local backend's own origin). */
  supabaseUrl: string;
  /** The anon key, sent as `apikey` with the caller's token. */
  anonKey: string;
  /** The app's origin for links (`SITE_URL`); never taken from a request. */
  siteUrl: string;
  /** Sends a mail; null when no mail is configured (the answer says `mailed: false`). */
  sendMail: ((mail: InviteMail) => Promise<void>) | null;
  /** Headers added to every answer (CORS on hosted; the local server adds its own). */
  headers?: Record<string, string>;
  /** The fetch used to reach Auth and the Data API (default: the global one). */
  fetch?: typeof fetch;
}

/** Invitation bodies are small: an id, an email and a role. */
export const MAX_INVITE_BODY_BYTES = 16 * 1024;

const ROLES = ['owner', 'contractor', 'viewer'] as const;
const projectBody = z.object({
  project_id: z.string().uuid(),
  email: z.string().max(320),
  role: z.enum(ROLES).default('owner'),
  locale: z.string().max(35).optional(),
});
const orgBody = z.object({
  email: z.string().max(320),
  locale: z.string().max(35).optional(),
});

/** The data of an error answer: a JSON object, the values the code's words need. */
export type ErrorDetails = Record<string, unknown>;

/**
 * Why a body failed its schema: the first issue's field and zod issue code
 * (`{ field: 'email', issue: 'too_big' }`, the words' data), and every issue
 * as `{ path, code }` (dotted paths) for whoever reads the answer.
 */
export function zodDetails(error: z.ZodError): ErrorDetails {
  const issues = error.issues.slice(0, 20).map((i) => ({ path: i.path.join('.'), code: i.code }));
  return { field: issues[0]?.path ?? '', issue: issues[0]?.code ?? 'custom', issues };
}

/**
 * A refused body's code: a bad email or role keeps the invitation's own code
 * (the same the database raises, so the person reads one text), anything else
 * is `request.body_invalid`.
 */
function bodyCode(details: ErrorDetails): string {
  if (details.field === 'email') return 'invite.email_invalid';
  if (details.field === 'role') return 'invite.role_invalid';
  return 'request.body_invalid';
}

interface Created {
  id: string;
  project_id?: string;
  project_name?: string | null;
  email: string;
  role: string;
  expires_at: string;
  inviter?: { name?: string | null; email?: string | null };
}

/**
 * A PostgREST-shaped error answer `{ code, message, details, hint }`: `code`
 * the PostgREST code or SQLSTATE that fits the status, `message` a stable
 * dotted code (src/remote/errorCodes.ts words it), `details` a JSON object of
 * its data (null when it has none). Never a sentence or a stack trace.
 */
export function refuse(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
  details: ErrorDetails | null = null,
): Response {
  return Response.json({ code, message, details, hint: null }, { status, headers });
}

/**
 * The database's DETAIL as an object: PostgREST passes it as text, and the
 * database's codes put a JSON object there; anything else stays as it came.
 */
export function detailsObject(details: unknown): unknown {
  if (typeof details !== 'string' || !details.startsWith('{')) return details ?? null;
  try {
    const value = JSON.parse(details) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? value : details;
  } catch {
    return details;
  }
}

/** Why a body could not be read: its status, code and data. */
interface BodyRefusal {
  ok: false;
  status: 400 | 413;
  message: 'request.body_invalid' | 'request.body_too_large';
  details: ErrorDetails;
}

const tooLarge: BodyRefusal = {
  ok: false,
  status: 413,
  message: 'request.body_too_large',
  details: { limit: MAX_INVITE_BODY_BYTES },
};
const invalid = (reason: 'invalid_json' | 'aborted' | 'not_object'): BodyRefusal => ({
  ok: false,
  status: 400,
  message: 'request.body_invalid',
  details: { reason },
});

/** The body as JSON within {@link MAX_INVITE_BODY_BYTES}, or why not. */
export async function readJson(req: Request): Promise<{ ok: true; value: unknown } | BodyRefusal> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > MAX_INVITE_BODY_BYTES) return tooLarge;
  if (!req.body) return invalid('invalid_json');
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_INVITE_BODY_BYTES) {
        await reader.cancel().catch(() => {});
        return tooLarge;
      }
      chunks.push(value);
    }
  } catch {
    return invalid('aborted');
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(bytes)) as unknown };
  } catch {
    return invalid('invalid_json');
  }
}

/**
 * Whether a bearer token claims a signed-in user (role `authenticated` and a
 * subject), read without checking the signature: a cheap early refusal of
 * the anon key and of garbage. Auth checks the token for real afterwards.
 */
export function looksSignedIn(jwt: string): boolean {
  const part = jwt.split('.')[1];
  if (!part || part.length > 8192) return false;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as { role?: unknown; sub?: unknown };
    return claims.role === 'authenticated' && typeof claims.sub === 'string';
  } catch {
    return false;
  }
}

/** A random URL-safe token of 32 bytes. */
function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** SHA-256 of `token`, hex: all the database keeps. */
async function sha256Hex(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The link a person opens to join: the app's /invite page (/invite/team for
 * a team invitation, so the page says which it is before anyone signs in),
 * the token in the fragment (never sent to a server log). An invitation
 * that needs a contractor account also names the invited email in the
 * fragment, which sign-up fills in and locks with the role fixed to
 * contractor: a team invitation (`{ kind: 'team' }`), and a project
 * invitation as "Contractor (edits)" (`{ kind: 'project' }`, the fragment
 * adds role=contractor). The database checks the account's email and role
 * again when it is accepted.
 */
export function inviteLink(
  siteUrl: string,
  token: string,
  needs?: { kind: 'team' | 'project'; email: string },
): string {
  const base = siteUrl.replace(/\/+$/, '');
  const t = encodeURIComponent(token);
  if (needs?.kind === 'team')
    return `${base}/invite/team#token=${t}&email=${encodeURIComponent(needs.email)}`;
  if (needs?.kind === 'project')
    return `${base}/invite#token=${t}&role=contractor&email=${encodeURIComponent(needs.email)}`;
  return `${base}/invite#token=${t}`;
}

/**
 * The mail of a made invitation, in `locale` (the language the inviter's app
 * showed when sending; see docs/decisions.md): names reduced to one safe line.
 */
function mailOf(kind: InviteKind, created: Created, link: string, locale: MailLocale): InviteMail {
  const inviter = created.inviter?.name || created.inviter?.email;
  if (kind === 'project') {
    const who = mailSafeName(inviter, mailFallbackName('someone', locale));
    const project = mailSafeName(created.project_name, mailFallbackName('aProject', locale));
    const mail = projectInviteMail({ who, project, role: created.role, link }, locale);
    return { to: created.email, ...mail, link };
  }
  const who = mailSafeName(inviter, mailFallbackName('yourOrganization', locale));
  return { to: created.email, ...teamInviteMail({ who, link }, locale), link };
}

/**
 * The request handler of one invitation function (see the file comment for
 * the contract). Errors never escape: anything unexpected answers 502
 * without details.
 */
export function createInviteHandler(
  kind: InviteKind,
  config: InviteConfig,
): (req: Request) => Promise<Response> {
  const extra = config.headers ?? {};
  return async (req) => {
    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: extra });
    if (req.method !== 'POST')
      return refuse(405, 'PGRST117', 'request.method_not_allowed', extra, {
        method: req.method.slice(0, 16),
      });
    const auth = req.headers.get('authorization') ?? '';
    const jwt = /^bearer /i.test(auth) ? auth.slice(7).trim() : '';
    if (!jwt) return refuse(401, 'PGRST301', 'auth.token_missing', extra);
    if (!looksSignedIn(jwt)) return refuse(401, 'PGRST301', 'auth.token_invalid', extra);
    const call = config.fetch ?? fetch;
    const base = config.supabaseUrl.replace(/\/+$/, '');
    const asCaller = { apikey: config.anonKey, authorization: `Bearer ${jwt}` };
    try {
      const user = await call(`${base}/auth/v1/user`, { headers: asCaller });
      await user.body?.cancel();
      if (user.status >= 500)
        return refuse(503, 'PGRST002', 'error.server', extra, { service: 'auth' });
      if (!user.ok) return refuse(401, 'PGRST301', 'auth.token_invalid', extra);
      const read = await readJson(req);
      if (!read.ok) return refuse(read.status, 'PGRST102', read.message, extra, read.details);
      if (typeof read.value !== 'object' || read.value === null || Array.isArray(read.value))
        return refuse(400, 'PGRST102', 'request.body_invalid', extra, { reason: 'not_object' });
      const checked = (kind === 'project' ? projectBody : orgBody).safeParse(read.value);
      if (!checked.success) {
        const details = zodDetails(checked.error);
        return refuse(400, '22023', bodyCode(details), extra, details);
      }
      const token = randomToken();
      const hash = await sha256Hex(token);
      const body = checked.data as {
        project_id?: string;
        email: string;
        role?: string;
        locale?: string;
      };
      const [fn, args] =
        kind === 'project'
          ? [
              'create_project_invite',
              {
                p_project_id: body.project_id,
                p_email: body.email,
                p_role: body.role,
                p_token_hash: hash,
              },
            ]
          : ['create_org_invite', { p_email: body.email, p_token_hash: hash }];
      const rpc = await call(`${base}/rest/v1/rpc/${fn}`, {
        method: 'POST',
        headers: { ...asCaller, 'content-type': 'application/json' },
        body: JSON.stringify(args),
      });
      const answer = (await rpc.json().catch(() => null)) as Record<string, unknown> | null;
      if (!rpc.ok || !answer) {
        const status = rpc.status >= 400 && rpc.status < 500 ? rpc.status : 503;
        const text = (k: string) => (typeof answer?.[k] === 'string' ? answer[k] : null);
        if (status === 503)
          return refuse(503, 'PGRST000', 'error.server', extra, { service: 'database' });
        return Response.json(
          {
            code: text('code') ?? 'PGRST000',
            message: text('message') ?? 'invite.send_failed',
            details: detailsObject(answer?.details),
            hint: text('hint'),
          },
          { status, headers: extra },
        );
      }
      const created = answer as unknown as Created;
      const link = inviteLink(
        config.siteUrl,
        token,
        kind === 'org'
          ? { kind: 'team', email: created.email }
          : created.role === 'contractor'
            ? { kind: 'project', email: created.email }
            : undefined,
      );
      let mailed = false;
      // A code the app words ("pass the link on yourself"); the mailer's own text stays in the log.
      let mailProblem: 'invite.mail_failed' | 'invite.mail_not_configured' | undefined;
      if (config.sendMail) {
        try {
          await config.sendMail(mailOf(kind, created, link, mailLocale(body.locale)));
          mailed = true;
        } catch (e) {
          console.error(`invitation mail failed: ${e instanceof Error ? e.message : String(e)}`);
          mailProblem = 'invite.mail_failed';
        }
      } else {
        mailProblem = 'invite.mail_not_configured';
      }
      return Response.json(
        {
          id: created.id,
          ...(kind === 'project' ? { project_id: created.project_id } : {}),
          email: created.email,
          role: created.role,
          expires_at: created.expires_at,
          link,
          mailed,
          ...(mailProblem ? { mail_problem: mailProblem } : {}),
        },
        { headers: extra },
      );
    } catch {
      return refuse(502, 'PGRST000', 'error.server', extra, { service: 'invite' });
    }
  };
}
