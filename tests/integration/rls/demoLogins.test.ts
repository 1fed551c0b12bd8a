/**
 * The seeded demo accounts over HTTP (local backend with supabase/seed.sql):
 * each signs in with the README password and sees exactly its own projects;
 * the kitchen job's measurements come back intact.
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
    ['homeowner@example.com', 'demo-homeowner', 'homeowner', 2],
    ['contractor@example.com', 'demo-contractor', 'contractor', 3],
  ])('%s signs in, has role %s and sees its %i projects', async (email, password, role, count) => {
    const client = backend.client();
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    const profile = await client.from('profiles').select('role, first_name, last_name, phone, address').eq('id', data.user!.id).single();
    expect(profile.data).toMatchObject({ role });
    expect(profile.data!.first_name).toBeTruthy();
    const projects = await client.from('projects').select('id, name, status, details').order('created_at', { ascending: false });
    expect(projects.data).toHaveLength(count);
  });

  it('the kitchen job keeps its 12 cabinet rows and item measurements', async () => {
    const client = backend.client();
    await client.auth.signInWithPassword({ email: 'contractor@example.com', password: 'demo-contractor' });
    const { data } = await client.from('projects').select('details').eq('id', 'a2222222-0000-4000-8000-000000000001').single();
    const cd = (data!.details as { cabinetData: { cabinetRows: unknown[]; itemState: Record<string, { width: string }> } }).cabinetData;
    expect(cd.cabinetRows).toHaveLength(12);
    expect(cd.itemState['1_0']!.width).toBe('15.25');
  });

  it('a wrong password is refused', async () => {
    const { error } = await backend.client().auth.signInWithPassword({ email: 'homeowner@example.com', password: 'nope-nope' });
    expect(error).not.toBeNull();
  });
});
