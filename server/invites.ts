/**
 * `POST /functions/v1/project-invite` and `/org-invite` on the local backend:
 * the same handler the hosted Edge Functions run
 * (supabase/functions/_shared/invite.ts; contract there). Here it reaches
 * Auth and the Data API of this server over loopback, as the caller, links
 * lead to SITE_URL or this server's own origin (never a request header), and
 * its mail goes through the server's mailer (the outbox `/_local/mail`, and
 * SMTP when `SMTP_URL` is set).
 */
import { Hono } from 'hono';
import type { ApiEnv, BackendContext } from './context.ts';
import {
  createInviteHandler,
  type InviteConfig,
  type InviteKind,
} from '../supabase/functions/_shared/invite.ts';

/** The function names the app calls, and which invitation each makes. */
export const INVITE_FUNCTIONS: Record<string, InviteKind> = {
  'project-invite': 'project',
  'org-invite': 'org',
};

/** Build the `/functions/v1` routes of invitations. */
export function inviteRoutes(ctx: BackendContext): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  for (const [name, kind] of Object.entries(INVITE_FUNCTIONS)) {
    // Built per request: the server's origin is known only once it listens.
    const config = (): InviteConfig => ({
      supabaseUrl: ctx.ownOrigin(),
      anonKey: ctx.keys.anonKey,
      siteUrl: ctx.siteUrl ?? ctx.ownOrigin(),
      sendMail: (m) =>
        ctx.mailer.send({ to: m.to, subject: m.subject, text: m.text, links: [m.link] }),
    });
    app.all(`/${name}`, (c) => createInviteHandler(kind, config())(c.req.raw));
  }
  return app;
}
