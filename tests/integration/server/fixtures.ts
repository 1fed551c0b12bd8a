/**
 * Shared setup of the local backend's own contract tests: the fixture
 * migrations (test tables, functions, a private bucket `test-files` whose
 * objects live under `<uid>/…`).
 */
import { join } from 'node:path';

export const FIXTURE_MIGRATIONS = join(import.meta.dirname, 'fixtures', 'migrations');

let seq = 0;
/** A unique email for this test run. */
export function email(tag: string): string {
  seq += 1;
  return `${tag}.${process.pid}.${seq}@example.com`;
}
