import { Trans, useLingui } from '@lingui/react/macro';
import { LegalPage } from './LegalPage';

/** /contact: how to reach support. */
export function ContactPage() {
  const { t } = useLingui();
  return (
    <LegalPage title={t`Contact`}>
      <p>
        <Trans>
          Questions, support or account help: write to{' '}
          <a href="mailto:support@refacing.example">support@refacing.example</a>.
        </Trans>
      </p>
      <p>
        <Trans>We answer on business days, usually within one day.</Trans>
      </p>
    </LegalPage>
  );
}
