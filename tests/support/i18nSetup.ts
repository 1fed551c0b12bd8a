/**
 * Vitest setup: the app's Lingui instance in English with every catalog loaded, as the app has it
 * once a screen shows (src/i18n/i18n.ts), so components and texts under test read their English.
 * A test that checks Spanish activates it itself (`activateLocale('es')`).
 */
import { i18n } from '@lingui/core';
import type { Messages } from '@lingui/core';

const catalogs = import.meta.glob<{ messages: Messages }>('../../src/i18n/locales/*/*.po', {
  eager: true,
});
for (const [path, { messages }] of Object.entries(catalogs)) {
  const locale = /locales\/([^/]+)\//.exec(path)?.[1];
  if (locale) i18n.load(locale, { ...messages });
}
i18n.activate('en');
