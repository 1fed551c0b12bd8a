/**
 * Words of the sync indicator and page (the spec is silent on sync texts;
 * see docs/decisions.md, data/sync). Rejection codes map to plain reasons.
 */
import { formatDistanceStrict } from 'date-fns';

/** "Synced 3 minutes ago" / "Synced just now" / "Not synced yet". */
export function lastSyncedText(lastSyncedAt: string | null, nowMs: number): string {
  if (!lastSyncedAt) return 'Not synced yet';
  const at = new Date(lastSyncedAt).getTime();
  if (!Number.isFinite(at)) return 'Not synced yet';
  if (nowMs - at < 60_000) return 'Synced just now';
  return `Synced ${formatDistanceStrict(at, nowMs, { addSuffix: true })}`;
}

/** Why the server refused a change, in words, by SQLSTATE / HTTP status. */
export function rejectionText(code: string, message: string): string {
  if (code === 'P0002') return message === 'deleted on another device' ? 'Deleted on another device' : 'No longer exists on the server';
  if (code === '42501' || code === '403') return 'Not allowed for your account';
  if (code === '23514') return `A value is not accepted (${message})`;
  if (code === '23503') return 'It refers to something that no longer exists';
  if (code.startsWith('23')) return `The server refused it (${message})`;
  if (code === '22023') return `The change was not valid (${message})`;
  if (code === 'blob_missing') return 'The file is no longer on this device';
  return message || `Refused (${code})`;
}

/** "edit", "new", "delete" for a queued op. */
export function opKindText(kind: 'insert' | 'update' | 'delete'): string {
  return kind === 'insert' ? 'New' : kind === 'update' ? 'Edit' : 'Delete';
}

/** "project", "file", "profile". */
export function tableText(table: string): string {
  return table === 'projects' ? 'Project' : table === 'project_files' ? 'File' : 'Profile';
}
