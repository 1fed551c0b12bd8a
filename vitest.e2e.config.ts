import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    setupFiles: ['tests/e2e/support/failureReport.ts'],
    // Migrated data folders each file's server starts from (a copy), built once.
    globalSetup: ['tests/e2e/support/dataTemplates.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Two files at a time: each file starts its own server (its own free port and temp data
    // folder, tests/e2e/support/appServer.ts) and its own Chromium (a fresh temp profile), so
    // nothing is shared between them but the built dist/, which they only read. More than two
    // would only queue on a 2-core CI machine.
    fileParallelism: true,
    maxWorkers: 2,
    pool: 'forks',
  },
});
