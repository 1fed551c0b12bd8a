/**
 * The backend's life cycle: migrations applied in order and recorded (skipped
 * once recorded), data kept across restarts of a data directory, seed only on
 * a brand-new directory (demo logins hashed by pgcrypto's crypt() verify),
 * the CLI printing its URL and shutting down cleanly on SIGTERM.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalBackend } from '../../support/localBackend.ts';
import { FIXTURE_MIGRATIONS } from './fixtures.ts';
import { startServerProcess } from '../../support/serverProcess.ts';

const temps: string[] = [];
function temp(prefix: string): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  temps.push(d);
  return d;
}
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

describe('life cycle', () => {
  it(
    'records migrations, applies only new ones on restart, keeps data, seeds only a new directory',
    { timeout: 180_000 },
    async () => {
      const dataDir = temp('lifecycle-data-');
      const migrations = temp('lifecycle-migrations-');
      copyFileSync(
        join(FIXTURE_MIGRATIONS, '20250101000000_server_fixture.sql'),
        join(migrations, '20250101000000_server_fixture.sql'),
      );
      const seedFile = join(migrations, '..', `${migrations.split('/').pop()}-seed.sql`);
      writeFileSync(seedFile, `insert into public.items (id, name) values (1000, 'seeded');`);
      temps.push(seedFile);

      const first = await startLocalBackend({
        dataDir,
        migrationsDir: migrations,
        seed: true,
        seedFile,
      });
      const { userId } = await first.signUpConfirmed('keep@example.com', 'secret123');
      const recorded = await first.pg.query<{ version: string; name: string }>(
        'select version, name from supabase_migrations.schema_migrations',
      );
      expect(recorded.rows).toEqual([{ version: '20250101000000', name: 'server_fixture' }]);
      expect(
        (await first.pg.query('select 1 from public.items where id = 1000')).rows,
      ).toHaveLength(1);
      await first.pg.query('delete from public.items where id = 1000');
      await first.stop();

      writeFileSync(
        join(migrations, '20250102000000_more.sql'),
        'create table public.more (id int primary key);',
      );
      const second = await startLocalBackend({
        dataDir,
        migrationsDir: migrations,
        seed: true,
        seedFile,
      });
      const versions = await second.pg.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations order by version',
      );
      expect(versions.rows.map((r) => r.version)).toEqual(['20250101000000', '20250102000000']);
      // Not seeded again: the directory was not new.
      expect(
        (await second.pg.query('select 1 from public.items where id = 1000')).rows,
      ).toHaveLength(0);
      const signIn = await second
        .client()
        .auth.signInWithPassword({ email: 'keep@example.com', password: 'secret123' });
      expect(signIn.data.user?.id).toBe(userId);
      await second.stop();
    },
  );

  it('applies the app migrations and seed; the seeded demo logins (pgcrypto bcrypt) sign in and get their profiles', async () => {
    const b = await startLocalBackend({ seed: true });
    try {
      const c = b.client();
      const { data, error } = await c.auth.signInWithPassword({
        email: 'homeowner@example.com',
        password: 'demo-homeowner',
      });
      expect(error).toBeNull();
      const profile = await c.from('profiles').select('id, role').eq('id', data.user!.id).single();
      expect(profile.data).toEqual({ id: data.user!.id, role: 'homeowner' });
      const contractor = await b
        .client()
        .auth.signInWithPassword({ email: 'contractor@example.com', password: 'demo-contractor' });
      expect(contractor.error).toBeNull();
      // A new signup gets its profile from the schema's trigger, with the role from the metadata.
      const fresh = await b.signUpConfirmed('new.contractor@example.com', 'secret123', {
        role: 'contractor',
        first_name: 'C',
      });
      const own = await fresh.client.from('profiles').select('role, first_name').single();
      expect(own.data).toEqual({ role: 'contractor', first_name: 'C' });
    } finally {
      await b.stop();
    }
  }, 180_000);

  it('the CLI prints one URL and the anon key, serves, and closes cleanly on SIGTERM', async () => {
    const dataDir = temp('lifecycle-cli-');
    mkdirSync(dataDir, { recursive: true });
    const server = startServerProcess([
      '--port',
      '0',
      '--data',
      dataDir,
      '--no-seed',
      '--migrations',
      FIXTURE_MIGRATIONS,
    ]);
    const { url, anonKey, output } = await server.started;
    const out = output();
    expect(out).toMatch(/Anon key:\s+eyJ/);
    expect(out).toMatch(/Mail outbox:/);
    const health = await fetch(`${url}/auth/v1/health`);
    expect(health.status).toBe(200);
    const signup = await fetch(`${url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'cli@example.com', password: 'secret123' }),
    });
    expect(signup.status).toBe(200);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    // The directory reopens consistently with the data in it.
    const again = await startLocalBackend({ dataDir, migrationsDir: FIXTURE_MIGRATIONS });
    try {
      expect(
        (await again.pg.query(`select 1 from auth.users where email = 'cli@example.com'`)).rows,
      ).toHaveLength(1);
    } finally {
      await again.stop();
    }
  }, 180_000);
});
