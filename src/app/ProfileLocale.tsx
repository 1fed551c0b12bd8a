import { useEffect } from 'react';
import { useProfile } from '../hooks';
import { activateLocale, currentLocale } from '../i18n/i18n';
import { supportedLocale } from '../i18n/locales';

/**
 * Follows the language on the signed-in person's profile: chosen on one device, every other
 * device of theirs switches when the profile syncs. A profile without a choice leaves the
 * browser's language (or this device's last) as it is. A language not fetched on this device
 * while offline stays unswitched until its catalog can be had (the next profile read retries).
 */
export function ProfileLocale() {
  const profile = useProfile();
  const chosen = supportedLocale(profile?.locale);
  useEffect(() => {
    if (chosen && chosen !== currentLocale()) void activateLocale(chosen).catch(() => undefined);
  }, [chosen]);
  return null;
}
