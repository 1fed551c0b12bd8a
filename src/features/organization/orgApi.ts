/**
 * The organization admin's server calls: the team (contractors of the
 * organization), invitations into it, assigning projects, removing a
 * contractor. All need the network; the team list is also kept on the device
 * so names show offline.
 */
import { FunctionsHttpError } from '@supabase/supabase-js';
import { supabase } from '../../auth/supabase';
import { accessRpc, failed, type Outcome, type PendingInvite } from '../../app/invites';

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
  try {
    const { data, error } = await supabase.rpc('org_contractors');
    if (error) return failed(error, 'The team could not be loaded');
    const team = (data as TeamMember[] | null) ?? [];
    try {
      localStorage.setItem(TEAM_KEY, JSON.stringify(team));
    } catch {
      // no storage: names simply do not show offline
    }
    return { ok: true, value: team };
  } catch (e) {
    return failed(e as Error, 'The team could not be loaded');
  }
}

/** Pending invitations into the organization. */
export async function loadOrgInvites(): Promise<Outcome<PendingInvite[]>> {
  try {
    const { data, error } = await supabase.rpc('org_invites_of');
    if (error) return failed(error, 'Invitations could not be loaded');
    return { ok: true, value: (data as PendingInvite[] | null) ?? [] };
  } catch (e) {
    return failed(e as Error, 'Invitations could not be loaded');
  }
}

/** Sends (or resends) an invitation into the organization as a contractor. */
export async function inviteContractor(email: string): Promise<Outcome<{ email: string }>> {
  try {
    const { data, error } = await supabase.functions.invoke<{ email: string }>('org-invite', { body: { email } });
    if (error instanceof FunctionsHttpError) {
      const body = (await (error.context as Response).json().catch(() => null)) as { message?: string } | null;
      return { ok: false, message: body?.message ?? 'The invitation could not be sent' };
    }
    if (error || !data) return failed(error, 'The invitation could not be sent');
    return { ok: true, value: { email: data.email } };
  } catch (e) {
    return failed(e as Error, 'The invitation could not be sent');
  }
}

/** Assigns a project of the organization to one of its contractors (checked by the server), then syncs. */
export function assignProject(projectId: string, contractorId: string): Promise<Outcome> {
  return accessRpc('assign_project', { p_project_id: projectId, p_contractor_id: contractorId }, 'The project could not be assigned');
}

/** Removes a contractor from the organization; their projects go to the admin. */
export function removeContractor(userId: string): Promise<Outcome> {
  return accessRpc('remove_org_member', { p_user_id: userId }, 'The contractor could not be removed');
}
