/** The dashboard's dialogs: which one is open, and for which project. */
import type { ProjectRow } from '../../data';

/** No dialog (null), the create form, or the edit form / delete confirmation of a project. */
export type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; project: ProjectRow }
  | { kind: 'delete'; project: ProjectRow }
  | null;
