import { LegalPage } from './LegalPage';

/** /contact: how to reach support. */
export function ContactPage() {
  return (
    <LegalPage title="Contact">
      <p>
        Questions, support or account help: write to{' '}
        <a href="mailto:support@refacing.example">support@refacing.example</a>.
      </p>
      <p>We answer on business days, usually within one day.</p>
    </LegalPage>
  );
}
