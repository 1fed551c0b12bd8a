import { useCallback, useEffect, useState, type FormEvent } from 'react';
import '../../ui/sharing.css';
import { format } from 'date-fns';
import { type MemberRole, type ProjectRow } from '../../data';
import { JOB_ROLE_LABELS, type JobAnswer, type JobPerson } from '../../domain/jobRole';
import {
  listInvites,
  removeMember,
  revokeInvite,
  sendInvite,
  type PendingInvite,
  type SentInvite,
} from '../../remote/invites';
import { InviteLinkPanel } from '../../ui/InviteLinkPanel';
import { InviteForm, PendingInviteList } from '../../ui/InviteParts';
import { isEmailAddress } from '../../../shared/emailRule';
import { errorText } from '../../remote/rpc';

function day(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : format(d, 'PP');
}

/**
 * "People on this project" on the full project page (the homeowner who owns
 * the job, its contractor of record): everyone else on the job with their
 * name and role as the server answers them (product rules "Who is who on a
 * job"), Remove for the people invited (when the user may invite), pending
 * invitations with Resend and Revoke, and the invite form (role Homeowner /
 * Contractor / Viewer; a contractor's job without a homeowner offers her,
 * with the email on the project prefilled). People are read from the
 * device (offline too); invitations need the network and say so.
 */
export function ProjectMembers({ project, job }: { project: ProjectRow; job: JobAnswer }) {
  const me = job.me;
  const others = job.people.filter((p) => p.userId !== me?.userId);
  const canInvite = me?.may.invite ?? false;
  // Only a contractor's job that has no homeowner yet is waiting for her.
  const wantsHomeowner = me?.role === 'contractor' && !job.homeowner;
  const [invites, setInvites] = useState<PendingInvite[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [email, setEmail] = useState(
    wantsHomeowner && typeof project.details?.email === 'string' ? project.details.email : '',
  );
  const [role, setRole] = useState<MemberRole>(wantsHomeowner ? 'owner' : 'viewer');
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
    } else setListError(errorText(r));
  }, [project.id]);

  useEffect(() => {
    if (canInvite) void refresh();
  }, [refresh, canInvite]);

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
        : { kind: 'error', text: errorText(r) },
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
        : { kind: 'error', text: errorText(r) },
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
      r.ok
        ? { kind: 'success', text: `${who} was removed` }
        : { kind: 'error', text: errorText(r) },
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
      {others.length > 0 ? (
        <ul className="members" aria-label="Members">
          {others.map((m: JobPerson) => (
            <li key={m.userId} className="member">
              <span className="member-who">{m.name}</span>
              <span className="badge">{JOB_ROLE_LABELS[m.role]}</span>
              {canInvite && m.invited ? (
                <button
                  type="button"
                  className="btn btn-sm btn-danger-outline"
                  onClick={() => void remove(m.userId, m.name)}
                  aria-label={`Remove ${m.name}`}
                >
                  Remove
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : invites && invites.length > 0 ? null : (
        <p className="muted">
          {wantsHomeowner
            ? 'Only you so far. Invite the homeowner to follow the job: status, photos and the door order.'
            : 'Only you so far. Invite someone to follow the job or to help measure.'}
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
      {canInvite ? (
        <InviteForm
          id="invite-email"
          label="Invite by email"
          placeholder={wantsHomeowner ? 'homeowner@example.com' : 'name@example.com'}
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
              {job.homeowner ? null : <option value="owner">Homeowner (adds photos)</option>}
              <option value="contractor">Contractor (edits)</option>
              <option value="viewer">Viewer (read-only)</option>
            </select>
          </div>
        </InviteForm>
      ) : null}
      {unsynced ? (
        <p className="muted">You can invite people once this project has synced.</p>
      ) : null}
    </section>
  );
}
