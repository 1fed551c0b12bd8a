/**
 * supabase/schemas/ is the current definition of every function, table,
 * policy, trigger and grant, and of the synced tables' catalog: exactly
 * what applying supabase/migrations gives (on this lane's backend). When a
 * migration changes or adds an object, `npm run schema:dump` writes the
 * files again; this fails naming the files that differ until it has run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { createDb } from './pgliteDb.ts';
import { dumpSchema, readSchemaFiles } from '../../../scripts/schemaDump.ts';

let db: PGlite;

beforeAll(async () => {
  db = await createDb();
});

afterAll(async () => {
  await db.close();
});

describe('supabase/schemas', () => {
  it('holds exactly what the migrations give (else run npm run schema:dump)', async () => {
    const dumped = await dumpSchema(db);
    const held = readSchemaFiles();
    const differ = [...new Set([...dumped.keys(), ...held.keys()])]
      .filter((path) => dumped.get(path) !== held.get(path))
      .sort()
      .map((path) =>
        !held.has(path) ? `${path} (missing)` : !dumped.has(path) ? `${path} (stale)` : path,
      );
    expect(
      differ,
      `supabase/schemas/ differs from the migrations in: ${differ.join(', ')}; run npm run schema:dump`,
    ).toEqual([]);
    // the dump reads real objects: the sync dispatch and its catalog are in it
    expect(held.get('functions/public.push_changes.sql')).toContain('sync_push_inserts');
    expect(held.get('sync_tables.sql')).toContain("values ('projects', 20,");
  });
});
