/**
 * The organization admin's server calls: the team (contractors of the
 * organization), invitations into it, assigning projects, removing a
 * contractor. All need the network; the team list is also kept on the device
 * so names show offline.
 */
import { accessRpc, callRpc, type Outcome } from '../../remote/rpc';
import {
  invokeInvite,
  pendingInvites,
  type PendingInvite,
  type SentInvite,
} from '../../remote/invites';

export interface TeamMember {
  id: string;
  name: string | null;
  email: string | null;
  role: 'contractor' | 'org_admin';
}

const TEAM_KEY = 'refacing:orgTeam';

/** The team as last loaded on this device (for offline display). */
export function cachedTeam(): TeamMember[] {
  try {
    return JSON.parse(localStorage.getItem(TEAM_KEY) ?? '[]') as TeamMember[];
  } catch {
    return [];
  }
}

/** Loads the organization's people (admin and contractors) and keeps a copy on the device. */
export async function loadTeam(): Promise<Outcome<TeamMember[]>> {
  const out = await callRpc<'org_contractors', TeamMember[] | null>(
    'org_contractors',
    undefined,
    'organization.team_load_failed',
  );
  if (!out.ok) return out;
  const team = out.value ?? [];
  try {
    localStorage.setItem(TEAM_KEY, JSON.stringify(team));
  } catch {
    // no storage: names simply do not show offline
  }
  return { ok: true, value: team };
}

/** Pending invitations into the organization. */
export function loadOrgInvites(): Promise<Outcome<PendingInvite[]>> {
  return pendingInvites('org_invites_of');
}

/** Sends (or resends) an invitation into the organization as a contractor. */
export function inviteContractor(email: string): Promise<Outcome<SentInvite>> {
  return invokeInvite('org-invite', { email });
}

/** Assigns a project of the organization to one of its contractors (checked by the server), then syncs. */
export function assignProject(projectId: string, contractorId: string): Promise<Outcome> {
  return accessRpc(
    'assign_project',
    { p_project_id: projectId, p_contractor_id: contractorId },
    'organization.assign_failed',
  );
}

/** Removes a contractor from the organization; their projects go to the admin. */
export function removeContractor(userId: string): Promise<Outcome> {
  return accessRpc('remove_org_member', { p_user_id: userId }, 'organization.remove_failed');
}
