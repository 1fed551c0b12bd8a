/**
 * Starts the product as `npm start` does — the local backend serving the
 * built app (dist/) and the Supabase-compatible API on one origin — on a free
 * port with a fresh data directory, for one e2e test file.
 * Requires `npm run build` first (`npm run e2e` does it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { reservePort } from '../../support/ports';
import { fillFromTemplate } from './dataTemplates';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  links: string[];
  sentAt: string;
}

export interface AppServer {
  url: string;
  /** The anon key of this server's data folder (printed at start and served at /local-config.js). */
  anonKey: string;
  dataDir: string;
  /** Messages the backend "sent" to this address, newest first. */
  readMail(to: string): Promise<MailMessage[]>;
  /** Waits until a message to `to` whose subject matches arrives; returns its first link. */
  waitForMailLink(to: string, subject: RegExp, timeoutMs?: number): Promise<string>;
  /** Stops the server (and its PGlite cleanly). Keeps the data dir when `keepData`. */
  stop(opts?: { keepData?: boolean }): Promise<void>;
  /** Restarts on the same port and data dir (e.g. to serve a new build). */
  restart(): Promise<void>;
}

const root = resolve(import.meta.dirname, '../../..');

async function waitHealthy(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log()}`);
    // Only once this child has printed its keys is it the one listening on the port: a health
    // answer before that could come from another test's server.
    if (!log().includes('Anon key:')) {
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    try {
      const r = await fetch(`${url}/auth/v1/health`);
      if (r.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not come up at ${url}:\n${log()}`);
}

/** Starts the app server. `seed` (default true) loads supabase/seed.sql demo data. */
export async function startAppServer(
  opts: { seed?: boolean; staticDir?: string } = {},
): Promise<AppServer> {
  // E2E_STATIC_DIR: another build than dist/ (e.g. a bench of a build kept aside).
  const staticDir = opts.staticDir ?? process.env.E2E_STATIC_DIR ?? join(root, 'dist');
  if (!existsSync(join(staticDir, 'index.html'))) {
    throw new Error(`${staticDir}/index.html is missing: run \`npm run build\` first`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'refacing-e2e-'));
  fillFromTemplate(dataDir, opts.seed !== false);
  const port = await reservePort();
  const url = `http://localhost:${port}`;
  let child: ChildProcess;
  let output = '';
  let anonKey = '';

  async function launch(): Promise<void> {
    const args = [
      'server/main.ts',
      '--port',
      String(port),
      '--data',
      dataDir,
      '--static',
      staticDir,
    ];
    if (opts.seed === false) args.push('--no-seed');
    // tsx itself (not through npx), in its own process group, so stop() ends every process it made.
    child = spawn(join(root, 'node_modules/.bin/tsx'), args, {
      cwd: root,
      env: { ...process.env, SITE_URL: url, SMTP_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    await waitHealthy(url, child, () => output);
    anonKey = /Anon key:\s+(\S+)/.exec(output)?.[1] ?? '';
  }

  async function halt(): Promise<void> {
    if (child.exitCode !== null) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    const signalGroup = (signal: NodeJS.Signals): void => {
      try {
        if (child.pid) process.kill(-child.pid, signal);
      } catch {
        child.kill(signal);
      }
    };
    signalGroup('SIGTERM');
    const timer = setTimeout(() => signalGroup('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }

  await launch();

  async function readMail(to: string): Promise<MailMessage[]> {
    const r = await fetch(`${url}/_local/mail?to=${encodeURIComponent(to)}`);
    if (!r.ok) throw new Error(`mail read failed: ${r.status}`);
    return (await r.json()) as MailMessage[];
  }

  return {
    url,
    get anonKey() {
      return anonKey;
    },
    dataDir,
    readMail,
    async waitForMailLink(to, subject, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const hit = (await readMail(to)).find((m) => subject.test(m.subject));
        const link = hit?.links[0];
        if (link) return link;
        await new Promise((r) => setTimeout(r, 150));
      }
      throw new Error(`no mail to ${to} matching ${subject}`);
    },
    async stop({ keepData = false } = {}) {
      await halt();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
    async restart() {
      await halt();
      await launch();
    },
  };
}
