/**
 * Every write to the local database lives in src/data (the repositories, the
 * outbox, applying server rows, the sync engine's store): a screen, a hook,
 * a feature helper or the engine that wrote a Dexie table itself would
 * bypass the outbox and the one function that applies server rows. This
 * test reads the product code outside src/data and fails on any
 * `db.<table>` put, add, delete, update, bulkPut and the other bulk
 * writes, modify or clear (and the same on `db.table(…)`), naming the file and line.
 * The stores it watches are the catalogue's (src/data/syncedTable.ts), checked
 * against the Dexie schema, so a new table cannot be left out.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { RefacingDb } from '../../../src/data/db';
import { LOCAL_STORES } from '../../../src/data/syncedTable';

const root = join(import.meta.dirname, '..', '..', '..');

/** Every local store, from the one catalogue the synced-table repository is configured from. */
const TABLES = LOCAL_STORES;

/** A database handle (`db`, `openDb`, `getActiveDb()`, `device.db`) followed by a table or `.table(…)`. */
const TABLE_REF = new RegExp(
  String.raw`\b\w*[dD]b(?:\(\))?\??\.(?:(?:${TABLES.join('|')})\b|table\()`,
  'g',
);
/** A Dexie write method, anywhere in the chain of the same statement. */
const WRITE = /\.(put|add|delete|update|bulk(?!Get)\w+|modify|clear)\(/;

/** The `file:line` of every local write in `text`. */
export function localWrites(file: string, text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(TABLE_REF)) {
    const rest = text.slice(m.index);
    const end = rest.search(/;|\n\s*\n/);
    const statement = end < 0 ? rest : rest.slice(0, end);
    if (WRITE.test(statement)) {
      const line = text.slice(0, m.index).split('\n').length;
      found.push(`${file}:${line}: ${statement.split('\n')[0]!.trim()}`);
    }
  }
  return found;
}

/** Product source files under `dir` (no tests), relative to the repository root. */
function sourcesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => join(dir, f).split('\\').join('/'))
    .sort();
}

describe('local database writers', () => {
  it('watches every store of the local database (the catalogue is the schema)', () => {
    const db = new RefacingDb('lint', { indexedDB: new IDBFactory(), IDBKeyRange });
    expect([...TABLES].sort()).toEqual(db.tables.map((t) => t.name).sort());
    for (const t of ['quotes', 'messages', 'message_reads', 'reviews']) expect(TABLES).toContain(t);
  });

  it('recognizes a write, across lines, and leaves reads alone', () => {
    expect(localWrites('a.ts', 'await db.outbox.put(op);')).toHaveLength(1);
    expect(
      localWrites('a.ts', 'await getActiveDb()?.file_blobs.delete(thumbKey(id));\n'),
    ).toHaveLength(1);
    expect(
      localWrites('a.ts', "await db.outbox\n  .where('seq')\n  .anyOf(seqs)\n  .modify(fn);"),
    ).toHaveLength(1);
    expect(localWrites('a.ts', 'await db.table(name).bulkPut(rows);')).toHaveLength(1);
    expect(localWrites('a.ts', 'await db.message_reads.put(marker);')).toHaveLength(1);
    expect(localWrites('a.ts', 'await device.db.quotes.bulkPut(rows);')).toHaveLength(1);
    expect(localWrites('a.ts', 'await db.outbox.where("seq").count();')).toEqual([]);
    expect(localWrites('a.ts', 'const x = await db.sync_state.get(KEY);')).toEqual([]);
    expect(localWrites('a.ts', 'const rows = await db.projects.bulkGet(ids);')).toEqual([]);
  });

  it('no product file outside src/data writes a local table', () => {
    const files = [
      ...sourcesUnder('src').filter((f) => !f.startsWith('src/data/')),
      ...sourcesUnder('sync'),
    ];
    expect(files).toContain('src/app/session.ts');
    expect(files).toContain('sync/push.ts');
    const writes = files.flatMap((f) => localWrites(f, readFileSync(join(root, f), 'utf8')));
    expect(writes).toEqual([]);
  });
});
