/**
 * Lazy access to the data layer (`src/data`) and the sync engine (`sync/`)
 * from the auth lifecycle. Loaded on demand so the landing page's first JS
 * carries neither Dexie nor the sync engine.
 *
 * TEMPORARY (screens work): `import.meta.glob` tolerates `sync/index.ts` not
 * existing yet while the sync work lands in parallel; switch to a plain
 * `import('../../sync')` once it has landed.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type * as Data from '../data';

/** The data layer (`src/data`), loaded as its own chunk. */
export type DataLayer = typeof Data;

/** The sync handle of docs/app-contracts.md. */
export interface SyncHandle {
  syncNow(): Promise<unknown> | unknown;
  stop(): Promise<unknown> | unknown;
}

export interface SyncLayer {
  startSync(options: { supabase: SupabaseClient; [key: string]: unknown }): SyncHandle;
}

const syncModules = import.meta.glob<SyncLayer>('../../sync/index.ts');

/** The data layer. */
export async function loadData(): Promise<DataLayer> {
  return import('../data');
}

/** The sync engine, or null while it has not landed. */
export async function loadSync(): Promise<SyncLayer | null> {
  const load = syncModules['../../sync/index.ts'];
  return load ? await load() : null;
}
