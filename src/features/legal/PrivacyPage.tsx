import { Trans, useLingui } from '@lingui/react/macro';
import { LegalPage } from './LegalPage';

/** /privacy: what the app stores and where. */
export function PrivacyPage() {
  const { t } = useLingui();
  return (
    <LegalPage title={t`Privacy`}>
      <p>
        <Trans>
          We store your account (email, name, phone, address), your projects, measurements and the
          files you attach, so that you and the people you work with can use them.
        </Trans>
      </p>
      <p>
        <Trans>
          Your projects are also kept on your own device so the app works offline. Signing out keeps
          them on the device for your next sign in; deleting your account removes them from our
          servers.
        </Trans>
      </p>
      <p>
        <Trans>We do not sell your data and use no advertising trackers.</Trans>
      </p>
    </LegalPage>
  );
}
