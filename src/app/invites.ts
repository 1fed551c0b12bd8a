/**
 * Invitations from the app: send/resend (the server mails the link), list
 * and revoke pending ones, remove a member, and accept the link a person
 * opened (kept on the device until they have signed in). All of these need
 * the network; messages are in the user's words.
 */
import { FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';
import { supabase } from '../auth/supabase';
import { appSession } from './session';
import { PENDING_KEY, pendingInviteToken } from './pendingInvite';

export { pendingInviteToken, savePendingInvite } from './pendingInvite';
import type { MemberRole } from '../data';
import type { Database } from '../data/database.types';

const OFFLINE = 'You are offline. Connect to the internet and try again.';

export const MEMBER_ROLE_LABELS: Record<MemberRole, string> = {
  owner: 'Homeowner',
  contractor: 'Contractor',
  viewer: 'Viewer (read-only)',
};

export interface PendingInvite {
  id: string;
  email: string;
  role: MemberRole;
  expires_at: string;
  expired: boolean;
}

/** What a sharing or organization call ended with: its value, or the message to show. */
export type Outcome<T = void> = { ok: true; value: T } | { ok: false; message: string };

/** A failed call as the message a person reads: offline when the request never got through, else the server's words or `fallback`. */
export function failed(error: { message?: string } | null | undefined, fallback: string): { ok: false; message: string } {
  const m = error?.message ?? '';
  if (error instanceof FunctionsFetchError || /Failed to fetch|fetch failed|NetworkError|Load failed/i.test(m)) return { ok: false, message: OFFLINE };
  return { ok: false, message: m || fallback };
}

/** The RPCs that change who sees which project. */
export type AccessRpc = 'remove_project_member' | 'assign_project' | 'remove_org_member';

/**
 * Runs an RPC that changes who sees which project (remove a member, assign a
 * project, remove a contractor) with its arguments (checked against
 * src/data/database.types.ts), then syncs so this device follows at once.
 * Returns ok, or the message to show (`fallback` when the server gave none).
 */
export async function accessRpc<F extends AccessRpc>(fn: F, args: Database['public']['Functions'][F]['Args'], fallback: string): Promise<Outcome> {
  try {
    const { error } = await supabase.rpc(fn, args);
    if (error) return failed(error, fallback);
    appSession.syncNow();
    return { ok: true, value: undefined };
  } catch (e) {
    return failed(e as Error, fallback);
  }
}

/** Sends (or resends: a new link replaces the pending one) an invitation to `email` with `role`. */
export async function sendInvite(projectId: string, email: string, role: MemberRole): Promise<Outcome<{ email: string }>> {
  try {
    const { data, error } = await supabase.functions.invoke<{ email: string }>('project-invite', { body: { project_id: projectId, email, role } });
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

/** Pending invitations of a project (only its owner or contractor gets any). */
export async function listInvites(projectId: string): Promise<Outcome<PendingInvite[]>> {
  try {
    const { data, error } = await supabase.rpc('project_invites_of', { p_project_id: projectId });
    if (error) return failed(error, 'Invitations could not be loaded');
    return { ok: true, value: (data as PendingInvite[] | null) ?? [] };
  } catch (e) {
    return failed(e as Error, 'Invitations could not be loaded');
  }
}

/** Revokes a pending invitation: its link stops working. */
export async function revokeInvite(inviteId: string): Promise<Outcome> {
  try {
    const { error } = await supabase.rpc('revoke_project_invite', { p_invite_id: inviteId });
    return error ? failed(error, 'The invitation could not be revoked') : { ok: true, value: undefined };
  } catch (e) {
    return failed(e as Error, 'The invitation could not be revoked');
  }
}

/** Removes a member from the project; their devices drop it at their next sync. */
export function removeMember(projectId: string, userId: string): Promise<Outcome> {
  return accessRpc('remove_project_member', { p_project_id: projectId, p_user_id: userId }, 'The member could not be removed');
}



/**
 * Accepts the waiting invitation as the signed-in user, then syncs so the
 * project arrives. The token is forgotten once the server has answered
 * (joined, or refused it for good); kept when the device is offline.
 */
export async function acceptPendingInvite(): Promise<Outcome<{ projectId: string | null; organizationId: string | null }> | null> {
  const token = pendingInviteToken();
  if (!token) return null;
  try {
    const { data, error } = await supabase.rpc('accept_project_invite', { p_token: token });
    if (error) {
      const out = failed(error, 'The invitation could not be accepted');
      if (out.message !== OFFLINE) localStorage.removeItem(PENDING_KEY);
      return out;
    }
    localStorage.removeItem(PENDING_KEY);
    appSession.syncNow();
    const joined = data as { project_id?: string; organization_id?: string };
    return { ok: true, value: { projectId: joined.project_id ?? null, organizationId: joined.organization_id ?? null } };
  } catch (e) {
    return failed(e as Error, 'The invitation could not be accepted');
  }
}
