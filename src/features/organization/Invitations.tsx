/**
 * Invitations into the organization: the pending ones (resend, revoke) and
 * the form that invites a contractor by email. A new or resent invitation's
 * link is handed to the page (`onSent`) to show for passing on.
 */
import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { domainText } from '../../i18n/domainTexts';
import { useState, type FormEvent } from 'react';
import { isEmailAddress } from '../../../shared/emailRule';
import { revokeInvite, type PendingInvite, type SentInvite } from '../../remote/invites';
import { InviteForm, PendingInviteList } from '../../ui/InviteParts';
import { inviteContractor } from './orgApi';
import type { Notice } from './orgNames';
import { errorText } from '../../remote/rpc';

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
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  async function invite(e: FormEvent) {
    e.preventDefault();
    if (!isEmailAddress(email.trim())) {
      onNotice({ kind: 'error', text: domainText('Please enter a valid email address') });
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
              ? t`Invitation sent to ${ph({ email: r.value.email })}`
              : t`Invitation made for ${ph({ email: r.value.email })}`,
          }
        : { kind: 'error', text: errorText(r) },
    );
    if (!r.ok) return false;
    onSent(r.value);
    await onChanged();
    return true;
  }

  return (
    <>
      {invites.length > 0 ? (
        <PendingInviteList
          invites={invites}
          badge={(i) => (i.expired ? t`Expired` : t`Invited`)}
          busy={busy}
          onResend={(i) => void sendOrgInvite(i.email)}
          onRevoke={(i) => void revokeInvite(i.id).then(() => onChanged())}
        />
      ) : null}
      <InviteForm
        id="org-invite-email"
        label={t`Invite a contractor by email`}
        placeholder={t`contractor@example.com`}
        email={email}
        onEmail={setEmail}
        busy={busy}
        onSubmit={(e) => void invite(e)}
      />
    </>
  );
}
