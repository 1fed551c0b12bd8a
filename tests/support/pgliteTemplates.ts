/**
 * Migrated PGlite databases to start from, for the "pglite" project: the
 * PostgreSQL lane clones each test's database from a migrated template
 * (CREATE DATABASE … TEMPLATE); this is the same for PGlite. Applying every
 * migration to a new in-memory PGlite takes seconds of CPU, and dozens of
 * test files start a backend or a schema database; loading a dump of one
 * migrated at the start of the run takes a fraction of that.
 *
 * Two templates, each as its own path would make it, so a test sees exactly
 * the database it saw before:
 * - `backend`: what `createLocalBackend` makes of a new in-memory database
 *   (bootstrap, the local backend's own SQL, every migration recorded in
 *   supabase_migrations), no seed;
 * - `schema`: what the schema tests' `createDb` makes (bootstrap and every
 *   migration, nothing else), no seed.
 *
 * Built in the run's global setup from `supabase/migrations` as they are now,
 * kept as uncompressed PGlite dumps in the temp folder under a key of what
 * they were made from (a later run with the same migrations reuses them). Tests reach them through `pgliteTemplate(kind)`; outside vitest (the
 * benches reuse the test helpers) there is none and the caller migrates.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { fromPGlite } from '../../server/sqlDatabase.ts';
import { prepareDatabase } from '../../server/db.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/** Which template. */
export type PgliteTemplateKind = 'backend' | 'schema';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplates: Record<PgliteTemplateKind, string> | null;
  }
}

/** Migration file names in apply order (as `createDb` applies them). */
export function migrationFiles(): string[] {
  return readdirSync(join(ROOT, 'supabase', 'migrations'))
    .filter((f) => /^\d{14}_.+\.sql$/.test(f))
    .sort();
}

/** The schema tests' database: bootstrap, then every migration in name order. */
export async function migrateSchemaDb(db: PGlite): Promise<void> {
  await db.exec(readFileSync(join(ROOT, 'server', 'sql', 'bootstrap.sql'), 'utf8'));
  for (const file of migrationFiles()) {
    await db.exec(readFileSync(join(ROOT, 'supabase', 'migrations', file), 'utf8'));
  }
}

async function dump(db: PGlite, file: string): Promise<void> {
  const blob = await db.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await db.close();
}

/**
 * What the templates are made from: every migration, the backend's own SQL
 * and the code that applies them, and PGlite's version. A change to any of
 * them makes new templates.
 */
function templateKey(): string {
  const hash = createHash('sha256');
  const files = [
    ...migrationFiles().map((f) => join('supabase', 'migrations', f)),
    ...readdirSync(join(ROOT, 'server', 'sql')).map((f) => join('server', 'sql', f)),
    'server/db.ts',
    'server/migrationRole.ts',
    'node_modules/@electric-sql/pglite/package.json',
  ];
  for (const f of files) hash.update(f).update(readFileSync(join(ROOT, f)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Builds the templates, or finds them built by an earlier run from the same
 * inputs (kept in the temp folder by their key, so running one test file
 * again costs nothing), and provides their paths.
 */
export default async function setup(project: TestProject): Promise<void> {
  const dir = join(tmpdir(), 'refacing-pglite-templates', templateKey());
  const paths = { backend: join(dir, 'backend.tar'), schema: join(dir, 'schema.tar') };
  if (!existsSync(paths.backend) || !existsSync(paths.schema)) {
    // Built aside and moved into place whole, so a run beside this one never reads half a dump.
    mkdirSync(dirname(dir), { recursive: true });
    const building = mkdtempSync(`${dir}-`);
    const backend = await PGlite.create({ extensions: { pgcrypto } });
    await prepareDatabase(fromPGlite(backend), {
      migrationsDir: join(ROOT, 'supabase', 'migrations'),
    });
    await dump(backend, join(building, 'backend.tar'));
    const schema = await PGlite.create({ extensions: { pgcrypto } });
    await migrateSchemaDb(schema);
    await dump(schema, join(building, 'schema.tar'));
    try {
      renameSync(building, dir);
    } catch {
      // Another run put the same templates there first.
      rmSync(building, { recursive: true, force: true });
    }
  }
  project.provide('pgliteTemplates', paths);
}

/**
 * The dump of the migrated template `kind`, to pass as PGlite's
 * `loadDataDir`; null outside the "pglite" project (no template was built).
 */
export function pgliteTemplate(kind: PgliteTemplateKind): Blob | null {
  let paths: Record<PgliteTemplateKind, string> | null = null;
  try {
    paths = inject('pgliteTemplates') ?? null;
  } catch {
    return null;
  }
  return paths ? new Blob([readFileSync(paths[kind])]) : null;
}
