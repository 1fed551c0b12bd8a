/**
 * Data folders to start the e2e servers from: the e2e run's global setup
 * starts the server once on a new folder with the demo seed and once
 * without, stops it cleanly, and each e2e file's server starts on a copy of
 * the one it asks for (appServer.ts). A new folder costs every migration,
 * applied again for each of three dozen files; a copy of a migrated one
 * costs a folder copy, and the server then applies nothing. The copy leaves
 * out the folder's JWT secret and lock, so each server still has its own
 * keys. Outside vitest (the benches) there are none, and a server starts on
 * a new folder as before.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { reservePort } from '../../support/ports';

const root = resolve(import.meta.dirname, '../../..');

/** Which folder: with the demo seed (supabase/seed.sql) or without. */
type Kind = 'seeded' | 'empty';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eDataTemplates: Record<Kind, string> | null;
  }
}

/** Starts the server on `dataDir` until it has printed its keys (migrated, seeded), then stops it. */
async function prepare(dataDir: string, seed: boolean): Promise<void> {
  const port = await reservePort();
  const args = ['server/main.ts', '--port', String(port), '--data', dataDir];
  if (!seed) args.push('--no-seed');
  const child = spawn(join(root, 'node_modules/.bin/tsx'), args, {
    cwd: root,
    env: { ...process.env, SMTP_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  await new Promise<void>((ready, fail) => {
    const onData = (d: Buffer): void => {
      output += d.toString();
      if (output.includes('Anon key:')) ready();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => fail(new Error(`template server exited (${code}):\n${output}`)));
  });
  child.kill('SIGTERM');
  await exited;
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-data-templates-'));
  const paths = { seeded: join(dir, 'seeded'), empty: join(dir, 'empty') };
  await Promise.all([prepare(paths.seeded, true), prepare(paths.empty, false)]);
  project.provide('e2eDataTemplates', paths);
  return () => rmSync(dir, { recursive: true, force: true });
}

/**
 * Fills the new, empty `dataDir` from the run's template for `seed`; false
 * when there is no template (outside vitest), and the server starts on the
 * new folder as it is.
 */
export function fillFromTemplate(dataDir: string, seed: boolean): boolean {
  let paths: Record<Kind, string> | null = null;
  try {
    paths = inject('e2eDataTemplates') ?? null;
  } catch {
    return false;
  }
  if (!paths) return false;
  cpSync(paths[seed ? 'seeded' : 'empty'], dataDir, {
    recursive: true,
    filter: (src) => !['jwt-secret', 'server.lock'].includes(basename(src)),
  });
  return true;
}
