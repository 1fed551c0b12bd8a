import { resolve } from 'node:path';

/**
 * Dexie's own modern build (the same version and source, compiled for ES2018+: native classes,
 * spread and async instead of ES5 helpers): about 2 KB gz smaller and quicker to parse than the
 * ES5 UMD build behind the package's import wrapper. The wrapper only guards against two copies
 * of Dexie in one page; with every import of 'dexie' (dexie-react-hooks' too) resolved to this one
 * file there is one copy. The page, the worker and the unit tests (vitest.config.ts) use it alike.
 */
export const DEXIE_MODERN = [
  {
    find: /^dexie$/,
    replacement: resolve(import.meta.dirname, '../node_modules/dexie/dist/modern/dexie.mjs'),
  },
];
