import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import '../../ui/sharing.css';
import { type MemberRole, type ProjectRow } from '../../data';
import type { JobAnswer, JobPerson } from '../../domain/jobRole';
import { jobRoleText } from '../../i18n/domainLabels';
import { domainText } from '../../i18n/domainTexts';
import { formatDate } from '../../i18n/format';
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
  return Number.isNaN(d.getTime()) ? iso : formatDate(d);
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
  const { t } = useLingui();
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

  // An answer that comes after the section is gone (the page left) is dropped.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const refresh = useCallback(async () => {
    const r = await listInvites(project.id);
    if (!mounted.current) return;
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
              ? t`Invitation sent to ${ph({ email: r.value.email })}`
              : t`Invitation made for ${ph({ email: r.value.email })}`,
          }
        : { kind: 'error', text: errorText(r) },
    );
    if (r.ok) setSent(r.value);
    if (r.ok) await refresh();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!isEmailAddress(email.trim())) {
      setMessage({ kind: 'error', text: domainText('Please enter a valid email address') });
      return;
    }
    await invite(email.trim(), role);
  }

  async function revoke(i: PendingInvite) {
    setMessage(null);
    const r = await revokeInvite(i.id);
    setMessage(
      r.ok
        ? { kind: 'success', text: t`Invitation to ${ph({ email: i.email })} revoked` }
        : { kind: 'error', text: errorText(r) },
    );
    if (r.ok) await refresh();
  }

  async function remove(userId: string, who: string) {
    if (
      !window.confirm(t`Remove ${who} from this project? Their devices drop it at their next sync.`)
    )
      return;
    setMessage(null);
    const r = await removeMember(project.id, userId);
    setMessage(
      r.ok
        ? { kind: 'success', text: t`${who} was removed` }
        : { kind: 'error', text: errorText(r) },
    );
  }

  return (
    <section className="card section-card" aria-labelledby="members-heading">
      <h2 id="members-heading">
        <Trans>People on this project</Trans>
      </h2>
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
        <ul className="members" aria-label={t`Members`}>
          {others.map((m: JobPerson) => (
            <li key={m.userId} className="member">
              <span className="member-who">{m.name}</span>
              <span className="badge">{jobRoleText(m.role)}</span>
              {canInvite && m.invited ? (
                <button
                  type="button"
                  className="btn btn-sm btn-danger-outline"
                  onClick={() => void remove(m.userId, m.name)}
                  aria-label={t`Remove ${ph({ name: m.name })}`}
                >
                  <Trans>Remove</Trans>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : invites && invites.length > 0 ? null : (
        <p className="muted">
          {wantsHomeowner
            ? t`Only you so far. Invite the homeowner to follow the job: status, photos and the door order.`
            : t`Only you so far. Invite someone to follow the job or to help measure.`}
        </p>
      )}
      {listError ? (
        <p className="muted">
          <Trans>Invitations: {listError}</Trans>
        </p>
      ) : null}
      {invites && invites.length > 0 ? (
        <PendingInviteList
          invites={invites}
          badge={(i) =>
            i.expired ? t`Expired` : t`Invited · until ${ph({ day: day(i.expires_at) })}`
          }
          busy={busy}
          onResend={(i) => void invite(i.email, i.role)}
          onRevoke={(i) => void revoke(i)}
        />
      ) : null}
      {canInvite ? (
        <InviteForm
          id="invite-email"
          label={t`Invite by email`}
          placeholder={wantsHomeowner ? t`homeowner@example.com` : t`name@example.com`}
          autoComplete="off"
          email={email}
          onEmail={setEmail}
          busy={busy}
          disabled={unsynced}
          onSubmit={(e) => void submit(e)}
        >
          <div className="field">
            <label htmlFor="invite-role">
              <Trans>Role</Trans>
            </label>
            <select
              id="invite-role"
              value={role}
              onChange={(e) => setRole(e.target.value as MemberRole)}
            >
              {job.homeowner ? null : <option value="owner">{t`Homeowner (adds photos)`}</option>}
              <option value="contractor">{jobRoleText('editor')}</option>
              <option value="viewer">{jobRoleText('viewer')}</option>
            </select>
          </div>
        </InviteForm>
      ) : null}
      {unsynced ? (
        <p className="muted">
          <Trans>You can invite people once this project has synced.</Trans>
        </p>
      ) : null}
    </section>
  );
}
