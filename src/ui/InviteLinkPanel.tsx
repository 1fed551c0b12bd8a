import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { SentInvite } from '../remote/invites';
import { errorText } from '../remote/errorCodes';
import { failure } from '../../shared/outcome';

/**
 * The link of an invitation just sent or resent, for the inviter to pass on
 * without mail: the link to copy, Share (where the device has the Web Share
 * API) and a QR code to scan on site. The QR library loads only when this
 * panel shows. Says whether the mail went out. `onClose` hides it.
 */
export function InviteLinkPanel({ sent, onClose }: { sent: SentInvite; onClose: () => void }) {
  const { t } = useLingui();
  const [qr, setQr] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  // Why no mail went out: the invitation function's code, worded by the catalogue.
  const mailProblem = sent.mailProblem ? errorText(failure(sent.mailProblem)) : '';
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  useEffect(() => {
    let live = true;
    setQr(null);
    import('qrcode')
      .then((q) => q.toDataURL(sent.link, { errorCorrectionLevel: 'M', margin: 2, width: 240 }))
      .then((url) => {
        if (live) setQr(url);
      })
      .catch(() => {
        // Offline before the QR chunk was cached: the link and Copy still work.
        if (live) setQr('');
      });
    return () => {
      live = false;
    };
  }, [sent.link]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(sent.link);
      setCopied(t`Link copied`);
    } catch {
      setCopied(t`Copy did not work here: select the link and copy it`);
    }
  }

  async function share() {
    try {
      await navigator.share({ title: t`Join on Refacing`, url: sent.link });
    } catch {
      // Dismissed by the user, or not allowed: nothing to report.
    }
  }

  return (
    <div
      className="invite-link"
      role="group"
      aria-label={t`Invitation link for ${ph({ email: sent.email })}`}
    >
      <p>
        {sent.mailed
          ? t`Invitation mailed to ${ph({ email: sent.email })}. You can also pass the link on yourself:`
          : t`No mail was sent to ${ph({ email: sent.email })}. ${mailProblem} Pass the link on yourself:`}
      </p>
      <input
        className="invite-link-url"
        type="text"
        readOnly
        value={sent.link}
        aria-label={t`Invitation link`}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="invite-link-actions">
        <button type="button" className="btn btn-sm" onClick={() => void copy()}>
          <Trans>Copy link</Trans>
        </button>
        {canShare ? (
          <button type="button" className="btn btn-sm" onClick={() => void share()}>
            <Trans>Share</Trans>
          </button>
        ) : null}
        <button type="button" className="btn btn-sm btn-ghost" onClick={onClose}>
          <Trans>Done</Trans>
        </button>
        {copied ? <span role="status">{copied}</span> : null}
      </div>
      {qr ? (
        <img
          className="invite-link-qr"
          src={qr}
          width={240}
          height={240}
          alt={t`QR code of the invitation link for ${ph({ email: sent.email })}`}
        />
      ) : qr === null ? (
        <p className="muted">
          <Trans>Making the QR code…</Trans>
        </p>
      ) : null}
      <p className="muted">
        <Trans>It works once, for {ph({ email: sent.email })} only, and expires in 7 days.</Trans>
      </p>
    </div>
  );
}
