/**
 * The organization admin's server calls: the team (contractors of the
 * organization), invitations into it, assigning projects, removing a
 * contractor. All need the network; the team list is also kept on the device
 * so names show offline.
 */
import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';
import { supabase } from '../../auth/supabase';
import { appSession } from '../../app/session';
import type { PendingInvite } from '../../app/invites';

export interface TeamMember {
  id: string;
  name: string | null;
  email: string | null;
  role: 'contractor' | 'org_admin';
}

type Outcome<T = void> = { ok: true; value: T } | { ok: false; message: string };
const OFFLINE = 'You are offline. Connect to the internet and try again.';
const TEAM_KEY = 'refacing:orgTeam';

function failed(error: { message?: string } | null | undefined, fallback: string): { ok: false; message: string } {
  const m = error?.message ?? '';
  if (error instanceof FunctionsFetchError || /Failed to fetch|fetch failed|NetworkError|Load failed/i.test(m)) return { ok: false, message: OFFLINE };
  return { ok: false, message: m || fallback };
}

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
export async function assignProject(projectId: string, contractorId: string): Promise<Outcome> {
  try {
    const { error } = await supabase.rpc('assign_project', { p_project_id: projectId, p_contractor_id: contractorId });
    if (error) return failed(error, 'The project could not be assigned');
    appSession.syncNow();
    return { ok: true, value: undefined };
  } catch (e) {
    return failed(e as Error, 'The project could not be assigned');
  }
}

/** Removes a contractor from the organization; their projects go to the admin. */
export async function removeContractor(userId: string): Promise<Outcome> {
  try {
    const { error } = await supabase.rpc('remove_org_member', { p_user_id: userId });
    if (error) return failed(error, 'The contractor could not be removed');
    appSession.syncNow();
    return { ok: true, value: undefined };
  } catch (e) {
    return failed(e as Error, 'The contractor could not be removed');
  }
}
