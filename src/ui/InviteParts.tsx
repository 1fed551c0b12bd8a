/**
 * The invitation pieces the project page and the organization page share:
 * the list of pending invitations (Resend, Revoke) and the invite form (an
 * email field, what the page adds beside it such as a role, and the send
 * button). The pages keep what differs: whom they invite and what they say.
 */
import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent, ReactNode } from 'react';

/** A pending invitation as the list shows it. */
export interface InviteLine {
  id: string;
  email: string;
}

/** Pending invitations, each with its badge text, Resend (off while `busy`) and Revoke. */
export function PendingInviteList<T extends InviteLine>({
  invites,
  badge,
  busy,
  onResend,
  onRevoke,
}: {
  invites: readonly T[];
  /** "Invited", "Expired", "Invited · until …". */
  badge: (invite: T) => string;
  busy: boolean;
  onResend: (invite: T) => void;
  onRevoke: (invite: T) => void;
}) {
  const { t } = useLingui();
  return (
    <ul className="members" aria-label={t`Pending invitations`}>
      {invites.map((i) => (
        <li key={i.id} className="member">
          <span className="member-who">{i.email}</span>
          <span className="badge badge-pending">{badge(i)}</span>
          <span className="btn-row">
            <button
              type="button"
              className="btn btn-sm"
              disabled={busy}
              onClick={() => onResend(i)}
              aria-label={t`Resend invitation to ${ph({ email: i.email })}`}
            >
              <Trans>Resend</Trans>
            </button>
            <button
              type="button"
              className="btn btn-sm btn-danger-outline"
              onClick={() => onRevoke(i)}
              aria-label={t`Revoke invitation to ${ph({ email: i.email })}`}
            >
              <Trans>Revoke</Trans>
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The invite form: a labelled email field, `children` beside it, and Send invitation ("Sending…" while busy). */
export function InviteForm({
  id,
  label,
  placeholder,
  autoComplete,
  email,
  onEmail,
  busy,
  disabled = false,
  onSubmit,
  children = <span />,
}: {
  /** The email input's id. */
  id: string;
  label: string;
  placeholder: string;
  autoComplete?: string;
  email: string;
  onEmail: (email: string) => void;
  busy: boolean;
  /** Sending is not possible now (besides `busy`). */
  disabled?: boolean;
  onSubmit: (e: FormEvent) => void;
  /** Between the email field and the button (a role select); an empty cell by default. */
  children?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <form className="invite-form" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="email"
          autoComplete={autoComplete}
          value={email}
          onChange={(e) => onEmail(e.target.value)}
          placeholder={placeholder}
        />
      </div>
      {children}
      <button type="submit" className="btn btn-primary" disabled={busy || disabled}>
        {busy ? t`Sending…` : t`Send invitation`}
      </button>
    </form>
  );
}
