/**
 * The client's contact on the project page, for the job site: tap to call,
 * email, and the address opening the maps app.
 */
import { Trans, useLingui } from '@lingui/react/macro';

/** `tel:` href of a phone as typed: digits and a leading +, nothing else. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return `tel:${digits}`;
}

/** A maps search for an address (opens the maps app on phones and tablets). */
export function mapsHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

const ICON_PATHS = {
  phone:
    'M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z',
  mail: 'M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm1 2.2V17h16V7.2l-8 5.3zM5.3 7 12 11.4 18.7 7z',
  pin: 'M12 2a7 7 0 0 1 7 7c0 5.2-7 13-7 13S5 14.2 5 9a7 7 0 0 1 7-7zm0 4.5A2.5 2.5 0 1 0 12 11.5 2.5 2.5 0 0 0 12 6.5z',
} as const;

function Icon({ name }: { name: keyof typeof ICON_PATHS }) {
  return (
    <span className="prj-link-icon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" focusable="false">
        <path d={ICON_PATHS[name]} fillRule="evenodd" />
      </svg>
    </span>
  );
}

/** The contact card of a project's phone, email and address (each may be empty). */
export function ProjectContactCard({
  phone,
  email,
  address,
}: {
  phone: string;
  email: string;
  address: string;
}) {
  const { t } = useLingui();
  return (
    <section className="card section-card prj-contact" aria-labelledby="contact-heading">
      <h2 id="contact-heading">
        <Trans>Contact</Trans>
      </h2>
      {phone || email || address ? (
        <ul className="prj-links">
          {phone ? (
            <li>
              <a className="prj-link" href={telHref(phone)}>
                <Icon name="phone" />
                <span>
                  <span className="prj-link-label">{t`Call`}</span>{' '}
                  <span className="prj-link-value">{phone}</span>
                </span>
              </a>
            </li>
          ) : null}
          {email ? (
            <li>
              <a className="prj-link" href={`mailto:${email}`}>
                <Icon name="mail" />
                <span>
                  <span className="prj-link-label">{t`Email`}</span>{' '}
                  <span className="prj-link-value">{email}</span>
                </span>
              </a>
            </li>
          ) : null}
          {address ? (
            <li>
              <a
                className="prj-link"
                href={mapsHref(address)}
                target="_blank"
                rel="noopener noreferrer"
              >
                <Icon name="pin" />
                <span>
                  <span className="prj-link-label">{t`Map`}</span>{' '}
                  <span className="prj-link-value">{address}</span>
                  <span className="visually-hidden"> {t`(opens in a new tab)`}</span>
                </span>
              </a>
            </li>
          ) : null}
        </ul>
      ) : (
        <p className="muted">
          <Trans>No phone, email or address on this project.</Trans>
        </p>
      )}
    </section>
  );
}
