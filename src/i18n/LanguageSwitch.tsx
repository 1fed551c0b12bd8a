import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { activateLocale, CatalogUnavailableError } from './i18n';
import { LOCALE_NAMES, LOCALES, supportedLocale, type Locale } from './locales';

/**
 * The language switch: each language by its own name. Switching loads that language's catalog
 * (precached once fetched); offline without it, the app stays as it is and says why.
 * `onChosen` runs after the switch took (the profile keeps the choice for every device).
 */
export function LanguageSwitch({
  onChosen,
  compact = false,
}: {
  onChosen?: (locale: Locale) => void;
  /** A small select without a visible label (the public pages' header and footer). */
  compact?: boolean;
}) {
  const { i18n, t } = useLingui();
  const id = useId();
  const [unavailable, setUnavailable] = useState<Locale | null>(null);
  const unavailableName = unavailable ? LOCALE_NAMES[unavailable] : null;
  const choose = (value: string) => {
    const locale = supportedLocale(value);
    if (!locale) return;
    setUnavailable(null);
    activateLocale(locale).then(
      () => onChosen?.(locale),
      (error: unknown) => {
        if (error instanceof CatalogUnavailableError) setUnavailable(locale);
      },
    );
  };
  return (
    <span className="language-switch">
      {compact ? null : (
        <label htmlFor={id}>
          <Trans>Language</Trans>
        </label>
      )}
      <select
        id={id}
        data-compact={compact || undefined}
        aria-label={compact ? t`Language` : undefined}
        value={i18n.locale}
        onChange={(e) => choose(e.target.value)}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
      {unavailableName ? (
        <span role="alert" className="field-error">
          <Trans>
            {unavailableName} is not on this device yet. Connect to the internet once to get it.
          </Trans>
        </span>
      ) : null}
    </span>
  );
}
