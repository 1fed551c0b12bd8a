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

/** Why the viewer refuses this request, or null when it may answer. */
export function mailViewerRefusal(c: Context): string | null {
  if (!isLoopback(clientAddress(c))) return 'The mail viewer is only served to this machine';
  if (!isLocalHost(c.req.header('host'))) return 'The mail viewer answers only to localhost';
  const site = c.req.header('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none')
    return 'The mail viewer does not answer other sites';
  const origin = c.req.header('origin');
  if (origin && origin !== new URL(c.req.url).origin)
    return 'The mail viewer does not answer other sites';
  return null;
}

/** The viewer's handler. */
export function mailViewer(mailer: () => Mailer) {
  return (c: Context): Response => {
    const refusal = mailViewerRefusal(c);
    if (refusal)
      return c.json({ code: 'PGRST301', message: refusal, details: null, hint: null }, 403);
    return c.json(mailer().list(c.req.query('to')));
  };
}
