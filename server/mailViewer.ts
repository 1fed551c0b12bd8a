/**
 * `GET /_local/mail`: the local outbox (confirmation and reset links), for
 * the person at this machine only. It holds the keys to every account, so it
 * answers only a loopback peer that names this machine in `Host` (a
 * rebinding DNS name does not) and is not a page of another site (`Origin`
 * and `Sec-Fetch-Site` say so); it never sends CORS headers.
 */
import type { Context } from 'hono';
import type { Mailer } from './mail.ts';
import { clientAddress } from './auth/shared.ts';

/** 127.0.0.0/8, ::1, and IPv4-mapped loopback. */
export function isLoopback(address: string): boolean {
  const a = address.replace(/^::ffff:/, '');
  return a === '::1' || a.startsWith('127.');
}

/** Host names that mean this machine. */
function isLocalHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.startsWith('[')
    ? host.slice(0, host.indexOf(']') + 1)
    : host.replace(/:\d+$/, '');
  return name === 'localhost' || name === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(name);
}

/** Why the viewer refuses a request: the data of its `local.mail_viewer_refused` code. */
export type MailViewerRefusal = 'not_loopback' | 'foreign_host' | 'other_site';

/** Why the viewer refuses this request, or null when it may answer. */
export function mailViewerRefusal(c: Context): MailViewerRefusal | null {
  if (!isLoopback(clientAddress(c))) return 'not_loopback';
  if (!isLocalHost(c.req.header('host'))) return 'foreign_host';
  const site = c.req.header('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return 'other_site';
  const origin = c.req.header('origin');
  if (origin && origin !== new URL(c.req.url).origin) return 'other_site';
  return null;
}

/**
 * The viewer's handler. A refusal is 403, PostgREST-shaped with a code:
 * `{ code: 'PGRST301', message: 'local.mail_viewer_refused', details: { reason } }`.
 */
export function mailViewer(mailer: () => Mailer) {
  return (c: Context): Response => {
    const reason = mailViewerRefusal(c);
    if (reason)
      return c.json(
        { code: 'PGRST301', message: 'local.mail_viewer_refused', details: { reason }, hint: null },
        403,
      );
    return c.json(mailer().list(c.req.query('to')));
  };
}
