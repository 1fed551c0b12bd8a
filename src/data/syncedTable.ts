/**
 * One synced table on the device: the catalogue of every local store, and
 * the generic repository every per-table repository is built on.
 *
 * The catalogue (`SYNCED_TABLES`) names each table the server syncs, the
 * columns the client writes in its ops (everything else is the server's:
 * version, times, totals, stamps) and whether the user writes it through
 * the outbox at all. `LOCAL_STORES` adds the device's own bookkeeping
 * stores; together they are every store of src/data/db.ts, and the guard
 * test of local writers (tests/integration/lint/localWriters.test.ts)
 * watches every one of them.
 *
 * `syncedTable(ctx, config)` is the one place a row and its outbox op are
 * written together: create (insert op), update on top of the row as it is
 * (update op based on its version), delete as a tombstone until the server
 * confirms (a row never pushed is simply dropped), server rows applied
 * through `applyServerRows`, and the table's dead letters and conflicts.
 * A per-table repository (projectsRepo, quotesRepo, …) keeps only its
 * domain rules and calls these.
 */
import type { Table } from 'dexie';
import { applyOpToRow, applyServerRows } from './applyServerRows';
import type { RefacingDb } from './db';
import { sameJson } from './detailsPatch';
import { enqueueOp, type EnqueueOutcome, type NewOp } from './outbox';
import type { RepoContext } from './repoContext';
import type {
  ConflictRecord,
  DeadLetter,
  DetailsPatchEntry,
  OutboxEntry,
  SyncTable,
} from './types';

/** How one synced table is written on the device. */
export interface SyncedTableEntry {
  /**
   * The columns the client sends in its ops (`changes`); the server owns the
   * rest. Empty for a table only the server writes.
   */
  clientColumns: readonly string[];
  /** 'outbox': the user's writes go through the outbox; 'server': only pulled. */
  writtenBy: 'outbox' | 'server';
}

/**
 * Every synced table on the device and how it is written. Typed over
 * `SyncTable`, so a table added there cannot be left out here.
 */
export const SYNCED_TABLES = {
  profiles: {
    writtenBy: 'outbox',
    clientColumns: [
      'id',
      'first_name',
      'last_name',
      'email',
      'phone',
      'address',
      'price_list',
      'service_areas',
      'locale',
    ],
  },
  projects: {
    writtenBy: 'outbox',
    clientColumns: [
      'id',
      'name',
      'status',
      'details',
      'user_id',
      'owner_user_id',
      'assigned_contractor_id',
    ],
  },
  project_files: {
    writtenBy: 'outbox',
    clientColumns: [
      'id',
      'project_id',
      'file_name',
      'file_path',
      'file_size',
      'file_type',
      'user_id',
    ],
  },
  quotes: {
    writtenBy: 'outbox',
    clientColumns: [
      'id',
      'project_id',
      'contractor_id',
      'status',
      'lines',
      'tax_rate',
      'currency',
      'valid_until',
      'notes',
    ],
  },
  messages: {
    writtenBy: 'outbox',
    clientColumns: ['project_id', 'author_id', 'body', 'attachments', 'bidder_id'],
  },
  // The reader (user_id) is the token's user, set by the server; the id is derived (messageReadId.ts).
  message_reads: { writtenBy: 'outbox', clientColumns: ['project_id', 'read_up_to'] },
  reviews: {
    writtenBy: 'outbox',
    clientColumns: ['project_id', 'reviewer_id', 'rating', 'body', 'reply'],
  },
  visits: {
    writtenBy: 'outbox',
    clientColumns: [
      'project_id',
      'kind',
      'status',
      'slots',
      'chosen_slot',
      'message',
      'crew',
      'done_at',
    ],
  },
  // The contractor is the token's user (makers) or the job's contractor (orders), set by the server.
  door_makers: { writtenBy: 'outbox', clientColumns: ['name', 'email', 'locale'] },
  door_orders: {
    writtenBy: 'outbox',
    clientColumns: [
      'project_id',
      'remake_of',
      'maker_id',
      'maker_name',
      'maker_email',
      'po_number',
      'note',
      'parts',
      'files',
      'sent_via',
      'status',
      'ordered_on',
      'maker_order_number',
      'promised_ship_on',
      'confirmed_on',
      'carrier',
      'tracking_number',
      'shipped_on',
      'received_on',
      'checkin',
    ],
  },
  // The server sets contractor, quote, number, totals, hash and signature.
  change_orders: {
    writtenBy: 'outbox',
    clientColumns: ['project_id', 'status', 'lines', 'credits', 'note'],
  },
  // The server sets contractor, quote, number, issue date and the link's token.
  invoices: {
    writtenBy: 'outbox',
    clientColumns: [
      'project_id',
      'kind',
      'change_order_id',
      'status',
      'amount_cents',
      'due_on',
      'note',
    ],
  },
  payments: {
    writtenBy: 'outbox',
    clientColumns: ['project_id', 'invoice_id', 'method', 'amount_cents', 'paid_on', 'reference'],
  },
  punch_list_items: {
    writtenBy: 'outbox',
    clientColumns: ['project_id', 'opening_key', 'item', 'note', 'photo_file_id', 'done'],
  },
  // Written only by sign_off_project on the server.
  project_signoffs: { writtenBy: 'server', clientColumns: [] },
  project_members: { writtenBy: 'server', clientColumns: [] },
} as const satisfies Record<SyncTable, SyncedTableEntry>;

/** The device's own stores (never synced): blobs, the queue and its bookkeeping. */
export const BOOKKEEPING_STORES = [
  'file_blobs',
  'outbox',
  'sync_state',
  'conflicts',
  'dead_letters',
] as const;

/** The device's copies of what an online read returned (never synced, never pushed). */
export const READ_CACHE_STORES = [
  // A contractor's reviews as `contractor_reviews()` gives them to outside readers (src/data/contractorReviews.ts).
  'contractor_reviews',
] as const;

/** Every store of the local database: the synced tables, the bookkeeping stores, the read caches. */
export const LOCAL_STORES: readonly string[] = [
  ...Object.keys(SYNCED_TABLES),
  ...BOOKKEEPING_STORES,
  ...READ_CACHE_STORES,
];

/** A synced table the user writes through the outbox. */
export type OutboxTable = {
  [T in keyof typeof SYNCED_TABLES]: (typeof SYNCED_TABLES)[T]['writtenBy'] extends 'outbox'
    ? T
    : never;
}[keyof typeof SYNCED_TABLES];

/** The table's own rules, for the generic repository. */
export interface SyncedTableConfig<Row> {
  table: OutboxTable;
  /** Stores besides the row's table, the outbox, sync_state and dead_letters that its writes touch. */
  alsoWrites?: (db: RefacingDb) => Table[];
  /** The record stored for a row (e.g. a project's search words and index fields); the row itself by default. */
  toRecord?: (row: Row) => Row;
  /** What else goes with a deleted row on the device (inside the write's transaction), e.g. its blob. */
  afterRemove?: (db: RefacingDb, row: Row) => Promise<void>;
}

/** An update made on top of the row as it is now. */
export interface RowChange<Row> {
  /** Column values sent to the server (client columns only). */
  columns: Record<string, unknown>;
  /** Leaf paths of `details` sent to the server. */
  details_patch?: DetailsPatchEntry[];
  /**
   * Values kept on the device only until the server answers (e.g. totals),
   * or made from the write's time (ISO, the same as `updated_at`), e.g. `edited_at`.
   */
  local?: Partial<Row> | ((at: string) => Partial<Row>);
}

/**
 * The columns of `changes` that are worth sending: those that differ from
 * the row as it is (`current`) and, when the editor says what it started
 * from (`base`), from that too, so a change another device made meanwhile
 * is never sent back. Values are compared as JSON (key order aside).
 */
export function changedColumns<C extends Record<string, unknown>>(
  current: object | undefined,
  changes: C,
  base?: Partial<C>,
): Partial<C> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (current && sameJson((current as Record<string, unknown>)[key], value)) continue;
    if (current && base && key in base && sameJson(base[key], value)) continue;
    out[key] = value;
  }
  return out as Partial<C>;
}

/**
 * The generic repository of one synced table (see the file comment). Every
 * method runs in one rw transaction over the table, the outbox's stores and
 * `alsoWrites`, or joins the caller's when called inside `write`.
 * Throws `TextTooLongError` (userText.ts) when a text is past its limit.
 */
export function syncedTable<Row extends { id: string; version: number; deleted_at: string | null }>(
  ctx: RepoContext,
  config: SyncedTableConfig<Row>,
) {
  const { table } = config;
  const clientColumns: ReadonlySet<string> = new Set(SYNCED_TABLES[table].clientColumns);
  const toRecord = config.toRecord ?? ((row: Row) => row);
  const store = (db: RefacingDb) => db.table<Row, string>(table);
  const scope = (db: RefacingDb, extra: Table[] = []): Table[] => [
    ...extra,
    store(db),
    db.outbox,
    db.sync_state,
    db.dead_letters,
    ...(config.alsoWrites?.(db) ?? []),
  ];
  const nowIso = () => new Date(ctx.now()).toISOString();

  /** Refuses a column the server does not take from the client (a programming error, not the user's). */
  function clientOnly(columns: Record<string, unknown>): Record<string, unknown> {
    const foreign = Object.keys(columns).filter((c) => !clientColumns.has(c));
    if (foreign.length)
      throw new Error(`${table}: not client columns: ${foreign.join(', ')} (syncedTable.ts)`);
    return columns;
  }

  /**
   * Runs `work` in a transaction over the table's scope; inside `write` it
   * joins the caller's (Dexie nests a transaction over a subset of the
   * caller's stores), and its answer is a Dexie promise, which keeps the
   * caller's transaction alive across the await.
   */
  function inTransaction<T>(db: RefacingDb, work: () => Promise<T>): Promise<T> {
    return db.transaction('rw', scope(db), work);
  }

  // Not an async function: an extra promise hop between IndexedDB requests lets Dexie's
  // transaction commit before the caller's next request (PrematureCommitError).
  function queue(db: RefacingDb, op: NewOp): Promise<EnqueueOutcome> {
    return enqueueOp(db, op, ctx.now());
  }

  return {
    table,

    /**
     * Runs `work` in one rw transaction over the table, the outbox's stores,
     * `alsoWrites` and `extra` (e.g. another table a rule reads), so a rule
     * checked there still holds when the row is written.
     */
    write<T>(work: (db: RefacingDb) => Promise<T>, extra?: (db: RefacingDb) => Table[]) {
      const db = ctx.getDb();
      return db.transaction('rw', scope(db, extra?.(db)), () => work(db));
    },

    /** The row `id` when it is on the device and not deleted. */
    live(id: string): Promise<Row | undefined> {
      return store(ctx.getDb())
        .get(id)
        .then((row) => (row && !row.deleted_at ? row : undefined));
    },

    /**
     * Adds a new row (version 0) and queues its insert with `columns` (the
     * client columns of the row, as the server takes them). `upload`: a file
     * that must reach Storage before the row is pushed.
     */
    create(
      row: Row,
      columns: Record<string, unknown>,
      options: Pick<NewOp, 'upload'> = {},
    ): Promise<Row> {
      const db = ctx.getDb();
      const record = toRecord(row);
      return inTransaction(db, async () => {
        await store(db).add(record);
        await queue(db, {
          table,
          id: row.id,
          kind: 'insert',
          base_version: null,
          changes: clientOnly(columns),
          ...options,
        });
        return record;
      });
    },

    /**
     * Writes `change` on top of `current` (the row as it is on the device)
     * and queues it as an update based on the row's version; consecutive
     * updates of a row not yet sent fold into one op. Returns the new row.
     */
    update(current: Row, change: RowChange<Row>): Promise<Row> {
      const db = ctx.getDb();
      return inTransaction(db, async () => {
        const op = {
          table,
          id: current.id,
          kind: 'update' as const,
          base_version: current.version,
          changes: clientOnly(change.columns),
          ...(change.details_patch?.length ? { details_patch: change.details_patch } : {}),
        };
        const at = nowIso();
        const next = toRecord({
          ...applyOpToRow(current, op as OutboxEntry, at),
          ...(typeof change.local === 'function' ? change.local(at) : change.local),
          updated_at: at,
        });
        await store(db).put(next);
        await queue(db, op);
        return next;
      });
    },

    /**
     * Deletes `current`: a tombstone on the device until the server confirms
     * the delete, or gone at once when its insert never left the device.
     * `removeObject`: a Storage object to remove once the delete is confirmed.
     */
    remove(current: Row, options: Pick<NewOp, 'removeObject'> = {}): Promise<void> {
      const db = ctx.getDb();
      return inTransaction(db, async () => {
        const outcome = await queue(db, {
          table,
          id: current.id,
          kind: 'delete',
          base_version: current.version,
          changes: {},
          ...options,
        });
        if (outcome === 'cancelled') await store(db).delete(current.id);
        else await store(db).put(toRecord({ ...current, deleted_at: nowIso() }));
        await config.afterRemove?.(db, current);
      });
    },

    /**
     * Puts rows the server answered (an RPC's answer, a fetched row) on the
     * device through `applyServerRows`: newer versions only, pending local
     * ops kept on top. Returns how many rows were written.
     */
    applyServerRows(rows: readonly Row[]): Promise<number> {
      return applyServerRows(ctx.getDb(), table, rows, nowIso());
    },

    /** The table's refused ops, oldest first (the sync page offers Retry and Discard: deadLettersRepo). */
    async deadLetters(): Promise<DeadLetter[]> {
      const letters = await ctx.getDb().dead_letters.toArray();
      return letters.filter((l) => l.op.table === table);
    },

    /** The table's logged conflicts (paths both sides changed), oldest first. */
    async conflicts(): Promise<ConflictRecord[]> {
      const all = await ctx.getDb().conflicts.toArray();
      return all.filter((c) => c.table === table);
    },
  };
}

/** The generic repository of one synced table. */
export type SyncedTable<Row extends { id: string; version: number; deleted_at: string | null }> =
  ReturnType<typeof syncedTable<Row>>;
