/** `/auth/v1/admin/users`: create, read and delete users with the service role (tests, tools). */
import { Hono } from 'hono';
import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { z } from 'zod';
import { runAsOwner } from '../db.ts';
import type { ApiEnv, BackendContext } from '../context.ts';
import { jsonBody } from '../jsonBody.ts';
import { requireService } from './session.ts';
import {
  BCRYPT_COST,
  authError,
  bodyFail,
  emailField,
  invalidEmail,
  metadataField,
  passwordProblem,
} from './shared.ts';
import { USER_COLUMNS, userById, userJson, type UserRow } from './user.ts';

const createBody = z
  .object({
    email: z.unknown(),
    password: z.string().optional(),
    email_confirm: z.boolean().optional(),
    user_metadata: metadataField.optional(),
    data: metadataField.optional(),
  })
  .passthrough();

/** The admin routes. */
export function adminRoutes(ctx: BackendContext): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  app.post('/admin/users', async (c) => {
    const b = await jsonBody(
      c.req.raw,
      ctx.maxJsonBytes,
      createBody.default({ email: undefined }),
      bodyFail(c),
    );
    if (!b.ok) return b.res;
    const denied = requireService(c);
    if (denied) return denied;
    const email = emailField.safeParse(b.body.email);
    if (!email.success) return invalidEmail(c);
    const password = b.body.password;
    if (password) {
      const weak = passwordProblem(c, password, ctx.auth.minimumPasswordLength);
      if (weak) return weak;
    }
    const hash = password ? await bcrypt.hash(password, BCRYPT_COST) : null;
    const meta = b.body.user_metadata ?? b.body.data ?? {};
    try {
      const user = await runAsOwner(ctx.pg, async (tx) => {
        const r = await tx.query<UserRow>(
          `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
             raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
           values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
             case when $4 then now() end, '{"provider":"email","providers":["email"]}'::jsonb, $5::text::jsonb, now(), now())
           returning ${USER_COLUMNS}`,
          [randomUUID(), email.data, hash, b.body.email_confirm === true, JSON.stringify(meta)],
        );
        return r.rows[0]!;
      });
      return c.json(userJson(user));
    } catch (e) {
      if ((e as { code?: string }).code === '23505')
        return authError(
          c,
          422,
          'email_exists',
          'A user with this email address has already been registered',
        );
      throw e;
    }
  });

  app.get('/admin/users/:id', async (c) => {
    const denied = requireService(c);
    if (denied) return denied;
    const id = c.req.param('id');
    if (!/^[0-9a-f-]{36}$/i.test(id)) return authError(c, 404, 'user_not_found', 'User not found');
    const user = await runAsOwner(ctx.pg, (tx) => userById(tx, id));
    if (!user) return authError(c, 404, 'user_not_found', 'User not found');
    return c.json(userJson(user));
  });

  app.delete('/admin/users/:id', async (c) => {
    await jsonBody(c.req.raw, ctx.maxJsonBytes, z.unknown(), bodyFail(c));
    const denied = requireService(c);
    if (denied) return denied;
    const id = c.req.param('id');
    if (!/^[0-9a-f-]{36}$/i.test(id)) return authError(c, 404, 'user_not_found', 'User not found');
    const deleted = await runAsOwner(ctx.pg, async (tx) => {
      const r = await tx.query('delete from auth.users where id = $1 returning id', [id]);
      return r.rows.length > 0;
    });
    if (!deleted) return authError(c, 404, 'user_not_found', 'User not found');
    return c.json({});
  });

  return app;
}
