/**
 * Mails in the recipient's language, on the full schema: the local server's
 * auth mails follow the account's `profiles.locale`, else the `locale` the
 * app put in the sign-up's metadata, else English; the invitation mails (the
 * Edge Functions' handler) follow the `locale` the inviter's app sends. Bad
 * `locale` values: an unknown tag reads as English, a wrong type or an
 * oversized one is a 400, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

let b: StartedBackend;
let contractor: SupabaseClient;
let projectId: string;

beforeAll(async () => {
  b = await startLocalBackend();
  const made = await b.signUpConfirmed('luis@example.com', 'secret-luis', {
    role: 'contractor',
    first_name: 'Luis',
    last_name: 'Pérez',
    locale: 'es',
  });
  contractor = made.client;
  const p = await b.pg.query<{ id: string }>(
    `insert into projects (name, user_id, assigned_contractor_id, status, details) values ('Cocina Alvarez', $1, $1, 'active', '{}') returning id`,
    [made.userId],
  );
  projectId = p.rows[0]!.id;
}, 120_000);
afterAll(async () => {
  await b?.stop();
});

async function latest(to: string) {
  const [mail] = await b.readMail(to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

describe('auth mails', () => {
  it('a sign-up the app made in Spanish is confirmed in Spanish, and its reset too', async () => {
    const to = 'ana@example.com';
    const { error } = await b.client().auth.signUp({
      email: to,
      password: 'secret-ana',
      options: { data: { role: 'homeowner', locale: 'es-MX' } },
    });
    expect(error).toBeNull();
    const confirm = await latest(to);
    expect(confirm.subject).toBe('Confirma tu registro');
    expect(confirm.text).toBe(
      `Sigue este enlace para confirmar tu correo electrónico:\n\n${confirm.links[0]}\n`,
    );
    expect((await b.client().auth.resetPasswordForEmail(to)).error).toBeNull();
    expect((await latest(to)).subject).toBe('Restablece tu contraseña');
  });

  it("the profile's language wins over the sign-up's; none at all is English", async () => {
    await b.pg.query(`update profiles set locale = 'en' where email = 'luis@example.com'`);
    expect((await b.client().auth.resetPasswordForEmail('luis@example.com')).error).toBeNull();
    expect((await latest('luis@example.com')).subject).toBe('Reset your password');
    await b.pg.query(`update profiles set locale = 'es' where email = 'luis@example.com'`);
    expect((await b.client().auth.resetPasswordForEmail('luis@example.com')).error).toBeNull();
    expect((await latest('luis@example.com')).subject).toBe('Restablece tu contraseña');

    await b.signUpConfirmed('plain@example.com', 'secret-plain', { role: 'homeowner' });
    expect((await b.client().auth.resetPasswordForEmail('plain@example.com')).error).toBeNull();
    expect((await latest('plain@example.com')).subject).toBe('Reset your password');
  });

  it('a second sign-up with a taken address tells its owner in their language', async () => {
    const { error } = await b.client().auth.signUp({
      email: 'luis@example.com',
      password: 'another-one',
      options: { data: { locale: 'en' } },
    });
    expect(error).toBeNull();
    // The owner's profile says Spanish; the stranger's metadata does not choose for them.
    expect((await latest('luis@example.com')).subject).toBe('Ya tienes una cuenta');
  });

  it('a malformed locale in the metadata reads as English', async () => {
    const to = 'odd@example.com';
    const { error } = await b.client().auth.signUp({
      email: to,
      password: 'secret-odd',
      options: { data: { locale: { es: true } } },
    });
    expect(error).toBeNull();
    expect((await latest(to)).subject).toBe('Confirm your signup');
  });
});

describe('invitation mails', () => {
  it('a homeowner invited from a Spanish app gets the invitation in Spanish', async () => {
    const { data, error } = await contractor.functions.invoke('project-invite', {
      body: { project_id: projectId, email: 'maria@example.com', role: 'owner', locale: 'es' },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ mailed: true });
    const mail = await latest('maria@example.com');
    expect(mail.subject).toBe('Luis Pérez te invitó a Cocina Alvarez');
    expect(mail.text).toContain('como dueño de casa');
    expect(mail.text).toContain('vence en 7 días');
    expect(mail.text).toContain(mail.links[0]!);
  });

  it('no locale, or one the app does not have, is English', async () => {
    for (const locale of [undefined, 'fr-CA']) {
      const to = `viewer-${locale ?? 'none'}@example.com`;
      const { error } = await contractor.functions.invoke('project-invite', {
        body: { project_id: projectId, email: to, role: 'viewer', locale },
      });
      expect(error).toBeNull();
      expect((await latest(to)).subject).toBe('Luis Pérez invited you to Cocina Alvarez');
    }
  });

  it('a locale of the wrong type or oversized is a 400 with a code, no mail', async () => {
    for (const locale of [42, 'x'.repeat(36), ['es']]) {
      const res = await fetch(`${b.url}/functions/v1/project-invite`, {
        method: 'POST',
        headers: {
          apikey: b.anonKey,
          authorization: `Bearer ${(await contractor.auth.getSession()).data.session!.access_token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ project_id: projectId, email: 'bad@example.com', locale }),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('22023');
    }
    expect(await b.readMail('bad@example.com')).toEqual([]);
  });
});
