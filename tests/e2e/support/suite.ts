/**
 * One app server (fresh data dir, the built app) and one Chromium per e2e
 * file: `const e2e = appSuite({ seed: false })` at the top of the file, then
 * `e2e.server` and `e2e.browser` inside the tests. Stops both after the file.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startAppServer, type AppServer } from './appServer';
import { launchBrowser } from './browser';

export interface AppSuite {
  readonly server: AppServer;
  readonly browser: Browser;
}

/** Registers the file's beforeAll/afterAll; `seed` loads the demo accounts (default false). */
export function appSuite(opts: { seed?: boolean } = {}): AppSuite {
  const suite = {} as { server: AppServer; browser: Browser };
  beforeAll(async () => {
    suite.server = await startAppServer({
      seed: opts.seed ?? false,
      staticDir: process.env.E2E_STATIC_DIR,
    });
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}
