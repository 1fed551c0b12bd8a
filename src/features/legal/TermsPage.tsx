import { Trans, useLingui } from '@lingui/react/macro';
import { LegalPage } from './LegalPage';

/** /terms: plain terms of use. */
export function TermsPage() {
  const { t } = useLingui();
  return (
    <LegalPage title={t`Terms`}>
      <p>
        <Trans>
          Use the app to plan and measure cabinet refacing projects. Check finished sizes against
          the cabinets before ordering: measurements entered are your responsibility.
        </Trans>
      </p>
      <p>
        <Trans>
          Plans are billed per project at the prices shown on the home page. You may delete your
          account at any time from your profile.
        </Trans>
      </p>
    </LegalPage>
  );
}
