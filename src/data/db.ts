/**
 * The per-user IndexedDB database (`refacing-<userId>`), Dexie schema and its
 * versioned upgrades. Holds server rows (projects, profiles, project_files, quotes,
 * messages and their read markers, reviews),
 * cached file blobs, the outbox of unsynced operations, per-table sync cursors,
 * the conflicts log and dead letters. Repositories are its only writers.
 */
import Dexie, { type Table } from 'dexie';
import { projectSearchWords } from './searchWords';
import type {
  ConflictRecord,
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
    // Version 1: first schema. Add new versions below; never edit a shipped one.
    this.version(1).stores({
      projects:
        'id, created_at, _st, [_own+status], [_asg+status], [_own+created_at], [_asg+created_at], *_words',
      profiles: 'id',
      project_files: 'id, project_id, [project_id+created_at]',
      file_blobs: 'fileId',
      outbox: '++seq, [table+id], op_id',
      sync_state: 'key',
      conflicts: '++id, seen, rowId',
      dead_letters: '++id, op.id',
    });
    // Version 2: status lists ordered by date straight from an index, so the
    // dashboard reads one page of a 5,000-project list, not all of it.
    this.version(2).stores({
      projects:
        'id, created_at, _st, [_own+status], [_asg+status], [_own+created_at], [_asg+created_at], *_words, [_own+status+created_at], [_asg+status+created_at], [_st+created_at]',
    });
    // Version 3: fewer index entries per project, so a 10,000-project first
    // sync writes less (bench/sync.bench.ts): the status counts read the
    // date-ordered compound indexes, which make `_st`, `[_own+status]` and
    // `[_asg+status]` redundant; search words lose those that prefix another
    // and gain the phone's digits without the area code.
    this.version(3)
      .stores({
        projects:
          'id, created_at, [_own+created_at], [_asg+created_at], *_words, [_own+status+created_at], [_asg+status+created_at], [_st+created_at]',
      })
      .upgrade(async (tx) => {
        await tx
          .table<ProjectRecord, string>('projects')
          .toCollection()
          .modify((p) => {
            p._words = projectSearchWords(p.name, p.details);
          });
      });
    // Version 4: project memberships (shared projects), by project and by member.
    this.version(4).stores({
      project_members: 'id, project_id, user_id',
    });
    // Version 5: the derived fields of a live project get names that say what
    // they hold (`_own`, `_asg`, `_st` were unreadable in queries); the upgrade
    // moves every stored row's values to the new names, so no sync is needed.
    this.version(5)
      .stores({
        projects:
          'id, created_at, [_liveOwnerId+created_at], [_liveContractorId+created_at], *_words, [_liveOwnerId+status+created_at], [_liveContractorId+status+created_at], [_liveStatus+created_at]',
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
    // Version 6: quotes, by project (the homeowner's comparison) and by
    // contractor and status (the contractor's "My quotes").
    this.version(6).stores({
      quotes: 'id, project_id, [contractor_id+status]',
    });
    // Version 7: project messages, by project in time order (a thread's newest
    // page, unread counts past a marker) and the projects that have any; read
    // markers by project and by member.
    this.version(7).stores({
      messages: 'id, project_id, [project_id+created_at]',
      message_reads: 'id, project_id, user_id',
    });
    // Version 8: reviews of contractors, by contractor (its average, count
    // and page) and by project (the completed project's review).
    this.version(8).stores({
      reviews: 'id, contractor_id, project_id',
    });
  }

  /** The stores of the synced rows a user writes (what an op's row can be in). */
  rowTables(): Table<Record<string, unknown>, string>[] {
    return ROW_TABLES.map((t) => this.table(t));
  }
}
