/**
 * Ports for test servers that must come back on the same port (a server
 * stopped and started again, a child process told its port in advance).
 *
 * A port found with `listen(0)` comes from the kernel's ephemeral range
 * (Linux: 32768–60999), and the moment it is closed any other `listen(0)` or
 * outgoing connection of a parallel test may be given it: a server restarted
 * on it then fails with EADDRINUSE. So these ports come from below that
 * range, where the kernel never hands out a port by itself.
 *
 * A port is also claimed for the whole life of the test process, in a file
 * every test process sees: a server stopped for a while (the network gone,
 * in a test) leaves its port free to bind, and another test process that
 * only checked the port by binding it would take it, and then each test
 * would talk to the other's server. A claim whose process has ended is
 * stale and taken over.
 */
import { createServer } from 'node:net';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Below Linux's (and macOS's 49152–65535) ephemeral ranges; above the well-known servers. */
const FIRST = 20_000;
const LAST = 32_000;
const SLICE = 40;
const CLAIMS = join(tmpdir(), 'refacing-test-ports');
let next = 0;
const claimed: string[] = [];

function tryBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists, only not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Claims `port` for this process; false when a live process holds it. */
function claim(port: number): boolean {
  mkdirSync(CLAIMS, { recursive: true });
  const file = join(CLAIMS, String(port));
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      if (claimed.length === 0) process.once('exit', release);
      claimed.push(file);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8').trim());
      // A claim being written (empty for an instant) or held by a live process.
      if (!Number.isInteger(holder) || holder <= 0 || alive(holder)) return false;
      rmSync(file, { force: true });
    }
  }
  return false;
}

function release(): void {
  for (const file of claimed.splice(0)) rmSync(file, { force: true });
}

/**
 * A free TCP port on 127.0.0.1 outside the ephemeral range, for a server
 * that will listen on it (and again after a restart). It stays this
 * process's until the process exits.
 *
 * @returns the port number (20000–31999)
 * @throws when no port of this process's slice, nor any after it, is free
 */
export async function reservePort(): Promise<number> {
  const slices = Math.floor((LAST - FIRST) / SLICE);
  const start = FIRST + (process.pid % slices) * SLICE;
  for (let tried = 0; tried < LAST - FIRST; tried += 1) {
    const port = FIRST + ((start - FIRST + next) % (LAST - FIRST));
    next += 1;
    if (!claim(port)) continue;
    if (await tryBind(port)) return port;
  }
  throw new Error(`no free port between ${FIRST} and ${LAST}`);
}
