/**
 * Invitations from the app: send/resend (the server mails the link), list
 * and revoke pending ones, remove a member, and accept the link a person
 * opened (kept on the device until they have signed in). All of these need
 * the network; messages are in the user's words.
 */
import { FunctionsHttpError } from '@supabase/supabase-js';
import { supabase } from '../auth/supabase';
import { currentLocale } from '../i18n/i18n';
import { syncNow } from '../hooks/sessionActions';
import { PENDING_KEY, pendingInviteToken } from './pendingInvite';
import { accessRpc, callRpc, failed, OFFLINE, type Outcome } from './rpc';
import { failure } from '../../shared/outcome';
import type { ErrorCode } from './errorCodes';
import type { MemberRole } from '../data';
import type { Database } from '../data/database.types';

type Rpcs = Database['public']['Functions'];

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

/** A sent (or resent) invitation: the address, the link to pass on, and whether it was also mailed. */
export interface SentInvite {
  email: string;
  /** The single-use join link (7 days, only for `email`'s account). */
  link: string;
  mailed: boolean;
  /**
   * Why no mail went out (when `mailed` is false), as the function's code
   * (`invite.mail_not_configured`, `invite.mail_failed`); `errorText` words it.
   */
  mailProblem: string | null;
}

/**
 * Sends (or resends) an invitation through the function that makes it and
 * mails it when mail is set up (`project-invite`, `org-invite`): the
 * address, the link to pass on and whether it was mailed, or the failure
 * (the function's own code when it refused, e.g. `invite.limit_reached`).
 * The mail goes out in the language this app shows (`locale`; docs/decisions.md).
 */
export async function invokeInvite(
  fn: string,
  body: Record<string, unknown>,
): Promise<Outcome<SentInvite>> {
  const fallback: ErrorCode = 'invite.send_failed';
  try {
    const answer = await supabase.functions.invoke<{
      email: string;
      link: string;
      mailed?: boolean;
      mail_problem?: string;
    }>(fn, { body: { ...body, locale: currentLocale() } });
    const data = answer.data;
    // functions-js types its error loosely; it is one of its Functions*Error classes or null.
    const error = answer.error as Error | null;
    if (error instanceof FunctionsHttpError) {
      const refusal = (await (error.context as Response).json().catch(() => null)) as {
        code?: string;
        message?: string;
        details?: unknown;
      } | null;
      return refusal ? failed(refusal, fallback) : failure(fallback);
    }
    if (error || !data || typeof data.link !== 'string') return failed(error, fallback);
    return {
      ok: true,
      value: {
        email: data.email,
        link: data.link,
        mailed: data.mailed === true,
        mailProblem: typeof data.mail_problem === 'string' ? data.mail_problem : null,
      },
    };
  } catch (e) {
    return failed(e as Error, fallback);
  }
}

/** Pending invitations listed by an RPC (`project_invites_of`, `org_invites_of`). */
export async function pendingInvites<F extends 'project_invites_of' | 'org_invites_of'>(
  fn: F,
  args?: Rpcs[F]['Args'],
): Promise<Outcome<PendingInvite[]>> {
  const out = await callRpc<F, PendingInvite[] | null>(fn, args, 'invite.load_failed');
  return out.ok ? { ok: true, value: out.value ?? [] } : out;
}

/** Sends (or resends: a new link replaces the pending one) an invitation to `email` with `role`. */
export function sendInvite(
  projectId: string,
  email: string,
  role: MemberRole,
): Promise<Outcome<SentInvite>> {
  return invokeInvite('project-invite', { project_id: projectId, email, role });
}

/** Pending invitations of a project (only its owner or contractor gets any). */
export function listInvites(projectId: string): Promise<Outcome<PendingInvite[]>> {
  return pendingInvites('project_invites_of', { p_project_id: projectId });
}

/** Revokes a pending invitation: its link stops working. */
export async function revokeInvite(inviteId: string): Promise<Outcome> {
  const out = await callRpc(
    'revoke_project_invite',
    { p_invite_id: inviteId },
    'invite.revoke_failed',
  );
  return out.ok ? { ok: true, value: undefined } : out;
}

/** Removes a member from the project; their devices drop it at their next sync. */
export function removeMember(projectId: string, userId: string): Promise<Outcome> {
  return accessRpc(
    'remove_project_member',
    { p_project_id: projectId, p_user_id: userId },
    'member.remove_failed',
  );
}

/**
 * Accepts the waiting invitation as the signed-in user, then syncs so the
 * project arrives. The token is forgotten once the server has answered
 * (joined, or refused it for good); kept when the device is offline.
 */
export async function acceptPendingInvite(): Promise<Outcome<{
  projectId: string | null;
  organizationId: string | null;
}> | null> {
  const token = pendingInviteToken();
  if (!token) return null;
  const fallback: ErrorCode = 'invite.accept_failed';
  try {
    const { data, error } = await supabase.rpc('accept_project_invite', { p_token: token });
    if (error) {
      const out = failed(error, fallback);
      if (out.code !== OFFLINE) localStorage.removeItem(PENDING_KEY);
      return out;
    }
    localStorage.removeItem(PENDING_KEY);
    syncNow();
    const joined = data as { project_id?: string; organization_id?: string };
    return {
      ok: true,
      value: {
        projectId: joined.project_id ?? null,
        organizationId: joined.organization_id ?? null,
      },
    };
  } catch (e) {
    return failed(e as Error, fallback);
  }
}
