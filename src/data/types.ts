/**
 * Row and record types of the local database (src/data). Server rows follow the
 * wire contract (docs/sync-protocol.md): snake_case server columns, `version`
 * bumped by the server, `deleted_at` for tombstones, `txid` as text.
 * Local bookkeeping fields start with an underscore and never go over the wire.
 */
import type { CabinetData } from '../domain/cabinetData';

/** Product rules "Records and their fields"/"Roles and what they may do": project status values, stored lowercase. */
export type ProjectStatus = 'draft' | 'active' | 'completed' | 'archived';

/** Which dashboard variant a query is for (app-contracts.md; org_admin sees all it has). */
export type DataRole = 'homeowner' | 'contractor' | 'org_admin';

/** Product rules "Records and their fields" "Project details" (inside `details`). Unknown keys are kept as they are. */
export interface ProjectDetails {
  description?: string;
  projectType?: string;
  email?: string;
  phone?: string;
  address?: string;
  projectScopes?: string[];
  budget?: string;
  customBudget?: string;
  cabinetData?: CabinetData;
  [key: string]: unknown;
}

/** Columns every synced table has (server-set). */
export interface SyncedColumns {
  /** Server version; 0 on a row the server has not confirmed yet. */
  version: number;
  created_at: string;
  updated_at: string;
  /** Tombstone time (ISO) or null. Set locally on delete until the server confirms. */
  deleted_at: string | null;
  /** Server transaction id as text; '' until the server confirms. */
  txid: string;
}

export interface ProjectRow extends SyncedColumns {
  id: string;
  name: string;
  status: ProjectStatus;
  details: ProjectDetails;
  /** Generated on the server from details.description. */
  description: string | null;
  user_id: string;
  owner_user_id: string | null;
  assigned_contractor_id: string | null;
}

export interface ProfileRow extends SyncedColumns {
  id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  address: string | null;
  /** The contractor's price list (see domain/pricing.ts); null or absent = no prices. */
  price_list?: unknown;
  role: string | null;
  organization_id: string | null;
  permissions: unknown;
}

export interface ProjectFileRow extends SyncedColumns {
  id: string;
  project_id: string;
  file_name: string;
  /** Storage object name `projects/{projectId}/{timestamp}.{ext}`. */
  file_path: string;
  /** Bytes. */
  file_size: number;
  file_type: string;
  user_id: string;
}

/** A file as the project screen lists it. */
export interface LocalProjectFile extends ProjectFileRow {
  /** True while the upload or the row insert has not reached the server. */
  pending: boolean;
  /** True when the blob is in IndexedDB (viewable offline). */
  hasLocalBlob: boolean;
}

/** A person's role on a project they were invited to (the creating side is in owner_user_id / assigned_contractor_id). */
export type MemberRole = 'owner' | 'contractor' | 'viewer';

/**
 * One person on a project (server table project_members; written only by the
 * invitation RPCs). A removed member's row is a tombstone: pulled by that
 * member, it makes the device drop the project.
 */
export interface ProjectMemberRow extends SyncedColumns {
  id: string;
  project_id: string;
  user_id: string;
  role: MemberRole;
  email: string | null;
  /** The project's contractor when the member joined: name, email, phone (any may be absent). */
  contact: { name?: string; email?: string; phone?: string };
  invited_by: string | null;
}

export type SyncTable = 'projects' | 'profiles' | 'project_files' | 'project_members';
/** Pull order: memberships last, so a revocation is applied after the rows it hides. */
export const SYNC_TABLES: readonly SyncTable[] = [
  'profiles',
  'projects',
  'project_files',
  'project_members',
];

export type OpKind = 'insert' | 'update' | 'delete';

/** One changed JSON path of `details` (sync-protocol.md, details_patch). */
export type DetailsPatchEntry =
  | { path: string[]; value: unknown; remove?: undefined }
  | { path: string[]; remove: true; value?: undefined };

/** The operation exactly as it goes over the wire (sync-protocol.md, push). */
export interface WireOp {
  op_id: string;
  table: SyncTable;
  id: string;
  kind: OpKind;
  base_version: number | null;
  changes: Record<string, unknown>;
  details_patch?: DetailsPatchEntry[];
}

/** Outbox entry: the wire op plus local bookkeeping. */
export interface OutboxEntry extends WireOp {
  /** Auto-incremented order of the queue. */
  seq?: number;
  /** Failed network attempts so far. */
  attempts: number;
  /** Epoch ms before which the engine does not retry (backoff). */
  nextAttemptAt: number;
  /**
   * 1 on ops sent by builds before `SENT_THROUGH_KEY` (outbox.ts) replaced this
   * flag; such an op is never coalesced into. New ops keep 0.
   */
  inFlight: 0 | 1;
  /** Local time the op was queued (ISO), display only. */
  queuedAt: string;
  /** project_files insert: the blob must reach Storage before the row is pushed. */
  upload?: { fileId: string; path: string; uploaded: boolean };
  /** project_files delete: remove this Storage object after the delete is confirmed. */
  removeObject?: string;
  lastError?: string;
}

/** An op the server rejected; kept until the user retries or discards it. */
export interface DeadLetter {
  id?: number;
  op: WireOp;
  code: string;
  message: string;
  /** Local time (ISO). */
  at: string;
  /** Human label of the row (project name, file name). */
  label: string;
}

/** One path both sides changed, reported by push_changes (status merged). */
export interface ConflictRecord {
  id?: number;
  table: SyncTable;
  rowId: string;
  opId: string;
  path: string[];
  serverValue: unknown;
  clientValue: unknown;
  /** Local time (ISO). */
  at: string;
  label: string;
  /** 0 until the user has looked at it on the sync page. */
  seen: 0 | 1;
}

export interface FileBlobRecord {
  /** project_files.id */
  fileId: string;
  blob: Blob;
  /** True for a blob attached on this device that Storage does not have yet. */
  pendingUpload: boolean;
}

/** Key/value rows: `cursor:<table>`, `lastSyncedAt`, `refetch`, `members:fetch`. */
export interface SyncStateRecord {
  key: string;
  value: unknown;
}

export interface ProjectCounts {
  all: number;
  draft: number;
  active: number;
  completed: number;
  archived: number;
}

export type Result<T, E extends string = string> = { ok: true; value: T } | { ok: false; error: E };
