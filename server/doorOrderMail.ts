/**
 * `POST /functions/v1/door-order-mail` on the local backend: the same
 * handler the hosted Edge Function runs (supabase/functions/_shared/doorOrderMail.ts;
 * contract there), reaching this server's Auth and Data API over loopback
 * as the caller; the mail goes through the server's mailer (the outbox
 * `<data>/mail/` read at `/_local/mail`, and SMTP when `SMTP_URL` is set),
 * the CSV attached.
 */
import { Hono } from 'hono';
import type { ApiEnv, BackendContext } from './context.ts';
import { createDoorOrderMailHandler } from '../supabase/functions/_shared/doorOrderMail.ts';

/** Build the `/functions/v1/door-order-mail` route. */
export function doorOrderMailRoutes(ctx: BackendContext): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.all('/door-order-mail', (c) =>
    // Built per request: the server's origin is known only once it listens.
    createDoorOrderMailHandler({
      supabaseUrl: ctx.ownOrigin(),
      anonKey: ctx.keys.anonKey,
      sendMail: (m) =>
        ctx.mailer.send({
          to: m.to,
          replyTo: m.replyTo,
          subject: m.subject,
          text: m.text,
          links: [],
          attachments: m.attachments,
        }),
    })(c.req.raw),
  );
  return app;
}
