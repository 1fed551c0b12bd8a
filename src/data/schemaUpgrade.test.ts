import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { RefacingDb, dbNameFor } from './db';

/**
 * Every schema version ever shipped, as its release declared it. RefacingDb
 * declares only the versions with an upgrade function; a device may hold any
 * of these, and must end with the same stores and indexes as a new database,
 * its rows kept and upgraded.
 */
const SHIPPED: Record<number, Record<string, string>> = {
  1: {
    projects:
      'id, created_at, _st, [_own+status], [_asg+status], [_own+created_at], [_asg+created_at], *_words',
    profiles: 'id',
    project_files: 'id, project_id, [project_id+created_at]',
    file_blobs: 'fileId',
    outbox: '++seq, [table+id], op_id',
    sync_state: 'key',
    conflicts: '++id, seen, rowId',
    dead_letters: '++id, op.id',
  },
  2: {
    projects:
      'id, created_at, _st, [_own+status], [_asg+status], [_own+created_at], [_asg+created_at], *_words, [_own+status+created_at], [_asg+status+created_at], [_st+created_at]',
  },
  3: {
    projects:
      'id, created_at, [_own+created_at], [_asg+created_at], *_words, [_own+status+created_at], [_asg+status+created_at], [_st+created_at]',
  },
  4: { project_members: 'id, project_id, user_id' },
  5: {
    projects:
      'id, created_at, [_liveOwnerId+created_at], [_liveContractorId+created_at], *_words, [_liveOwnerId+status+created_at], [_liveContractorId+status+created_at], [_liveStatus+created_at]',
  },
  6: { quotes: 'id, project_id, [contractor_id+status]' },
  7: {
    messages: 'id, project_id, [project_id+created_at]',
    message_reads: 'id, project_id, user_id',
  },
  8: { reviews: 'id, contractor_id, project_id' },
  // 9 changes no store: its upgrade moves each job's cabinet list into the cabinet map.
  9: {},
  10: { contractor_reviews: 'id, contractor_id' },
  // 11 changes no store: read markers became synced rows with derived ids, pulled again.
  11: {},
  12: { visits: 'id, project_id, starts_at' },
  13: { door_makers: 'id, contractor_id', door_orders: 'id, project_id, remake_of' },
  14: {
    change_orders: 'id, project_id',
    invoices: 'id, project_id',
    payments: 'id, project_id',
  },
  15: { punch_list_items: 'id, project_id', project_signoffs: 'id, project_id' },
};

/** A job's builder data as every build before version 9 stored it: the cabinet list as an array. */
const OLD_CABINET_DATA = {
  form: { nrs: 'N-1' },
  cabinetRows: [{ id: 4, type: 'Wall' }, { id: '7', type: 'Base 1/1' }, { type: 'Tall' }],
  itemState: {
    '4_0': { width: '21', height: '30' },
    '7_1': { width: '17', height: '6', stileRailOverride: { topRail: 2 } },
    '8_0': { width: '18', height: '80' },
  },
  notes: 'keep',
};

const opened: Dexie[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

/** The last shipped version: a new database opens at it, and every older one upgrades to it. */
const LATEST = Math.max(...Object.keys(SHIPPED).map(Number));

/** The stores as that version's release held them (the declarations up to it, merged). */
function storesAt(version: number): Record<string, string> {
  let stores: Record<string, string> = {};
  for (let v = 1; v <= version; v++) stores = { ...stores, ...SHIPPED[v] };
  return stores;
}

/** The installed object stores and indexes, read from IndexedDB itself (not from Dexie's view of them). */
async function installedSchema(factory: IDBFactory, name: string): Promise<unknown> {
  const idb = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = factory.open(name);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('open failed'));
  });
  try {
    const names = [...idb.objectStoreNames].sort();
    const tx = idb.transaction(names, 'readonly');
    return {
      version: idb.version,
      stores: names.map((n) => {
        const store = tx.objectStore(n);
        return {
          name: n,
          keyPath: store.keyPath,
          autoIncrement: store.autoIncrement,
          indexes: [...store.indexNames].sort().map((i) => {
            const idx = store.index(i);
            return {
              name: i,
              keyPath: idx.keyPath,
              unique: idx.unique,
              multiEntry: idx.multiEntry,
            };
          }),
        };
      }),
    };
  } finally {
    idb.close();
  }
}

/** A live project as the writer of `version` stored it (derived fields renamed in version 5). */
function projectAt(version: number): Record<string, unknown> {
  const derived =
    version < 5
      ? { _own: 'u2', _asg: 'u1', _st: 'active' }
      : { _liveOwnerId: 'u2', _liveContractorId: 'u1', _liveStatus: 'active' };
  return {
    id: 'p1',
    name: 'Kitchen',
    status: 'active',
    details: { phone: '(555) 123-4567', cabinetData: OLD_CABINET_DATA },
    description: null,
    user_id: 'u2',
    owner_user_id: 'u2',
    assigned_contractor_id: 'u1',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    version: 1,
    deleted_at: null,
    txid: '5',
    _words: ['kitchen'],
    ...derived,
  };
}

describe('schema upgrade from every shipped version', () => {
  it('a new database has the stores of the last shipped version', async () => {
    const factory = new IDBFactory();
    const fresh = new RefacingDb('new', { indexedDB: factory, IDBKeyRange });
    opened.push(fresh);
    await fresh.open();
    fresh.close();
    const reference = new Dexie('reference', { indexedDB: factory, IDBKeyRange });
    reference.version(LATEST).stores(storesAt(LATEST));
    await reference.open();
    reference.close();
    const a = (await installedSchema(factory, dbNameFor('new'))) as { stores: unknown };
    const b = (await installedSchema(factory, 'reference')) as { stores: unknown };
    expect(a.stores).toEqual(b.stores);
  });

  for (const version of [1, 2, 3, 4, 5, 6, 7, 8]) {
    it(`version ${version} opens at the current version: same stores as a new database, rows kept and upgraded`, async () => {
      const factory = new IDBFactory();
      const old = new Dexie(dbNameFor('u1'), { indexedDB: factory, IDBKeyRange });
      old.version(version).stores(storesAt(version));
      await old.table('projects').put(projectAt(version));
      await old.table('outbox').add({
        op_id: 'o1',
        table: 'projects',
        id: 'p1',
        kind: 'update',
        base_version: 1,
        changes: { name: 'Kitchen' },
      });
      await old.table('sync_state').put({ key: 'projects', cursor: 'c1' });
      old.close();

      const db = new RefacingDb('u1', { indexedDB: factory, IDBKeyRange });
      opened.push(db);
      await db.open();
      expect(db.verno).toBe(LATEST);
      const stored = await db.projects.get('p1');
      expect(stored).toMatchObject({
        name: 'Kitchen',
        _liveOwnerId: 'u2',
        _liveContractorId: 'u1',
        _liveStatus: 'active',
      });
      // Version 9's upgrade: the cabinets as a map (ids as digit text, the list order as keys), every item kept.
      expect(stored?.details).toEqual({
        phone: '(555) 123-4567',
        cabinetData: {
          form: { nrs: 'N-1' },
          cabinets: {
            '4': { type: 'Wall', order: 'a0' },
            '7': { type: 'Base 1/1', order: 'a1' },
            '8': { type: 'Tall', order: 'a2' },
          },
          itemState: OLD_CABINET_DATA.itemState,
          notes: 'keep',
        },
      });
      expect(stored).not.toHaveProperty('_own');
      expect(stored).not.toHaveProperty('_asg');
      expect(stored).not.toHaveProperty('_st');
      // Version 3's upgrade rebuilt the search words of rows older than it.
      if (version < 3) expect(stored?._words).toContain('1234567');
      expect(await db.outbox.count()).toBe(1);
      expect(await db.sync_state.get('projects')).toEqual({ key: 'projects', cursor: 'c1' });
      expect(
        await db.projects
          .where('[_liveContractorId+status+created_at]')
          .between(['u1', 'active', Dexie.minKey], ['u1', 'active', Dexie.maxKey])
          .count(),
      ).toBe(1);
      db.close();

      const fresh = new RefacingDb('new', { indexedDB: factory, IDBKeyRange });
      opened.push(fresh);
      await fresh.open();
      fresh.close();
      expect(await installedSchema(factory, dbNameFor('u1'))).toEqual(
        await installedSchema(factory, dbNameFor('new')),
      );
    });
  }

  it('version 10 opens at the current version: read markers under the old ids, their cursor and the side list go; the rest stays', async () => {
    const factory = new IDBFactory();
    const old = new Dexie(dbNameFor('u1'), { indexedDB: factory, IDBKeyRange });
    old.version(10).stores(storesAt(10));
    await old.table('message_reads').put({
      id: 'random-old-id',
      project_id: 'p1',
      user_id: 'u2',
      read_up_to: '2026-01-01T00:00:00.000000Z',
    });
    await old.table('sync_state').bulkPut([
      { key: 'cursor:message_reads', value: '42' },
      { key: 'cursor:messages', value: '43' },
      { key: 'messages:readUpTo', value: { p1: '2026-01-01T00:00:00.000000Z' } },
    ]);
    old.close();

    const db = new RefacingDb('u1', { indexedDB: factory, IDBKeyRange });
    opened.push(db);
    await db.open();
    expect(db.verno).toBe(LATEST);
    expect(await db.message_reads.count()).toBe(0);
    expect((await db.sync_state.toCollection().primaryKeys()).sort()).toEqual(['cursor:messages']);
  });

  it("version 9 opens at the current version: whole reviews of jobs not on the device are dropped, the user's own and those of jobs on it kept", async () => {
    const factory = new IDBFactory();
    const old = new Dexie(dbNameFor('u1'), { indexedDB: factory, IDBKeyRange });
    old.version(9).stores(storesAt(9));
    await old.table('projects').put(projectAt(9));
    const review = (
      id: string,
      project: string,
      reviewer: string,
      contractor: string,
      version = 1,
    ) => ({
      id,
      project_id: project,
      reviewer_id: reviewer,
      contractor_id: contractor,
      rating: 4,
      body: '',
      reply: null,
      replied_at: null,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
      version,
      deleted_at: null,
      txid: '5',
    });
    await old
      .table('reviews')
      .bulkPut([
        review('on-job', 'p1', 'u2', 'c9'),
        review('mine', 'p-gone', 'u1', 'c9'),
        review('of-my-work', 'p-gone', 'u3', 'u1'),
        review('unsent', 'p-gone', 'u3', 'c9', 0),
        review('another-homeowners', 'p-other', 'u3', 'c9'),
      ]);
    old.close();

    const db = new RefacingDb('u1', { indexedDB: factory, IDBKeyRange });
    opened.push(db);
    await db.open();
    expect(db.verno).toBe(LATEST);
    expect((await db.reviews.toCollection().primaryKeys()).sort()).toEqual(
      ['mine', 'of-my-work', 'on-job', 'unsent'].sort(),
    );
    expect(await db.contractor_reviews.count()).toBe(0);
  });
});
