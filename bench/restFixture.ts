/**
 * What the /rest select benches share: the server test fixture's `notes`
 * table (its migrations), the demo keys its backend is started with, the
 * read they time, and a free loopback port.
 */
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

/** The fixture migrations (a `notes` table) the select benches serve. */
export const NOTES_MIGRATIONS = join(
  resolve(import.meta.dirname, '..'),
  'tests',
  'integration',
  'server',
  'fixtures',
  'migrations',
);
/** Rows each timed read returns. */
export const NOTES_ROWS = 20;
/** The demo keys of the backend the benches start with the demo JWT secret. */
export const SERVICE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const QUERY_PATH = `/rest/v1/notes?select=id,title,n,body&order=title.asc&limit=${NOTES_ROWS}`;

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}
