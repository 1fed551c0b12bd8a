/** How the organization page names a contractor, and its key for projects no contractor has. */
import { t } from '@lingui/core/macro';
import type { TeamMember } from './orgApi';

/** The filter and count key of projects assigned to nobody. */
export const UNASSIGNED = 'unassigned';

/** A member's name (else email), 'Unassigned' without an id, 'Former contractor' when no longer on the team. */
export function who(m: TeamMember | undefined, id: string | null): string {
  if (!id) return t`Unassigned`;
  if (!m) return t`Former contractor`;
  return m.name ?? m.email ?? t`Contractor`;
}

/** A message the page shows above its sections. */
export type Notice = { kind: 'success' | 'error'; text: string };
