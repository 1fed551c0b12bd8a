/**
 * The local backend as `npm start` runs it: `server/main.ts` in its own Node
 * process (through tsx), for the tests and benches that need a real process:
 * signals, the data-folder lock, the console lines, load over loopback.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

/** The repository's root folder. */
export const ROOT = resolve(import.meta.dirname, '..', '..');

/** What the server printed once it serves: its URL and anon key, and all its output so far. */
export interface ServerStarted {
  url: string;
  anonKey: string;
  output: () => string;
}

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves when the server has printed its URL, anon key and mail outbox; rejects if it exits first. */
  started: Promise<ServerStarted>;
  /** Resolves when the process exits, with its exit code and everything it printed. */
  exited: Promise<{ code: number | null; output: string }>;
  /** Everything printed so far (stdout and stderr). */
  output: () => string;
}

/**
 * Start `server/main.ts` with `args` (e.g. `['--port', '0', '--data', dir]`)
 * and `env` over this process's environment. Nothing is awaited here: await
 * `started` or `exited`. The caller stops the child.
 */
export function startServerProcess(
  args: readonly string[],
  env: Record<string, string> = {},
): ServerProcess {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'server', 'main.ts'), ...args],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; output: string }>((res) =>
    child.on('exit', (code) => res({ code, output: out })),
  );
  const started = new Promise<ServerStarted>((res, rej) => {
    child.stdout.on('data', () => {
      const url = /Backend URL:\s+(\S+)/.exec(out);
      const key = /Anon key:\s+(\S+)/.exec(out);
      if (url && key && out.includes('Mail outbox'))
        res({ url: url[1]!, anonKey: key[1]!, output: () => out });
    });
    void exited.then(({ code }) => rej(new Error(`server exited ${code}: ${out}`)));
  });
  // A caller that only awaits `exited` (a server expected to refuse) must not see an unhandled rejection.
  started.catch(() => {});
  return { child, started, exited, output: () => out };
}
