import { LegalPage } from './LegalPage';

/** /terms: plain terms of use. */
export function TermsPage() {
  return (
    <LegalPage title="Terms">
      <p>
        Use the app to plan and measure cabinet refacing projects. Check finished sizes against the
        cabinets before ordering: measurements entered are your responsibility.
      </p>
      <p>
        Plans are billed per project at the prices shown on the home page. You may delete your
        account at any time from your profile.
      </p>
    </LegalPage>
  );
}
