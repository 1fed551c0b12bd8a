import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { PG_BIN, postgresAvailable } from './tests/support/postgresLane.ts';
import { DEXIE_MODERN } from './scripts/dexieModern.ts';
import { lingui } from '@lingui/vite-plugin';
import { linguiMacro } from './scripts/linguiMacro.ts';

/**
 * Two projects: "pglite" runs every unit and integration test on in-process
 * PGlite; "postgres" runs the schema tests, the RLS matrix and the sync
 * integration tests again on a throwaway PostgreSQL 15 prepared as hosted
 * Supabase (tests/support/postgresLane.ts). Without PostgreSQL binaries the
 * second project is left out, and says so.
 */
const hasPostgres = postgresAvailable();
if (!hasPostgres) {
  console.warn(
    `[postgres lane] skipped: no PostgreSQL binaries at ${PG_BIN} (apt-get install postgresql, or set PG_BIN)`,
  );
}

/** The tests that run on both backends. */
const BOTH_BACKENDS = [
  'tests/integration/schema/**/*.test.ts',
  'tests/integration/rls/**/*.test.ts',
  'tests/integration/sync/**/*.test.ts',
  // Hosted's storage and realtime shapes, on PGlite and on a non-superuser postgres.
  'tests/integration/server/hostedStorageParity.test.ts',
  'tests/integration/server/hostedRealtimeParity.test.ts',
  // Sign-up settings from supabase/config.toml, and Realtime broadcasts authorized by policy.
  'tests/integration/server/authSettings.test.ts',
  'tests/integration/server/realtimeBroadcast.test.ts',
  // Real PostgREST beside ours on one database (its replays skip on PGlite).
  'tests/integration/server/postgrestReferee.test.ts',
  'tests/integration/server/restParity.test.ts',
];

export default defineConfig({
  // Components under test use Lingui's macros and catalogs as the app does.
  plugins: [linguiMacro(), lingui()],
  define: { __BUILD_ID__: JSON.stringify('test') },
  resolve: { alias: DEXIE_MODERN },
  test: {
    environment: 'node',
    // Transformed like the app's own code, so its `import 'dexie'` takes the alias above: one Dexie
    // copy (live queries of a second copy would never hear the first one's writes).
    server: { deps: { inline: ['dexie-react-hooks'] } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // At least two files at a time: Vitest's default (one fewer than the cores) leaves a 2-core CI
    // machine running one file while the other core idles, though every file is on its own
    // (its own in-process PGlite, its own database cloned from the PostgreSQL lane's template,
    // temp folders, port 0).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    setupFiles: ['tests/support/i18nSetup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'pglite',
          // Migrated databases to start from, built once (as the PostgreSQL lane's template).
          globalSetup: ['tests/support/pgliteTemplates.ts'],
          include: [
            'src/**/*.test.{ts,tsx}',
            'sync/**/*.test.ts',
            'shared/**/*.test.ts',
            'server/**/*.test.ts',
            'tests/integration/**/*.test.ts',
          ],
          provide: { dbBackend: 'pglite' },
        },
      },
      ...(hasPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: BOTH_BACKENDS,
                globalSetup: ['tests/support/postgresLane.ts'],
                provide: { dbBackend: 'postgres' as const },
              },
            },
          ]
        : []),
    ],
  },
});
