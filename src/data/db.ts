/**
 * The per-user IndexedDB database (`refacing-<userId>`), Dexie schema and its
 * versioned upgrades. Holds server rows (projects, profiles, project_files, quotes,
 * messages and their read markers, reviews),
 * cached file blobs, the outbox of unsynced operations, per-table sync cursors,
 * the conflicts log and dead letters. Repositories are its only writers.
 */
import Dexie, { type Table } from 'dexie';
import { upgradeStoredCabinetData } from '../domain/storedCabinets';
import { projectSearchWords } from './searchWords';
import type {
  ConflictRecord,
  ContractorReviewRow,
  DeadLetter,
  FileBlobRecord,
  MessageReadRow,
  ReviewRow,
  MessageRow,
  OutboxEntry,
  ProfileRow,
  ProjectFileRow,
  ProjectMemberRow,
  ProjectRow,
  QuoteRow,
  SyncStateRecord,
  VisitRow,
  DoorMakerRow,
  DoorOrderRow,
  ChangeOrderRow,
  InvoiceRow,
  PaymentRow,
  PunchListItemRow,
  ProjectSignoffRow,
} from './types';
import { ROW_TABLES } from './types';

/**
 * A project as stored locally: the server row plus fields derived from it for
 * the indexes (`toProjectRecord` writes them, `toProjectRow` takes them off).
 */
export interface ProjectRecord extends ProjectRow {
  /** Lower-cased words of name, address, phone (digits) and email; multi-entry index. */
  _words: string[];
  /** owner_user_id of a live row (absent on tombstones, so indexes skip them). */
  _liveOwnerId?: string;
  /** assigned_contractor_id of a live row (absent on tombstones). */
  _liveContractorId?: string;
  /** status of a live row (absent on tombstones). */
  _liveStatus?: string;
}

/** The server row of a stored project: the record without its derived index fields. */
export function toProjectRow(record: ProjectRecord): ProjectRow {
  const { _words, _liveOwnerId, _liveContractorId, _liveStatus, ...row } = record;
  return row;
}

/** Names of the derived fields up to schema version 4, and their names since version 5. */
const RENAMED_IN_V5 = {
  _own: '_liveOwnerId',
  _asg: '_liveContractorId',
  _st: '_liveStatus',
} as const;

/**
 * True when the whole review row stays on the device of `userId` whatever
 * the job: the user wrote it, it is about the user's work, or it was never
 * sent (version 0).
 */
function isOwnReview(r: ReviewRow, userId: string): boolean {
  return r.reviewer_id === userId || r.contractor_id === userId || r.version === 0;
}

/** Database name of one user (one database per user, so another user of the same browser never sees it). */
export function dbNameFor(userId: string): string {
  return `refacing-${userId}`;
}

export class RefacingDb extends Dexie {
  projects!: Table<ProjectRecord, string>;
  profiles!: Table<ProfileRow, string>;
  project_files!: Table<ProjectFileRow, string>;
  project_members!: Table<ProjectMemberRow, string>;
  quotes!: Table<QuoteRow, string>;
  messages!: Table<MessageRow, string>;
  message_reads!: Table<MessageReadRow, string>;
  reviews!: Table<ReviewRow, string>;
  visits!: Table<VisitRow, string>;
  door_makers!: Table<DoorMakerRow, string>;
  door_orders!: Table<DoorOrderRow, string>;
  change_orders!: Table<ChangeOrderRow, string>;
  invoices!: Table<InvoiceRow, string>;
  payments!: Table<PaymentRow, string>;
  punch_list_items!: Table<PunchListItemRow, string>;
  project_signoffs!: Table<ProjectSignoffRow, string>;
  contractor_reviews!: Table<ContractorReviewRow, string>;
  file_blobs!: Table<FileBlobRecord, string>;
  outbox!: Table<OutboxEntry, number>;
  sync_state!: Table<SyncStateRecord, string>;
  conflicts!: Table<ConflictRecord, number>;
  dead_letters!: Table<DeadLetter, number>;

  constructor(
    readonly userId: string,
    options?: ConstructorParameters<typeof Dexie>[1],
  ) {
    super(dbNameFor(userId), options);
    // Only the versions with an upgrade function are declared, each with the stores as they were
    // then (Dexie 3+ builds an old database's schema from the database itself, so the versions in
    // between need no declaration): every declared version costs a parse of all the declarations
    // up to it when the database object is built, on every cold start. An old database still
    // upgrades through each content upgrade in order (src/data/schemaUpgrade.test.ts opens one of
    // every shipped version). A new version is added at the end; a shipped one is never edited.
    //
    // The history: 1 first schema. 2 status lists ordered by date straight from an index, so the
    // dashboard reads one page of a 5,000-project list. 3 (upgrade) fewer index entries per project,
    // so a 10,000-project first sync writes less (bench/sync.bench.ts): the status counts read the
    // date-ordered compound indexes, which make `_st`, `[_own+status]` and `[_asg+status]`
    // redundant; search words lose those that prefix another and gain the phone's digits without
    // the area code. 4 project memberships (shared projects), by project and by member. 5 (upgrade)
    // the derived fields of a live project get names that say what they hold. 6 quotes, by project
    // and by contractor and status. 7 project messages, by project in time order, and read markers
    // by project and by member. 8 reviews of contractors, by contractor and by project. 9 (upgrade)
    // a job's cabinets become a map keyed by id with order keys (src/domain/cabinetRows.ts), so
    // the device's rows hold the shape its edits patch and the server's migration writes. 10
    // (upgrade) other people's reviews as readers outside their job get them (no reviewer or job
    // id), by contractor; the whole review rows of jobs the user is not on, which the server no
    // longer sends, are dropped (src/data/contractorReviews.ts). 12 visits to a job (measure and
    // install), by project and by start time for the calendar. 14 the contract's change orders,
    // invoices and payments, by project.
    this.version(3)
      .stores({
        projects:
          'id, created_at, [_own+created_at], [_asg+created_at], *_words, [_own+status+created_at], [_asg+status+created_at], [_st+created_at]',
        profiles: 'id',
        project_files: 'id, project_id, [project_id+created_at]',
        file_blobs: 'fileId',
        outbox: '++seq, [table+id], op_id',
        sync_state: 'key',
        conflicts: '++id, seen, rowId',
        dead_letters: '++id, op.id',
      })
      .upgrade(async (tx) => {
        await tx
          .table<ProjectRecord, string>('projects')
          .toCollection()
          .modify((p) => {
            p._words = projectSearchWords(p.name, p.details);
          });
      });
    // The upgrade moves every stored row's values to the new names, so no sync is needed.
    this.version(5)
      .stores({
        projects:
          'id, created_at, [_liveOwnerId+created_at], [_liveContractorId+created_at], *_words, [_liveOwnerId+status+created_at], [_liveContractorId+status+created_at], [_liveStatus+created_at]',
        project_members: 'id, project_id, user_id',
      })
      .upgrade(async (tx) => {
        await tx
          .table<Record<string, unknown>, string>('projects')
          .toCollection()
          .modify((p) => {
            for (const [from, to] of Object.entries(RENAMED_IN_V5)) {
              if (from in p) p[to] = p[from];
              delete p[from];
            }
          });
      });
    this.version(8).stores({
      quotes: 'id, project_id, [contractor_id+status]',
      messages: 'id, project_id, [project_id+created_at]',
      message_reads: 'id, project_id, user_id',
      reviews: 'id, contractor_id, project_id',
    });
    this.version(9)
      .stores({})
      .upgrade(async (tx) => {
        await tx
          .table<ProjectRecord, string>('projects')
          .toCollection()
          .modify((p) => {
            const cabinetData = p.details?.cabinetData;
            const upgraded = upgradeStoredCabinetData(cabinetData);
            if (upgraded !== cabinetData) p.details = { ...p.details, cabinetData: upgraded };
          });
      });
    this.version(10)
      .stores({ contractor_reviews: 'id, contractor_id' })
      .upgrade(async (tx) => {
        const onDevice = new Set(
          (await tx.table<ProjectRecord, string>('projects').toCollection().primaryKeys()).map(
            String,
          ),
        );
        await tx
          .table<ReviewRow, string>('reviews')
          .filter((r) => !isOwnReview(r, userId) && !onDevice.has(r.project_id))
          .delete();
      });
    // Read markers became synced rows with ids derived from project and reader
    // (messageReadId.ts), and the server gave the old rows those ids: the
    // copies under the old ids go, and the table is pulled again from the
    // start. The device's own marker list beside the sync goes too (a thread
    // read offline before this version shows as unread until opened again).
    this.version(11)
      .stores({})
      .upgrade(async (tx) => {
        await tx.table('message_reads').clear();
        await tx.table('sync_state').bulkDelete(['cursor:message_reads', 'messages:readUpTo']);
      });
    // 12: visits (measure and install), read by project and, for the calendar, by start time.
    this.version(12).stores({ visits: 'id, project_id, starts_at' });
    // 13: a contractor's door makers, and door orders read by job and by the order they remake.
    this.version(13).stores({
      door_makers: 'id, contractor_id',
      door_orders: 'id, project_id, remake_of',
    });
    // 14: the contract's change orders, invoices and payments, each read by job.
    this.version(14).stores({
      change_orders: 'id, project_id',
      invoices: 'id, project_id',
      payments: 'id, project_id',
    });
    // 15: the walkthrough's punch list and the homeowner's sign-off, read by job.
    this.version(15).stores({
      punch_list_items: 'id, project_id',
      project_signoffs: 'id, project_id',
    });
  }

  /** The stores of the synced rows a user writes (what an op's row can be in). */
  rowTables(): Table<Record<string, unknown>, string>[] {
    return ROW_TABLES.map((t) => this.table(t));
  }
}
