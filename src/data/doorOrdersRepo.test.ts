/**
 * The check-in's taps on the device: each tap reads the order's check-in
 * map and writes it back with its part, in one transaction, so taps on
 * several parts in quick succession (a 40-part order checked in the
 * driveway) all stay, on the device and in the outbox's last write.
 */
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, expect, it } from 'vitest';
import { applyServerRows } from './applyServerRows';
import { RefacingDb } from './db';
import { createDoorOrdersRepo } from './doorOrdersRepo';
import type { DoorOrderRow } from './types';

const dbs: RefacingDb[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
});

const ORDER = '00000000-0000-4000-8000-0000000000d1';

function order(): DoorOrderRow {
  const at = '2026-12-01T00:00:00.000Z';
  return {
    id: ORDER,
    project_id: '00000000-0000-4000-8000-0000000000a1',
    contractor_id: 'u1',
    remake_of: null,
    maker_id: null,
    maker_name: 'Springfield Door Co.',
    maker_email: 'orders@example.com',
    po_number: '',
    note: '',
    parts: [],
    files: ['csv'],
    sent_via: 'other',
    mailed_at: null,
    status: 'received',
    ordered_on: '2026-11-20',
    maker_order_number: '',
    promised_ship_on: null,
    confirmed_on: null,
    carrier: '',
    tracking_number: '',
    shipped_on: null,
    received_on: '2026-12-01',
    checkin: {},
    created_by: 'u1',
    version: 1,
    created_at: at,
    updated_at: at,
    deleted_at: null,
    txid: '1',
  };
}

it('keeps every part of taps made at once: none overwrites another', async () => {
  const db = new RefacingDb('u1', { indexedDB: new IDBFactory(), IDBKeyRange });
  dbs.push(db);
  await applyServerRows(db, 'door_orders', [order() as unknown as Record<string, unknown>], '');
  const repo = createDoorOrdersRepo({ getDb: () => db, now: () => Date.now() });
  const keys = Array.from({ length: 24 }, (_, i) => `cab${i}_0`);
  const taps = await Promise.all(
    keys.map((key, i) => repo.check(ORDER, key, i < 2 ? 'damaged' : 'received')),
  );
  expect(taps.every((t) => t.ok)).toBe(true);
  const stored = await db.door_orders.get(ORDER);
  expect(Object.keys(stored?.checkin ?? {}).sort()).toEqual([...keys].sort());
  expect(stored?.checkin['cab0_0']?.state).toBe('damaged');
  expect(stored?.checkin['cab5_0']?.state).toBe('received');
  // What the outbox sends last for the order holds every part too.
  const ops = await db.outbox.where('table').equals('door_orders').toArray();
  const sent = ops.at(-1)?.changes as { checkin?: Record<string, unknown> } | undefined;
  expect(Object.keys(sent?.checkin ?? {}).sort()).toEqual([...keys].sort());
});
