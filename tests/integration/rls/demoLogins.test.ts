/**
 * The README's demo logins over HTTP (local backend with supabase/seed.sql):
 * each signs in through supabase-js with the password the README gives and
 * gets its role. What the seed contains (projects, the kitchen's
 * measurements) is checked in SQL by tests/integration/schema/seedAndAccount.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

let backend: StartedBackend;

beforeAll(async () => {
  backend = await startLocalBackend({ seed: true });
}, 60_000);

afterAll(async () => {
  await backend.stop();
});

describe('demo logins', () => {
  it.each([
    ['homeowner@example.com', 'demo-homeowner', 'homeowner'],
    ['contractor@example.com', 'demo-contractor', 'contractor'],
    ['contractor2@example.com', 'demo-contractor2', 'contractor'],
  ])('%s signs in with the README password and has role %s', async (email, password, role) => {
    const client = backend.client();
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    const profile = await client
      .from('profiles')
      .select('role, first_name, last_name, phone, address')
      .eq('id', data.user!.id)
      .single();
    expect(profile.data).toMatchObject({ role });
    expect(profile.data!.first_name).toBeTruthy();
  });

  it('a wrong password is refused', async () => {
    const { error } = await backend
      .client()
      .auth.signInWithPassword({ email: 'homeowner@example.com', password: 'nope-nope' });
    expect(error).not.toBeNull();
  });
});
