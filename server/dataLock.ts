/**
 * One server per data directory. Two PGlite instances on one directory each
 * believe they own it; after both stop, the second one's writes are lost and
 * indexes point at missing rows. So the server takes `<dataDir>/server.lock`
 * (created exclusively, holding its PID and port) before it opens the
 * database. A lock whose process is gone (a crash, kill -9) is stale: it is
 * moved aside by an atomic rename, so of two servers starting at once only
 * one takes it over.
 */
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LockHolder {
  pid: number;
  port: number | null;
  startedAt: string;
}

export interface DataLock {
  /** Record the port once the server listens (for the message a second server prints). */
  setPort(port: number): void;
  /** Remove the lock (on a clean stop). */
  release(): void;
}

/** The data directory is in use by a live process. */
export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The data folder ${dataDir} is in use by another server (PID ${holder.pid}${holder.port ? `, port ${holder.port}` : ''}). ` +
        'Stop that server first, or start this one with another folder (--data).',
    );
    this.name = 'DataDirInUse';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as { code?: string }).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | null {
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return typeof v.pid === 'number'
      ? {
          pid: v.pid,
          port: typeof v.port === 'number' ? v.port : null,
          startedAt: String(v.startedAt ?? ''),
        }
      : null;
  } catch {
    return null;
  }
}

/**
 * Take the lock on `dataDir` (which must exist). Throws {@link DataDirInUse}
 * when a live process holds it; takes over a stale one.
 */
export function lockDataDir(dataDir: string): DataLock {
  const file = join(dataDir, 'server.lock');
  const mine: LockHolder = { pid: process.pid, port: null, startedAt: new Date().toISOString() };
  const draft = join(dataDir, `server.lock.${process.pid}.tmp`);
  for (let attempt = 0; attempt < 5; attempt++) {
    writeFileSync(draft, JSON.stringify(mine));
    try {
      // link() fails when the lock exists: creation is atomic and the file is complete when it appears.
      linkSync(draft, file);
      rmSync(draft, { force: true });
      return {
        setPort(port) {
          mine.port = port;
          writeFileSync(draft, JSON.stringify(mine));
          renameSync(draft, file);
        },
        release() {
          const holder = readHolder(file);
          if (holder?.pid === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (e) {
      rmSync(draft, { force: true });
      if ((e as { code?: string }).code !== 'EEXIST') throw e;
    }
    const holder = readHolder(file);
    if (holder && holder.pid !== process.pid && alive(holder.pid))
      throw new DataDirInUse(dataDir, holder);
    // Stale (or unreadable, e.g. a crash mid-write): move it aside; only one contender's rename finds it.
    try {
      renameSync(file, join(dataDir, `server.lock.stale.${process.pid}`));
      rmSync(join(dataDir, `server.lock.stale.${process.pid}`), { force: true });
    } catch {
      // Someone else moved it first; try again.
    }
  }
  throw new Error(`Could not take the lock on the data folder ${dataDir}`);
}
