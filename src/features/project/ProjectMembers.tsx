import { useCallback, useEffect, useState, type FormEvent } from 'react';
import '../../app/ui/sharing.css';
import { format } from 'date-fns';
import { type MemberRole, type ProjectRow } from '../../data';
import { useProjectMembers } from '../../hooks';
import { useAuth } from '../../auth/useAuth';
import {
  listInvites,
  MEMBER_ROLE_LABELS,
  removeMember,
  revokeInvite,
  sendInvite,
  type PendingInvite,
  type SentInvite,
} from '../../app/invites';
import { InviteLinkPanel } from '../../app/ui/InviteLinkPanel';
import { InviteForm, PendingInviteList } from '../../app/ui/InviteParts';
import { isEmailAddress } from '../../../shared/emailRule';

function day(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : format(d, 'PP');
}

/**
 * "People on this project" on the project page of its creator (owner or
 * assigned contractor): members with their role and Remove, pending
 * invitations with Resend and Revoke, and the invite form (email on the
 * project prefilled, or another; role Homeowner / Contractor / Viewer).
 * Members are read from the device (offline too); invitations need the
 * network and say so.
 */
export function ProjectMembers({ project }: { project: ProjectRow }) {
  const me = useAuth((s) => s.user?.id);
  // The owner is the project's own person, not a member; the assigned contractor is listed for the
  // homeowner (it joined by an accepted quote or an assignment) but cannot be removed from here.
  const members = useProjectMembers(project.id)?.filter(
    (m) =>
      m.user_id !== project.owner_user_id &&
      m.user_id !== me &&
      (m.user_id !== project.assigned_contractor_id || project.owner_user_id === me),
  );
  const [invites, setInvites] = useState<PendingInvite[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [email, setEmail] = useState(
    typeof project.details?.email === 'string' ? project.details.email : '',
  );
  const [role, setRole] = useState<MemberRole>('owner');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [sent, setSent] = useState<SentInvite | null>(null);

  // The server must have the project before anyone can join it.
  const unsynced = project.version === 0;

  const refresh = useCallback(async () => {
    const r = await listInvites(project.id);
    if (r.ok) {
      setInvites(r.value);
      setListError(null);
    } else setListError(r.message);
  }, [project.id]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  async function invite(to: string, as: MemberRole) {
    setBusy(true);
    setMessage(null);
    setSent(null);
    const r = await sendInvite(project.id, to, as);
    setBusy(false);
    setMessage(
      r.ok
        ? {
            kind: 'success',
            text: r.value.mailed
              ? `Invitation sent to ${r.value.email}`
              : `Invitation made for ${r.value.email}`,
          }
        : { kind: 'error', text: r.message },
    );
    if (r.ok) setSent(r.value);
    if (r.ok) await refresh();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!isEmailAddress(email.trim())) {
      setMessage({ kind: 'error', text: 'Please enter a valid email address' });
      return;
    }
    await invite(email.trim(), role);
  }

  async function revoke(i: PendingInvite) {
    setMessage(null);
    const r = await revokeInvite(i.id);
    setMessage(
      r.ok
        ? { kind: 'success', text: `Invitation to ${i.email} revoked` }
        : { kind: 'error', text: r.message },
    );
    if (r.ok) await refresh();
  }

  async function remove(userId: string, who: string) {
    if (
      !window.confirm(`Remove ${who} from this project? Their devices drop it at their next sync.`)
    )
      return;
    setMessage(null);
    const r = await removeMember(project.id, userId);
    setMessage(
      r.ok ? { kind: 'success', text: `${who} was removed` } : { kind: 'error', text: r.message },
    );
  }

  return (
    <section className="card section-card" aria-labelledby="members-heading">
      <h2 id="members-heading">People on this project</h2>
      {message ? (
        <div
          className={`alert alert-${message.kind}`}
          role={message.kind === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </div>
      ) : null}
      {sent ? <InviteLinkPanel sent={sent} onClose={() => setSent(null)} /> : null}
      {members && members.length > 0 ? (
        <ul className="members" aria-label="Members">
          {members.map((m) => (
            <li key={m.id} className="member">
              <span className="member-who">{m.email ?? 'Member'}</span>
              <span className="badge">{MEMBER_ROLE_LABELS[m.role]}</span>
              {m.user_id === project.assigned_contractor_id ? null : (
                <button
                  type="button"
                  className="btn btn-sm btn-danger-outline"
                  onClick={() => void remove(m.user_id, m.email ?? 'this member')}
                  aria-label={`Remove ${m.email ?? 'member'}`}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : invites && invites.length > 0 ? null : (
        <p className="muted">
          Only you so far. Invite the homeowner to follow the job: status, photos and the door
          order.
        </p>
      )}
      {listError ? <p className="muted">Invitations: {listError}</p> : null}
      {invites && invites.length > 0 ? (
        <PendingInviteList
          invites={invites}
          badge={(i) => (i.expired ? 'Expired' : `Invited · until ${day(i.expires_at)}`)}
          busy={busy}
          onResend={(i) => void invite(i.email, i.role)}
          onRevoke={(i) => void revoke(i)}
        />
      ) : null}
      <InviteForm
        id="invite-email"
        label="Invite by email"
        placeholder="homeowner@example.com"
        autoComplete="off"
        email={email}
        onEmail={setEmail}
        busy={busy}
        disabled={unsynced}
        onSubmit={(e) => void submit(e)}
      >
        <div className="field">
          <label htmlFor="invite-role">Role</label>
          <select
            id="invite-role"
            value={role}
            onChange={(e) => setRole(e.target.value as MemberRole)}
          >
            <option value="owner">Homeowner (adds photos)</option>
            <option value="contractor">Contractor (edits)</option>
            <option value="viewer">Viewer (read-only)</option>
          </select>
        </div>
      </InviteForm>
      {unsynced ? (
        <p className="muted">You can invite people once this project has synced.</p>
      ) : null}
    </section>
  );
}
