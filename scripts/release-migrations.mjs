#!/usr/bin/env node
/**
 * Marks every migration in supabase/migrations that is not yet released as
 * released: records its SHA-256 (of the text with LF line ends) in
 * supabase/released-migrations.json (beside migrations/, where the Supabase CLI
 * would warn about a file that is not a migration). Run it
 * when a release (a hosted `supabase db push`) has applied the migrations;
 * from then on tests/integration/schema/migrationsReleased.test.ts fails if
 * such a file changes, and a new migration must be dated after the latest
 * released one.
 *   node scripts/release-migrations.mjs
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '..', 'supabase', 'migrations');
const markerFile = join(dir, '..', 'released-migrations.json');
const released = existsSync(markerFile) ? JSON.parse(readFileSync(markerFile, 'utf8')) : {};
for (const file of readdirSync(dir)
  .filter((f) => /^\d{14}_.+\.sql$/.test(f))
  .sort()) {
  if (released[file] === undefined) {
    released[file] = createHash('sha256')
      .update(readFileSync(join(dir, file), 'utf8').replace(/\r\n/g, '\n'))
      .digest('hex');
    console.log(`released ${file}`);
  }
}
writeFileSync(markerFile, `${JSON.stringify(released, null, 2)}\n`);
