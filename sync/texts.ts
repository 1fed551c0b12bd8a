/**
 * The words sync/ writes into the local database for people to read: the
 * reasons of ops that never got a server answer, and the labels of dead
 * letters and conflicts. sync/ is framework-free and sits below the screens,
 * so these live here and the sync screens (src/features/sync/syncTexts.ts)
 * import them; the screens turn the server's codes into words themselves.
 */
import { UNTITLED_PROJECT } from '../src/domain/projectLabels';

/** Why a file insert was refused before it was sent: its blob left the device. */
export const FILE_GONE_TEXT = 'The file is no longer on this device';

/** Why an op became a dead letter when the server's answer had no result for it. */
export const NO_RESULT_TEXT = 'No result from the server';

/** The kind of a synced row in words: "Project", "File", "Profile". */
export function tableText(table: string): string {
  return table === 'projects' ? 'Project' : table === 'project_files' ? 'File' : 'Profile';
}

/**
 * The label a dead letter or conflict keeps of its row: the project's name
 * (untrimmed) or 'Untitled Project', the file's name, else the row's kind.
 */
export function rowLabel(table: string, row: Record<string, unknown> | undefined): string {
  if (table === 'projects') return (row?.name as string | undefined) || UNTITLED_PROJECT;
  if (table === 'project_files') return (row?.file_name as string | undefined) ?? tableText(table);
  return tableText(table);
}
