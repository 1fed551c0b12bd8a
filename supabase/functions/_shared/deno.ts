/**
 * The Deno side of the invitation functions on hosted Supabase: settings
 * from the function's environment (secrets), SMTP through nodemailer, CORS,
 * and `Deno.serve`. Everything else is the shared handler in `invite.ts`,
 * which the local backend runs too.
 *
 * Environment: `SUPABASE_URL`, `SUPABASE_ANON_KEY` (set by Supabase);
 * `SITE_URL` (the app's address, where links lead: required); `SMTP_URL`
 * (`smtps://user:password@host:465`; hosted Edge Functions may not use
 * ports 25 and 587) and `MAIL_FROM` (the sender) for mail: without
 * `SMTP_URL` no mail is sent and the answer gives the link to pass on.
 */
import nodemailer from 'nodemailer';
import { createInviteHandler, refuse, type InviteKind, type InviteMail } from './invite.ts';

/** CORS for the app's browser calls (bearer tokens, no cookies, so any origin). */
export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

/** A sender over SMTP from `SMTP_URL`, or null without one. */
export function smtpSender(
  smtpUrl: string | undefined,
  from: string,
): ((mail: InviteMail) => Promise<void>) | null {
  if (!smtpUrl) return null;
  // Bounded timeouts: a dead SMTP server must not hold the function until it is killed.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return async (mail) => {
    await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
  };
}

/** Serve the invitation function of `kind` with the settings of this environment. */
export function serveInvite(kind: InviteKind): void {
  const env = (name: string): string | undefined => Deno.env.get(name) || undefined;
  const supabaseUrl = env('SUPABASE_URL');
  const anonKey = env('SUPABASE_ANON_KEY');
  const siteUrl = env('SITE_URL');
  if (!supabaseUrl || !anonKey || !siteUrl) {
    const missing = [
      !supabaseUrl && 'SUPABASE_URL',
      !anonKey && 'SUPABASE_ANON_KEY',
      !siteUrl && 'SITE_URL',
    ].filter(Boolean);
    // The operator's fix goes to the function's log; the answer names the code and what is missing.
    console.error(
      `${missing.join(', ')} missing: supabase secrets set SITE_URL=https://your-app.example`,
    );
    Deno.serve((req) =>
      req.method === 'OPTIONS'
        ? new Response(null, { status: 204, headers: CORS_HEADERS })
        : refuse(503, 'PGRST002', 'function.not_configured', CORS_HEADERS, {
            missing: missing.join(', '),
          }),
    );
    return;
  }
  Deno.serve(
    createInviteHandler(kind, {
      supabaseUrl,
      anonKey,
      siteUrl,
      sendMail: smtpSender(env('SMTP_URL'), env('MAIL_FROM') ?? 'no-reply@localhost'),
      headers: CORS_HEADERS,
    }),
  );
}
