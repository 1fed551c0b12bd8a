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
    ['admin@example.com', 'demo-admin', 'org_admin'],
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

  it('the organization admin has the two demo contractors as her team, their jobs, and Analytics figures', async () => {
    const client = backend.client();
    const signIn = await client.auth.signInWithPassword({
      email: 'admin@example.com',
      password: 'demo-admin',
    });
    expect(signIn.error).toBeNull();
    const team = await client.rpc('org_contractors');
    expect(team.error).toBeNull();
    expect(
      (team.data as { email: string; role: string }[])
        .filter((c) => c.role === 'contractor')
        .map((c) => c.email)
        .sort(),
    ).toEqual(['contractor2@example.com', 'contractor@example.com']);
    const projects = await client.from('projects').select('name, assigned_contractor_id');
    expect(projects.error).toBeNull();
    const names = (projects.data ?? []).map((p) => p.name as string);
    expect(names).toEqual(expect.arrayContaining(["Dr. Patel's office", 'Nguyen bathroom']));
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 330 * 86_400_000).toISOString().slice(0, 10);
    const figures = await client.rpc('quote_analytics', { p_from: yearAgo, p_to: today });
    expect(figures.error).toBeNull();
    const totals = (figures.data as { totals: Record<string, number> }).totals;
    expect(totals).toMatchObject({ sent: 4, accepted: 1, declined: 1 });
    expect(totals.quoted_cents).toBeGreaterThan(0);
    expect(totals.accepted_cents).toBeGreaterThan(0);
  });

  it('a wrong password is refused', async () => {
    const { error } = await backend
      .client()
      .auth.signInWithPassword({ email: 'homeowner@example.com', password: 'nope-nope' });
    expect(error).not.toBeNull();
  });
});
