/**
 * The device's list of the columns it may write per synced table
 * (src/data/syncedTable.ts) is the server's (`private.sync_client_columns`,
 * generated from the catalog): a column the device writes but does not list
 * throws before it reaches the outbox (a language chosen on the profile did),
 * and a column it lists that the server refuses becomes a dead letter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { createDb } from './pgliteDb.ts';
import { SYNCED_TABLES } from '../../../src/data/syncedTable.ts';

let db: PGlite;
beforeAll(async () => {
  db = await createDb();
});
afterAll(async () => {
  await db.close();
});

describe("the device's client columns", () => {
  const outboxTables = Object.entries(SYNCED_TABLES).filter(([, t]) => t.writtenBy === 'outbox');
  it.each(outboxTables)('%s: the same as the server takes', async (table, entry) => {
    const r = await db.query<{ cols: string[] }>('select private.sync_client_columns($1) as cols', [
      table,
    ]);
    const server = [...(r.rows[0]?.cols ?? [])].sort();
    const device = entry.clientColumns.filter((c) => c !== 'id').sort();
    expect(device).toEqual(server);
  });
});
