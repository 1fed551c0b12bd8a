/**
 * The label a dead letter or conflict keeps of its row, so the /sync page
 * can name it even after the row is gone.
 */
import { UNTITLED_PROJECT } from '../domain/projectLabels';
import { tableText } from '../../sync/texts';

/**
 * The project's name (untrimmed) or 'Untitled Project', the file's name, a
 * message's first words ("Message: …", at most 40 characters), else the
 * row's kind ("Profile").
 */
export function rowLabel(table: string, row: Record<string, unknown> | undefined): string {
  if (table === 'projects') return (row?.name as string | undefined) || UNTITLED_PROJECT;
  if (table === 'project_files') return (row?.file_name as string | undefined) ?? tableText(table);
  if (table === 'messages' && typeof row?.body === 'string') {
    const words = row.body.replace(/\s+/g, ' ').trim();
    return `${tableText(table)}: ${words.length > 40 ? `${words.slice(0, 39)}…` : words}`;
  }
  return tableText(table);
}
