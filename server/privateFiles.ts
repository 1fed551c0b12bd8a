/**
 * The data folder is private to the user running the backend: it holds the
 * database files, the JWT secret, the mail and the stored files. The folder
 * is 0700, so nobody else reaches anything in it whatever a file's own mode;
 * the process runs with umask 077 (its own files 0600, folders 0700); and at
 * start, and again once the database is open, everything in it loses every
 * group and other permission (PGlite gives the files it writes mode 0666).
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The umask the server process runs with: nothing for group or others. */
export const PRIVATE_UMASK = 0o077;

/**
 * Makes `dir` (created when missing) and everything under it private:
 * group and other permissions removed, symbolic links left alone. Sets the
 * process umask to {@link PRIVATE_UMASK} first, so files made later are too.
 */
export function makeDataDirPrivate(dir: string): void {
  process.umask(PRIVATE_UMASK);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  tighten(dir);
}

function tighten(path: string): void {
  const st = lstatSync(path);
  if (st.isSymbolicLink()) return;
  if ((st.mode & 0o077) !== 0) chmodSync(path, st.mode & 0o700);
  if (st.isDirectory()) for (const name of readdirSync(path)) tighten(join(path, name));
}
