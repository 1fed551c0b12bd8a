/**
 * The function `door-order-mail`: mails a placed door order to its maker,
 * the same code on hosted Supabase (Deno, through `../door-order-mail/index.ts`)
 * and on the local backend (Node, through server/doorOrderMail.ts).
 *
 * A request: `POST` with the caller's access token (`Authorization: Bearer`)
 * and `{ order_id: uuid }`. The handler checks the token with Auth, then
 * calls `door_order_mail_prepare` through the Data API *as the caller*, so
 * the database decides (the order's contractor or his organization's admin;
 * an order placed to go by mail, to an email address, not mailed yet; one
 * try a minute per order, 20 an hour per person). It mails the maker in the
 * maker's language (the database's answer from the maker's row, never the
 * request's) with the order's one-table CSV made here from the snapshot
 * (shared/doorOrderCsv.ts, its headings in that language too), a
 * reply going to the contractor, then stamps the send time through
 * `door_order_mailed`. No service-role key is used.
 *
 * Answers 200 `{ id, mailed: true, mailed_at }`, or a PostgREST-shaped
 * error `{ code, message, details, hint }` whose `message` is a stable
 * dotted code: 401 `auth.token_missing` / `auth.token_invalid`, 400
 * `request.body_invalid`, 405 `request.method_not_allowed`, 413
 * `request.body_too_large`, 503 `door_order.mail_not_configured` (no mail on
 * this server), 502 `door_order.mail_failed` (the mail server refused), the
 * database's own codes as it raised them (404 `door_order.not_found`, 403
 * `door_order.not_allowed`, 400 `door_order.not_mailed` / `door_order.bad_email`,
 * 409 `door_order.already_mailed` / `door_order.mail_in_progress`, 429
 * `door_order.mail_rate_limited`), 502/503 `error.server` ({ service }).
 */
import { z } from 'zod';
import { doorOrderCsv, type SnapshotPart } from '../../../shared/doorOrderCsv.ts';
import { detailsObject, looksSignedIn, readJson, refuse, zodDetails } from './invite.ts';
import { mailSafeName } from './mailText.ts';
import { doorOrderCsvWords, doorOrderMail, mailFallbackName, mailLocale } from './mailTexts.ts';

/** One mail to a door maker, with its CSV. */
export interface DoorOrderMailMessage {
  to: string;
  replyTo: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: string }[];
}

/** What the handler needs from where it runs. */
export interface DoorOrderMailConfig {
  supabaseUrl: string;
  anonKey: string;
  /** Sends the mail; null when no mail is configured (answers 503 door_order.mail_not_configured). */
  sendMail: ((mail: DoorOrderMailMessage) => Promise<void>) | null;
  headers?: Record<string, string>;
  fetch?: typeof fetch;
}

const body = z.object({ order_id: z.string().uuid() }).strict();

interface Prepared {
  id: string;
  maker_email: string;
  maker_name: string;
  po_number: string;
  note: string;
  ordered_on: string;
  remake: boolean;
  parts: SnapshotPart[];
  project_name: string | null;
  contractor_name: string | null;
  contractor_email: string | null;
  locale: string | null;
}

/** The file name of the attached CSV: the PO number's safe characters, else "door-order". */
export function csvFileName(po: string): string {
  const safe = po
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${safe || 'door-order'}.csv`;
}

/** The mail of a prepared order. */
export function mailOfOrder(o: Prepared): DoorOrderMailMessage {
  const locale = mailLocale(o.locale);
  const who = mailSafeName(o.contractor_name, mailFallbackName('someone', locale));
  const project = mailSafeName(o.project_name, mailFallbackName('aProject', locale));
  const po = mailSafeName(o.po_number, '');
  const parts = o.parts.reduce((n, p) => n + (Number(p.quantity) || 0), 0);
  const words = doorOrderMail(
    {
      who,
      project,
      po,
      parts,
      remake: o.remake,
      note: o.note,
      orderedOn: o.ordered_on,
      replyTo: o.contractor_email ?? '',
    },
    locale,
  );
  return {
    to: o.maker_email,
    replyTo: o.contractor_email ?? '',
    ...words,
    attachments: [
      {
        filename: csvFileName(o.po_number),
        contentType: 'text/csv; charset=utf-8',
        content: doorOrderCsv(
          { po_number: o.po_number, parts: o.parts },
          doorOrderCsvWords(locale),
        ),
      },
    ],
  };
}

/** The request handler of `door-order-mail` (see the file comment). Errors never escape. */
export function createDoorOrderMailHandler(
  config: DoorOrderMailConfig,
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
    const rpc = (fn: string, args: unknown) =>
      call(`${base}/rest/v1/rpc/${fn}`, {
        method: 'POST',
        headers: { ...asCaller, 'content-type': 'application/json' },
        body: JSON.stringify(args),
      });
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
      const checked = body.safeParse(read.value);
      if (!checked.success)
        return refuse(400, '22023', 'request.body_invalid', extra, zodDetails(checked.error));
      // Before the database records a try: a server without mail says so and keeps the order as it is.
      if (!config.sendMail) return refuse(503, 'PGRST002', 'door_order.mail_not_configured', extra);
      const prepared = await rpc('door_order_mail_prepare', { p_order_id: checked.data.order_id });
      const answer = (await prepared.json().catch(() => null)) as Record<string, unknown> | null;
      if (!prepared.ok || !answer) {
        const status = prepared.status >= 400 && prepared.status < 500 ? prepared.status : 503;
        if (status === 503)
          return refuse(503, 'PGRST000', 'error.server', extra, { service: 'database' });
        const str = (k: string) => (typeof answer?.[k] === 'string' ? answer[k] : null);
        return Response.json(
          {
            code: str('code') ?? 'PGRST000',
            message: str('message') ?? 'door_order.mail_failed',
            details: detailsObject(answer?.details),
            hint: str('hint'),
          },
          { status, headers: extra },
        );
      }
      const order = answer as unknown as Prepared;
      try {
        await config.sendMail(mailOfOrder(order));
      } catch (e) {
        console.error(`door order mail failed: ${e instanceof Error ? e.message : String(e)}`);
        return refuse(502, 'PGRST000', 'door_order.mail_failed', extra);
      }
      const stamped = await rpc('door_order_mailed', { p_order_id: order.id });
      await stamped.body?.cancel();
      if (!stamped.ok)
        return refuse(503, 'PGRST000', 'error.server', extra, { service: 'database' });
      return Response.json(
        { id: order.id, mailed: true, mailed_at: new Date().toISOString() },
        { headers: extra },
      );
    } catch {
      return refuse(502, 'PGRST000', 'error.server', extra, { service: 'door-order-mail' });
    }
  };
}
