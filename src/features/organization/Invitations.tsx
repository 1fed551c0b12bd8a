/**
 * Invitations into the organization: the pending ones (resend, revoke) and
 * the form that invites a contractor by email. A new or resent invitation's
 * link is handed to the page (`onSent`) to show for passing on.
 */
import { useState, type FormEvent } from 'react';
import { isEmailAddress } from '../../../shared/emailRule';
import { revokeInvite, type PendingInvite, type SentInvite } from '../../app/invites';
import { inviteContractor } from './orgApi';
import type { Notice } from './orgNames';

export function Invitations({
  invites,
  onNotice,
  onSent,
  onChanged,
}: {
  invites: PendingInvite[];
  onNotice: (notice: Notice) => void;
  /** The invitation just made (null while another is being sent). */
  onSent: (sent: SentInvite | null) => void;
  /** The invitations changed on the server: load them again. */
  onChanged: () => Promise<void>;
}) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  async function invite(e: FormEvent) {
    e.preventDefault();
    if (!isEmailAddress(email.trim())) {
      onNotice({ kind: 'error', text: 'Please enter a valid email address' });
      return;
    }
    if (await sendOrgInvite(email.trim())) setEmail('');
  }

  /** Sends or resends an invitation into the organization; shows its link to pass on. True when made. */
  async function sendOrgInvite(to: string): Promise<boolean> {
    setBusy(true);
    onSent(null);
    const r = await inviteContractor(to);
    setBusy(false);
    onNotice(
      r.ok
        ? {
            kind: 'success',
            text: r.value.mailed
              ? `Invitation sent to ${r.value.email}`
              : `Invitation made for ${r.value.email}`,
          }
        : { kind: 'error', text: r.message },
    );
    if (!r.ok) return false;
    onSent(r.value);
    await onChanged();
    return true;
  }

  return (
    <>
      {invites.length > 0 ? (
        <ul className="members" aria-label="Pending invitations">
          {invites.map((i) => (
            <li key={i.id} className="member">
              <span className="member-who">{i.email}</span>
              <span className="badge badge-pending">{i.expired ? 'Expired' : 'Invited'}</span>
              <span className="btn-row">
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={busy}
                  onClick={() => void sendOrgInvite(i.email)}
                  aria-label={`Resend invitation to ${i.email}`}
                >
                  Resend
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-danger-outline"
                  onClick={() => void revokeInvite(i.id).then(() => onChanged())}
                  aria-label={`Revoke invitation to ${i.email}`}
                >
                  Revoke
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <form className="invite-form" onSubmit={(e) => void invite(e)} noValidate>
        <div className="field">
          <label htmlFor="org-invite-email">Invite a contractor by email</label>
          <input
            id="org-invite-email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="contractor@example.com"
          />
        </div>
        <span />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Sending…' : 'Send invitation'}
        </button>
      </form>
    </>
  );
}
