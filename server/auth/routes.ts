/**
 * `/auth/v1`: the GoTrue subset @supabase/auth-js uses — signup with email
 * confirmation, verify (link and OTP), password and refresh-token grants,
 * get/update user, logout, recover, admin users, settings, health. Errors are
 * GoTrue-shaped (`{code, error_code, msg, message}` with
 * `X-Supabase-Api-Version: 2024-01-01`). Each flow lives in its own module.
 */
import { Hono } from 'hono';
import type { ApiEnv, BackendContext } from '../context.ts';
import { accountRoutes } from './account.ts';
import { adminRoutes } from './admin.ts';
import { authError } from './shared.ts';
import { signupRoutes } from './signup.ts';
import { tokenRoutes } from './token.ts';
import { verifyRoutes } from './verify.ts';

/** Build the `/auth/v1` routes (expects the claims middleware in front). */
export function authRoutes(ctx: BackendContext): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  // Cheap on purpose: clients probe it to tell "server reachable" from "offline". 503 while the database restarts.
  app.get('/health', (c) =>
    c.json({ version: 'local', name: 'GoTrue', description: 'Local GoTrue subset (server/auth)' }),
  );
  app.get('/settings', (c) =>
    c.json({
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );
  app.route('/', signupRoutes(ctx));
  app.route('/', verifyRoutes(ctx));
  app.route('/', tokenRoutes(ctx));
  app.route('/', accountRoutes(ctx));
  app.route('/', adminRoutes(ctx));
  // Last, for every method: a mounted group's notFound is never reached (Hono's app.route does not carry it).
  app.all('*', (c) => authError(c, 404, 'not_found', 'Not found'));
  return app;
}
