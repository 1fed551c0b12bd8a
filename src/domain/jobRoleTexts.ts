/**
 * What the project page and the builder say from the answer of who is who
 * (jobRole.ts): which page a person gets and why the measurements are
 * read-only, and how a thread names a message's author. Apart from the answer itself, so the dashboard's first screen,
 * which reads the answer, does not carry these words.
 */
import { isSharedWith, type JobAnswer } from './jobRole';

/**
 * Which project page the person gets: the full page for the homeowner who
 * owns the job and the contractor of record, the shared view for everyone
 * else on it (invited people, organization admins), "not found" for nobody.
 */
export function jobPage(answer: JobAnswer): 'full' | 'shared' | 'none' {
  const me = answer.me;
  if (!me) return 'none';
  if (me.role === 'org_admin' || isSharedWith(me)) return 'shared';
  return 'full';
}

/**
 * Why the measurements are not the signed-in person's to change, in their
 * words (the homeowner after a quote is accepted: a change goes through the
 * contractor; a viewer or admin only looks). Null when they may change them.
 */
export function measurementsLockedText(answer: JobAnswer): string | null {
  const me = answer.me;
  if (!me || me.may.edit_measurements) return null;
  const who = answer.contractor?.name ?? 'your contractor';
  if (me.role === 'owner' && !me.invited)
    return `A quote was accepted: ${who} measures and orders the doors now. Ask for a change in the messages.`;
  return `Read-only: ${who} measures and orders the doors.`;
}

/** The thread's name for a message's author: "You", the person's name, or "Former member" for someone no longer on the job. */
export function authorLabel(answer: JobAnswer, authorId: string, me: string): string {
  if (authorId === me) return 'You';
  return answer.people.find((p) => p.userId === authorId)?.name ?? 'Former member';
}
