/**
 * The words sync/ and the local store write into the local database for
 * people to read: the reasons of ops that never got a server answer, and
 * the kind of a row. sync/ is framework-free and imports nothing from src/,
 * so these live here and the sync screens (src/features/sync/syncTexts.ts)
 * and the store's row labels (src/data/rowLabel.ts) import them; the
 * screens turn the server's codes into words themselves.
 */

/** Why a file insert was refused before it was sent: its blob left the device. */
export const FILE_GONE_TEXT = 'The file is no longer on this device';

/** Why an op became a dead letter when the server's answer had no result for it. */
export const NO_RESULT_TEXT = 'No result from the server';

const TABLE_TEXTS: Record<string, string> = {
  projects: 'Project',
  project_files: 'File',
  quotes: 'Quote',
  messages: 'Message',
  reviews: 'Review',
  profiles: 'Profile',
};

/** The kind of a synced row in words: "Project", "File", "Quote", "Profile". */
export function tableText(table: string): string {
  return TABLE_TEXTS[table] ?? 'Profile';
}
