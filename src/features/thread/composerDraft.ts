/**
 * The unsent message of each project's composer, kept while the composer is
 * closed (the builder's panel or sheet shut, the page left) so nothing the
 * user typed is lost. The text also goes to sessionStorage, so it survives a
 * reload of the tab; picked photos are File objects and live only as long as
 * the page does.
 */

/** A composer's unsent message: its text and the photos picked to go with it. */
export interface ComposerDraft {
  text: string;
  photos: File[];
}

const drafts = new Map<string, ComposerDraft>();
const key = (projectId: string) => `refacing:messageDraft:${projectId}`;

/** The unsent message of a project ('' and no photos when there is none). */
export function loadDraft(projectId: string): ComposerDraft {
  const kept = drafts.get(projectId);
  if (kept) return kept;
  let text = '';
  try {
    text = sessionStorage.getItem(key(projectId)) ?? '';
  } catch {
    // Storage blocked: the in-memory draft is all there is.
  }
  return { text, photos: [] };
}

/** Keeps a project's unsent message; an empty one (sent or cleared) is forgotten. */
export function saveDraft(projectId: string, draft: ComposerDraft): void {
  const empty = draft.text === '' && draft.photos.length === 0;
  if (empty) drafts.delete(projectId);
  else drafts.set(projectId, draft);
  try {
    if (draft.text === '') sessionStorage.removeItem(key(projectId));
    else sessionStorage.setItem(key(projectId), draft.text);
  } catch {
    // Storage full or blocked: the in-memory draft still holds it.
  }
}
