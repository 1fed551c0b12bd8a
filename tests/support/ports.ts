/**
 * Ports for test servers that must come back on the same port (a server
 * stopped and started again, a child process told its port in advance).
 *
 * A port found with `listen(0)` comes from the kernel's ephemeral range
 * (Linux: 32768–60999), and the moment it is closed any other `listen(0)` or
 * outgoing connection of a parallel test may be given it: a server restarted
 * on it then fails with EADDRINUSE. So these ports come from below that
 * range, where the kernel never hands out a port by itself, and are checked
 * free by binding them first. Each process takes its own slice, so two test
 * workers never draw the same port.
 */
import { createServer } from 'node:net';

/** Below Linux's (and macOS's 49152–65535) ephemeral ranges; above the well-known servers. */
const FIRST = 20_000;
const LAST = 32_000;
const SLICE = 40;
let next = 0;

function tryBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/**
 * A free TCP port on 127.0.0.1 outside the ephemeral range, for a server
 * that will listen on it (and again after a restart).
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
    if (await tryBind(port)) return port;
  }
  throw new Error(`no free port between ${FIRST} and ${LAST}`);
}
