/**
 * /profile (product rules "Screens and routes", "Error messages"): the
 * profile's fields (ProfileDetailsForm), this device's storage and install,
 * for contractors the price list and service areas, and 'Delete my account'
 * (DeleteAccountSection).
 */
import { useId } from 'react';
import { useAuth } from '../../auth/useAuth';
import { Spinner } from '../../ui/Spinner';
import { profileRepo, type ProfileRow } from '../../data';
import { useProfile } from '../../hooks';
import { formatBytes } from '../../ui/formatBytes';
import { useStorageEstimate } from './useStorageEstimate';
import { InstallButton } from '../../pwa/InstallButton';
import { AppVersion } from '../../pwa/AppVersion';
import { PriceListForm } from './PriceListForm';
import { ServiceAreasForm } from './ServiceAreasForm';
import { ProfileDetailsForm } from './ProfileDetailsForm';
import { DeleteAccountSection } from './DeleteAccountSection';
import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LanguageSwitch } from '../../i18n/LanguageSwitch';

export { ACCOUNT_DELETED_NOTICE, unsyncedDeleteWarning } from './DeleteAccountSection';

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function ProfileSections({ profile }: { profile: ProfileRow | null }) {
  const user = useAuth((s) => s.user);
  const meta = (user?.user_metadata ?? {}) as Record<string, unknown>;
  const uid = useId();
  const id = (k: string) => `${uid}-${k}`;
  const estimate = useStorageEstimate();
  const { t } = useLingui();

  return (
    <main className="container container-narrow">
      <ProfileDetailsForm profile={profile} />

      <section className="card" style={{ marginTop: '1rem' }} aria-labelledby={id('language')}>
        <h2 id={id('language')}>
          <Trans>Language</Trans>
        </h2>
        <p className="muted">
          <Trans>
            The app, your mails and the quotes you receive use this language on every device you
            sign in on.
          </Trans>
        </p>
        <LanguageSwitch onChosen={(locale) => void profileRepo.update({ locale })} />
      </section>

      <section className="card" style={{ marginTop: '1rem' }} aria-labelledby={id('device')}>
        <h2 id={id('device')}>
          <Trans>This device</Trans>
        </h2>
        <p className="muted" style={{ marginBottom: 0 }}>
          {estimate
            ? estimate.persisted
              ? t`Offline data uses ${ph({ used: formatBytes(estimate.usage) })} of ${ph({ available: formatBytes(estimate.quota) })} available on this device (kept until you delete it).`
              : t`Offline data uses ${ph({ used: formatBytes(estimate.usage) })} of ${ph({ available: formatBytes(estimate.quota) })} available on this device.`
            : t`Storage use is not available in this browser.`}
        </p>
        <div className="btn-row" style={{ marginTop: '0.75rem', alignItems: 'center' }}>
          <InstallButton />
        </div>
      </section>

      {(str(profile?.role) || str(meta.role) || 'homeowner') !== 'homeowner' ? (
        <section className="card" style={{ marginTop: '1rem' }} aria-labelledby={id('prices')}>
          <h2 id={id('prices')}>
            <Trans>Price list</Trans>
          </h2>
          <p className="muted">
            <Trans>
              Optional. With prices here, each door order shows the area and price of every line and
              a total.
            </Trans>
          </p>
          <PriceListForm stored={profile?.price_list} />
        </section>
      ) : null}

      {(str(profile?.role) || str(meta.role) || 'homeowner') !== 'homeowner' ? (
        <section className="card" style={{ marginTop: '1rem' }} aria-labelledby={id('areas')}>
          <h2 id={id('areas')}>
            <Trans>Service areas</Trans>
          </h2>
          <p className="muted">
            <Trans>
              Quote requests from homeowners in these ZIP codes show under Quote requests.
            </Trans>
          </p>
          <ServiceAreasForm stored={profile?.service_areas} />
        </section>
      ) : null}

      <DeleteAccountSection email={str(profile?.email) || (user?.email ?? '')} />

      <p className="muted about-line" style={{ marginTop: '1rem' }}>
        <Trans>
          About: Refacing · <AppVersion />
        </Trans>
      </p>
    </main>
  );
}

/**
 * The page: a spinner until the local profile is read. The sections stay
 * mounted when the profile row first arrives from a sync, so nothing typed
 * before that is lost (the form merges the arriving values).
 */
export function ProfilePage() {
  const profile = useProfile();
  const { t } = useLingui();
  if (profile === undefined) return <Spinner label={t`Loading your profile…`} />;
  return <ProfileSections profile={profile} />;
}
