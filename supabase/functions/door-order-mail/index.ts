// Edge Function `door-order-mail`: mails a placed door order to its maker (handler in ../_shared/doorOrderMail.ts).
// Environment: SUPABASE_URL, SUPABASE_ANON_KEY (set by Supabase); SMTP_URL and MAIL_FROM as the invitations'.
import nodemailer from 'nodemailer';
import { CORS_HEADERS } from '../_shared/deno.ts';
import { createDoorOrderMailHandler, type DoorOrderMailMessage } from '../_shared/doorOrderMail.ts';

const env = (name: string): string | undefined => Deno.env.get(name) || undefined;
const smtpUrl = env('SMTP_URL');
const from = env('MAIL_FROM') ?? 'no-reply@localhost';
// Bounded timeouts: a dead SMTP server must not hold the function until it is killed.
const transport = smtpUrl
  ? nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    })
  : null;

Deno.serve(
  createDoorOrderMailHandler({
    supabaseUrl: env('SUPABASE_URL') ?? '',
    anonKey: env('SUPABASE_ANON_KEY') ?? '',
    sendMail: transport
      ? async (m: DoorOrderMailMessage) => {
          await transport.sendMail({
            from,
            to: m.to,
            replyTo: m.replyTo || undefined,
            subject: m.subject,
            text: m.text,
            attachments: m.attachments,
          });
        }
      : null,
    headers: CORS_HEADERS,
  }),
);
