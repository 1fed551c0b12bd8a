/**
 * `npm run check:hosted` against the local backend, which presents itself as
 * a hosted project does: every check passes on a complete setup (and the
 * throwaway accounts are gone afterwards); a migration missing from the
 * history, a project whose public Realtime channels are open, or a project
 * that does not answer, fails with a line saying so; the command line exits
 * non-zero then.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';
import {
  functionNames,
  releasedVersions,
  runHostedCheck,
  type CheckLine,
} from '../../../scripts/hostedCheck.ts';

let b: StartedBackend;

beforeAll(async () => {
  b = await startLocalBackend();
});
afterAll(async () => {
  await b.stop();
});

function byCheck(lines: CheckLine[]): Record<string, string> {
  return Object.fromEntries(lines.map((l) => [l.check, l.status]));
}

function cli(args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, '../../../scripts/check-hosted.ts'), ...args],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => resolve({ code: code ?? 1, out }));
  });
}

describe('check:hosted', () => {
  it('passes every check on the local backend and deletes its accounts', async () => {
    const lines = await runHostedCheck({ url: b.url, anonKey: b.anonKey });
    const status = byCheck(lines);
    expect(functionNames()).toEqual([
      'calendar-feed',
      'door-order-mail',
      'org-invite',
      'project-invite',
    ]);
    expect(status).toMatchObject({
      'sign-up': 'ok',
      migrations: 'ok',
      'function calendar-feed': 'ok',
      'function door-order-mail': 'ok',
      'function org-invite': 'ok',
      'function project-invite': 'ok',
      'bucket project-files': 'ok',
      RLS: 'ok',
      'row cap': 'ok',
      'not found status': 'ok',
    });
    expect(lines.find((l) => l.check === 'row cap')!.detail).toMatch(
      /one read answers 1000 of 1001 rows \(max_rows\); paging reads them all/,
    );
    // Realtime as the README's step 8 sets it up: own topic joined, another user's refused, no public channels.
    expect(status).toMatchObject({
      'realtime private channels': 'ok',
      'realtime public access off': 'ok',
      'realtime broadcast API': 'ok',
    });
    expect(lines.filter((l) => l.status === 'FAIL')).toEqual([]);
    expect(lines.filter((l) => l.check.startsWith('delete '))).toHaveLength(2);
    const left = await b.pg.query<{ n: number }>(
      `select count(*)::int as n from auth.users where email like 'check-hosted-%'`,
    );
    expect(left.rows[0]!.n).toBe(0);
  });

  it('a project with public Realtime channels open fails the public access line', async () => {
    const open = await startLocalBackend({ realtimePrivateOnly: false });
    try {
      const lines = await runHostedCheck({ url: open.url, anonKey: open.anonKey });
      const line = lines.find((l) => l.check === 'realtime public access off');
      expect(line).toMatchObject({
        status: 'FAIL',
        detail: expect.stringContaining('Allow public access') as unknown,
      });
      expect(byCheck(lines)['realtime private channels']).toBe('ok');
    } finally {
      await open.stop();
    }
  });

  it('a released migration missing from the history fails the migrations line; the CLI exits 1', async () => {
    const version = releasedVersions()[0]!;
    const saved = await b.pg.query<{ version: string; name: string; statements: string[] }>(
      'select version, name, statements from supabase_migrations.schema_migrations where version = $1',
      [version],
    );
    await b.pg.query('delete from supabase_migrations.schema_migrations where version = $1', [
      version,
    ]);
    try {
      const lines = await runHostedCheck({ url: b.url, anonKey: b.anonKey });
      const line = lines.find((l) => l.check === 'migrations')!;
      expect(line.status).toBe('FAIL');
      expect(line.detail).toContain(version);
      const run = await cli(['--url', b.url, '--anon-key', b.anonKey]);
      expect(run.code).toBe(1);
      expect(run.out).toMatch(/^FAIL migrations: not applied: /m);
      expect(run.out).toMatch(/^ok {3}RLS: /m);
    } finally {
      const r = saved.rows[0]!;
      await b.pg.query(
        'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
        [r.version, r.name, r.statements],
      );
    }
  });

  it('a project that does not answer fails at sign-up; bad arguments exit 2', async () => {
    const lines = await runHostedCheck({ url: 'http://127.0.0.1:9', anonKey: b.anonKey });
    expect(lines).toEqual([expect.objectContaining({ status: 'FAIL', check: 'sign-up' })]);
    const run = await cli(['--url', 'not a url', '--anon-key', 'x']);
    expect(run.code).toBe(2);
    expect(run.out).toContain('--url must be the project URL');
  });
});
