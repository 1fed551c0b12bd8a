/**
 * A database that breaks is never trusted: when PGlite reports an internal
 * error (here a real one: plpgsql recursion that exhausts its error stack,
 * after which it answers empty results and XX000), the request answers 503
 * instead of the wrong result, the health check fails, the server reopens
 * the data directory by itself and then serves again with the committed data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';
import { FIXTURE_MIGRATIONS, email } from './fixtures.ts';

let b: StartedBackend;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'recovery-data-'));
  b = await startLocalBackend({ dataDir, migrationsDir: FIXTURE_MIGRATIONS, log: () => {} });
  await b.pg.exec(`
    create function public.deep(n int) returns int language plpgsql as $$
    begin if n = 0 then return 0; end if; return public.deep(n - 1) + 1; end $$;
    grant execute on function public.deep(int) to authenticated;`);
  await b.backend.reloadSchema();
}, 120_000);
afterAll(async () => {
  await b.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('database failure', () => {
  it(
    'answers 503 (never a wrong result), fails the health check, reopens the database and keeps committed data',
    { timeout: 180_000 },
    async () => {
      const { client } = await b.signUpConfirmed(email('crash'), 'secret123');
      expect((await client.from('notes').insert({ title: 'kept', n: 1 })).error).toBeNull();
      expect((await client.rpc('deep', { n: 10 })).data).toBe(10);

      const broken = await client.rpc('deep', { n: 1000 });
      expect(broken.status).toBe(503);
      expect(broken.data).toBeNull();
      expect(broken.error).toMatchObject({
        code: 'PGRST503',
        message: 'server.restarting',
        details: { retry_after: 2 },
      });
      const health = await fetch(`${b.url}/auth/v1/health`);
      expect(health.status).toBe(503);
      // Meanwhile a read is either refused or right, never empty or wrong.
      const read = await client.from('notes').select('title');
      if (read.status === 200) expect(read.data).toEqual([{ title: 'kept' }]);
      else expect(read.status).toBe(503);

      await b.backend.settled();
      expect(b.backend.healthy).toBe(true);
      expect((await fetch(`${b.url}/auth/v1/health`)).status).toBe(200);
      const after = await client.from('notes').select('title');
      expect(after.error).toBeNull();
      expect(after.data).toEqual([{ title: 'kept' }]);
      expect((await client.rpc('deep', { n: 10 })).data).toBe(10);
    },
  );
});
