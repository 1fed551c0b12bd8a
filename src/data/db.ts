/**
 * The per-user IndexedDB database (`refacing-<userId>`), Dexie schema and its
 * versioned upgrades. Holds server rows (projects, profiles, project_files),
 * cached file blobs, the outbox of unsynced operations, per-table sync cursors,
 * the conflicts log and dead letters. Repositories are its only writers.
 */
import Dexie, { type Table } from 'dexie';
import { projectSearchWords } from './searchWords';
import type {
  ConflictRecord,
  DeadLetter,
  FileBlobRecord,
  OutboxEntry,
  ProfileRow,
  ProjectFileRow,
  ProjectMemberRow,
  ProjectRow,
  SyncStateRecord,
} from './types';

/** A project as stored locally: the server row plus its search words. */
export interface ProjectRecord extends ProjectRow {
  /** Lower-cased words of name, address, phone (digits) and email; multi-entry index. */
  _words: string[];
  /** owner_user_id of a live row (absent on tombstones, so indexes skip them). */
  _own?: string;
  /** assigned_contractor_id of a live row (absent on tombstones). */
  _asg?: string;
  /** status of a live row (absent on tombstones). */
  _st?: string;
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
  file_blobs!: Table<FileBlobRecord, string>;
  outbox!: Table<OutboxEntry, number>;
  sync_state!: Table<SyncStateRecord, string>;
  conflicts!: Table<ConflictRecord, number>;
  dead_letters!: Table<DeadLetter, number>;

  constructor(readonly userId: string, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(dbNameFor(userId), options);
    // Version 1: first schema. Add new versions below; never edit a shipped one.
    this.version(1).stores({
      projects: 'id, created_at, _st, [_own+status], [_asg+status], [_own+created_at], [_asg+created_at], *_words',
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
  }
}
