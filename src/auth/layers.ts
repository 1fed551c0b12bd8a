/**
 * Lazy access to the data layer (`src/data`) and the sync engine (`sync/`)
 * from the auth lifecycle. Loaded on demand so the landing page's first JS
 * carries neither Dexie nor the sync engine.
 */
import type * as Data from '../data';
import type * as Sync from '../../sync';

/** The data layer (`src/data`), loaded as its own chunk. */
export type DataLayer = typeof Data;
/** The sync engine (`sync/`), loaded as its own chunk. */
export type SyncLayer = typeof Sync;
export type SyncHandle = Sync.SyncHandle;

/** The data layer. */
export async function loadData(): Promise<DataLayer> {
  return import('../data');
}

/** The sync engine. */
export async function loadSync(): Promise<SyncLayer> {
  return import('../../sync');
}
