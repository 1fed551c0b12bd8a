import { LegalPage } from './LegalPage';

/** /privacy: what the app stores and where. */
export function PrivacyPage() {
  return (
    <LegalPage title="Privacy">
      <p>
        We store your account (email, name, phone, address), your projects, measurements and the
        files you attach, so that you and the people you work with can use them.
      </p>
      <p>
        Your projects are also kept on your own device so the app works offline. Signing out keeps
        them on the device for your next sign in; deleting your account removes them from our
        servers.
      </p>
      <p>We do not sell your data and use no advertising trackers.</p>
    </LegalPage>
  );
}
