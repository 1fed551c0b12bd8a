/**
 * The cabinets of a job as a map on the server
 * (supabase/migrations/20261127100000_cabinet_map.sql), on both lanes:
 * - the migration's rewrite of stored jobs gives, for every shape builds
 *   have written, exactly the map the device's own upgrade gives
 *   (src/domain/storedCabinets.ts), with every other field as it was;
 * - an array that still arrives (an older build's insert or op at
 *   cabinetData.cabinetRows) is folded into the map and loses nothing;
 * - two devices adding cabinets at once keep both, through push_changes;
 * - a removal and an edit of one cabinet are a reported conflict.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { upgradeStoredCabinetData } from '../../../src/domain/storedCabinets';
import { normalizeCabinetData } from '../../../src/domain/cabinetData';
import { orderedCabinets } from '../../../src/domain/cabinetRows';
import { asUser, createDb, createUser } from './pgliteDb.ts';
import { push } from './syncRpc.ts';

let db: PGlite;
let contractor: string;
let stranger: string;

const uuid = () => crypto.randomUUID();

/** The migration's last statement: the rewrite of every stored job. */
const rewrite = (() => {
  const sql = readFileSync(
    join(
      import.meta.dirname,
      '..',
      '..',
      '..',
      'supabase',
      'migrations',
      '20261127100000_cabinet_map.sql',
    ),
    'utf8',
  );
  const at = sql.lastIndexOf('update public.projects');
  return sql.slice(at);
})();

const items = {
  '4_0': { width: '21', height: '30', nextToWall: false, splitDoor: false, type: 'Door' },
  '7_0': { width: '17', height: '24', nextToWall: true, splitDoor: false, type: 'Door' },
  '7_1': {
    width: '17',
    height: '6',
    nextToWall: false,
    splitDoor: false,
    type: 'Drawer',
    stileRailOverride: { leftStile: 2 },
  },
};

/** Every cabinet list shape a shipped build stored, by name. */
const SHAPES: Record<string, unknown> = {
  'numeric ids': [
    { id: 4, type: 'Wall' },
    { id: 7, type: 'Base 1/1' },
  ],
  'ids as digit text': [
    { id: '4', type: 'Wall' },
    { id: ' 7 ', type: 'Base 1/1' },
  ],
  'missing, repeated and unusable ids': [
    { id: 4, type: 'Wall' },
    { type: 'Base 1/1' },
    { id: 4, type: 'Tall' },
    { id: -2, type: 'Wall' },
    { id: 1.5, type: 'Wall' },
    { id: 'x', type: 'Wall' },
  ],
  'entries that are not objects, types that are not text': [
    null,
    3,
    'Wall',
    [1],
    { id: 2, type: 12 },
    { id: 3, type: true },
    { id: 5 },
  ],
  'no cabinets': [],
  'more than 62 cabinets (keys past "az")': Array.from({ length: 70 }, (_, id) => ({
    id,
    type: 'Wall',
  })),
};

/** Inserts a project as an older build left it, with the fold trigger off (as before the migration). */
async function insertOld(cabinetData: unknown): Promise<string> {
  const id = uuid();
  await db.exec('alter table public.projects disable trigger projects_07_cabinet_map');
  try {
    await db.query(
      `insert into public.projects (id, name, status, details, user_id, owner_user_id, assigned_contractor_id)
       values ($1, 'Old job', 'draft', $2::jsonb, $3, $3, $3)`,
      [id, JSON.stringify({ description: 'kitchen', cabinetData }), contractor],
    );
  } finally {
    await db.exec('alter table public.projects enable trigger projects_07_cabinet_map');
  }
  return id;
}

async function detailsOf(id: string): Promise<{ cabinetData?: Record<string, unknown> }> {
  const res = await db.query<{ details: { cabinetData?: Record<string, unknown> } }>(
    'select details from public.projects where id = $1',
    [id],
  );
  return res.rows[0]!.details;
}

async function versionOf(id: string): Promise<number> {
  const res = await db.query<{ version: number }>(
    'select version from public.projects where id = $1',
    [id],
  );
  return res.rows[0]!.version;
}

beforeAll(async () => {
  db = await createDb();
  contractor = await createUser(db, 'rows-c@example.com', { role: 'contractor' });
  stranger = await createUser(db, 'rows-x@example.com', { role: 'contractor' });
});

afterAll(async () => {
  await db.close();
});

describe('the migration moves stored jobs to the cabinet map', () => {
  for (const [name, rows] of Object.entries(SHAPES)) {
    it(`${name}: the same map as the device's upgrade, every item key kept`, async () => {
      const stored = { cabinetRows: rows, itemState: items, notes: 'n', form: { nrs: 'X' } };
      const id = await insertOld(stored);
      const before = await versionOf(id);
      await db.exec(rewrite);
      const after = await detailsOf(id);
      const device = upgradeStoredCabinetData(stored);
      expect(after.cabinetData).toEqual(device);
      expect(after.cabinetData).not.toHaveProperty('cabinetRows');
      expect(after.cabinetData?.itemState).toEqual(items);
      // The rewrite is a new version, so every device pulls the new shape.
      expect(await versionOf(id)).toBe(before + 1);
      // What the builder reads from it is what it read from the old shape.
      expect(normalizeCabinetData(after.cabinetData)).toEqual(normalizeCabinetData(stored));
    });
  }

  it('keys past "az" go on as fractional-indexing does ("b00", "b01", …) and keep the list order', async () => {
    const id = await insertOld({ cabinetRows: SHAPES['more than 62 cabinets (keys past "az")'] });
    await db.exec(rewrite);
    const cabinets = (await detailsOf(id)).cabinetData?.cabinets as Record<
      string,
      { order: string }
    >;
    expect(cabinets['61']?.order).toBe('az');
    expect(cabinets['62']?.order).toBe('b00');
    expect(orderedCabinets(cabinets as never).map((r) => r.id)).toEqual(
      Array.from({ length: 70 }, (_, i) => String(i)),
    );
  });

  it('leaves jobs without an array as they are (no new version)', async () => {
    const id = await insertOld({ cabinets: { a: { type: 'Wall', order: 'a0' } }, itemState: {} });
    const plain = await insertOld(undefined);
    const v = [await versionOf(id), await versionOf(plain)];
    await db.exec(rewrite);
    expect([await versionOf(id), await versionOf(plain)]).toEqual(v);
  });
});

describe('an array from an older build is folded into the map', () => {
  it('an insert with the array (an older outbox) is stored as the map', async () => {
    const id = uuid();
    const [r] = await push(db, contractor, [
      {
        op_id: uuid(),
        table: 'projects',
        id,
        kind: 'insert',
        base_version: null,
        changes: {
          name: 'Older outbox',
          status: 'draft',
          user_id: contractor,
          assigned_contractor_id: contractor,
          details: { cabinetData: { cabinetRows: SHAPES['numeric ids'], itemState: items } },
        },
      },
    ]);
    expect(r?.status).toBe('applied');
    const cd = (await detailsOf(id)).cabinetData;
    expect(cd).toEqual({
      cabinets: { '4': { type: 'Wall', order: 'a0' }, '7': { type: 'Base 1/1', order: 'a1' } },
      itemState: items,
    });
    // The answer carries the row as stored, so the device takes the map at once.
    expect((r?.row?.details as { cabinetData: unknown }).cabinetData).toEqual(cd);
  });

  it('an op at cabinetData.cabinetRows adds the rows the map lacks after its last cabinet and keeps the others', async () => {
    const id = await insertOld({ cabinetRows: SHAPES['numeric ids'], itemState: items });
    await db.exec(rewrite);
    // A new device added a cabinet meanwhile.
    const v = await versionOf(id);
    const [added] = await push(db, contractor, [
      {
        op_id: uuid(),
        table: 'projects',
        id,
        kind: 'update',
        base_version: v,
        changes: {},
        details_patch: [
          { path: ['cabinetData', 'cabinets', 'new-one'], value: { type: 'Tall', order: 'a2' } },
        ],
      },
    ]);
    expect(added?.status).toBe('applied');
    // An older build, which never saw the new cabinet, adds its cabinet 8 and sends its whole list.
    const [old] = await push(db, contractor, [
      {
        op_id: uuid(),
        table: 'projects',
        id,
        kind: 'update',
        base_version: v,
        changes: {},
        details_patch: [
          {
            path: ['cabinetData', 'cabinetRows'],
            value: [...(SHAPES['numeric ids'] as object[]), { id: 8, type: 'Wall' }],
          },
          {
            path: ['cabinetData', 'itemState', '8_0'],
            value: { width: '15', height: '30', type: 'Door' },
          },
        ],
      },
    ]);
    expect(old?.status).toBe('merged');
    const cd = (await detailsOf(id)).cabinetData!;
    expect(cd).not.toHaveProperty('cabinetRows');
    expect(cd.cabinets).toEqual({
      '4': { type: 'Wall', order: 'a0' },
      '7': { type: 'Base 1/1', order: 'a1' },
      'new-one': { type: 'Tall', order: 'a2' },
      '8': { type: 'Wall', order: 'a2a0V' },
    });
    expect(Object.keys(cd.itemState as object).sort()).toEqual(['4_0', '7_0', '7_1', '8_0']);
    // The device reads the same list: 4, 7, the new device's cabinet, then the older build's.
    expect(orderedCabinets(normalizeCabinetData(cd).cabinets).map((r) => r.id)).toEqual([
      '4',
      '7',
      'new-one',
      '8',
    ]);
  });

  it("an older build's removal (the list without it and its parts removed) removes it; a list that merely lacks one keeps it", async () => {
    const id = await insertOld({ cabinetRows: SHAPES['numeric ids'], itemState: items });
    await db.exec(rewrite);
    const v = await versionOf(id);
    await push(db, contractor, [
      {
        op_id: uuid(),
        table: 'projects',
        id,
        kind: 'update',
        base_version: v,
        changes: {},
        details_patch: [
          { path: ['cabinetData', 'cabinetRows'], value: [{ id: 4, type: 'Wall' }] },
          { path: ['cabinetData', 'itemState', '7_0'], remove: true },
          { path: ['cabinetData', 'itemState', '7_1'], remove: true },
        ],
      },
    ]);
    expect(Object.keys((await detailsOf(id)).cabinetData!.cabinets as object)).toEqual(['4']);
    // A list that lacks 4 while 4's parts stay: 4 is kept (nothing is lost on a guess).
    await push(db, contractor, [
      {
        op_id: uuid(),
        table: 'projects',
        id,
        kind: 'update',
        base_version: v + 1,
        changes: {},
        details_patch: [{ path: ['cabinetData', 'cabinetRows'], value: [] }],
      },
    ]);
    expect(Object.keys((await detailsOf(id)).cabinetData!.cabinets as object)).toEqual(['4']);
  });
});

describe('concurrent cabinet changes through push_changes', () => {
  async function freshJob(): Promise<{ id: string; version: number }> {
    const id = uuid();
    const [r] = await push(db, contractor, [
      {
        op_id: uuid(),
        table: 'projects',
        id,
        kind: 'insert',
        base_version: null,
        changes: {
          name: 'Two tablets',
          status: 'draft',
          user_id: contractor,
          assigned_contractor_id: contractor,
          details: {
            cabinetData: {
              cabinets: { '1': { type: 'Wall', order: 'a0' } },
              itemState: { '1_0': { width: '20', height: '30', type: 'Door' } },
            },
          },
        },
      },
    ]);
    return { id, version: r!.row!.version };
  }

  it('two devices adding a cabinet from the same version keep both, with their widths, and no conflict', async () => {
    const { id, version } = await freshJob();
    const add = (cabinet: string, type: string, width: string) => ({
      op_id: uuid(),
      table: 'projects',
      id,
      kind: 'update',
      base_version: version,
      changes: {},
      details_patch: [
        { path: ['cabinetData', 'cabinets', cabinet], value: { type, order: 'a1' } },
        { path: ['cabinetData', 'itemState', `${cabinet}_0`], value: { width, type: 'Door' } },
      ],
    });
    const a = uuid();
    const b = uuid();
    const [ra] = await push(db, contractor, [add(a, 'Wall', '21')]);
    const [rb] = await push(db, contractor, [add(b, 'Base 1/1', '17')]);
    expect(ra?.status).toBe('applied');
    expect(rb).toMatchObject({ status: 'merged', conflicts: [] });
    const data = normalizeCabinetData((await detailsOf(id)).cabinetData);
    const rows = orderedCabinets(data.cabinets);
    expect(rows.map((r) => r.id)).toEqual(['1', ...[a, b].sort()]);
    expect(data.itemState[`${a}_0`]?.width).toBe('21');
    expect(data.itemState[`${b}_0`]?.width).toBe('17');
  });

  it('a removal and a later edit of the same cabinet come back as a conflict on its part', async () => {
    const { id, version } = await freshJob();
    await push(db, contractor, [
      {
        op_id: uuid(),
        table: 'projects',
        id,
        kind: 'update',
        base_version: version,
        changes: {},
        details_patch: [
          { path: ['cabinetData', 'cabinets', '1'], remove: true },
          { path: ['cabinetData', 'itemState', '1_0'], remove: true },
        ],
      },
    ]);
    const [edit] = await push(db, contractor, [
      {
        op_id: uuid(),
        table: 'projects',
        id,
        kind: 'update',
        base_version: version,
        changes: {},
        details_patch: [{ path: ['cabinetData', 'itemState', '1_0', 'width'], value: '19' }],
      },
    ]);
    expect(edit?.status).toBe('merged');
    expect(edit?.conflicts).toEqual([
      {
        path: ['details', 'cabinetData', 'itemState', '1_0', 'width'],
        server_value: null,
        client_value: '19',
      },
    ]);
  });

  it("a stranger cannot write cabinets into another contractor's job, array or map", async () => {
    const { id, version } = await freshJob();
    const [r] = await push(db, stranger, [
      {
        op_id: uuid(),
        table: 'projects',
        id,
        kind: 'update',
        base_version: version,
        changes: {},
        details_patch: [{ path: ['cabinetData', 'cabinetRows'], value: [{ id: 9, type: 'Wall' }] }],
      },
    ]);
    expect(r?.status).toBe('rejected');
    const cd = (await detailsOf(id)).cabinetData!;
    expect(Object.keys(cd.cabinets as object)).toEqual(['1']);
  });

  it('a huge or hostile array folds without error and keeps only usable rows', async () => {
    const { id, version } = await freshJob();
    const hostile = [
      ...Array.from({ length: 2000 }, (_, i) => ({ id: i + 10, type: 'Wall' })),
      { id: '99999999999999999999', type: 'Wall' },
      { id: { nested: true }, type: { x: 1 } },
      { id: '1', type: 'Tall' },
    ];
    const [r] = await push(db, contractor, [
      {
        op_id: uuid(),
        table: 'projects',
        id,
        kind: 'update',
        base_version: version,
        changes: {},
        details_patch: [{ path: ['cabinetData', 'cabinetRows'], value: hostile }],
      },
    ]);
    expect(r?.status).toBe('applied');
    const cd = (await detailsOf(id)).cabinetData!;
    const map = cd.cabinets as Record<string, { type: string; order: string }>;
    // 2,000 numbered rows, 2 renumbered after the largest, the existing "1" untouched.
    expect(Object.keys(map)).toHaveLength(2003);
    expect(map['1']).toEqual({ type: 'Wall', order: 'a0' });
    expect(map['2010']).toEqual({ type: 'Wall', order: 'a0bVGV' });
    expect(normalizeCabinetData(cd).cabinets).toEqual(
      normalizeCabinetData(
        upgradeStoredCabinetData({
          cabinets: { '1': { type: 'Wall', order: 'a0' } },
          cabinetRows: hostile,
        }),
      ).cabinets,
    );
  });

  it('the API roles cannot call the fold helpers directly', async () => {
    await expect(
      asUser(db, contractor, (tx) =>
        tx.query(`select private.cabinet_fold('{"cabinetRows":[]}'::jsonb, null)`),
      ),
    ).rejects.toThrow(/permission denied/);
  });
});
