/**
 * Vitest setup: the app's Lingui instance in English with every catalog loaded, as the app has it
 * once a screen shows (src/i18n/i18n.ts), so components and texts under test read their English.
 * A test that checks Spanish activates it itself (`activateLocale('es')`).
 */
import { i18n } from '@lingui/core';
import type { Messages } from '@lingui/core';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type * as TestingLibrary from '@testing-library/react';

const catalogs = import.meta.glob<{ messages: Messages }>('../../src/i18n/locales/*/*.po', {
  eager: true,
});
for (const [path, { messages }] of Object.entries(catalogs)) {
  const locale = /locales\/([^/]+)\//.exec(path)?.[1];
  if (locale) i18n.load(locale, { ...messages });
}
i18n.activate('en');

/**
 * Components read their texts through Lingui's `useLingui`, which needs an `I18nProvider` above
 * them, as the app has (src/i18n/I18nRoot.tsx). Testing Library's `render` gets it here once for
 * every test, around the test's own wrapper when it passes one.
 */
vi.mock('@testing-library/react', async (importOriginal) => {
  const rtl = await importOriginal<typeof TestingLibrary>();
  const { createElement } = await import('react');
  const { I18nProvider } = await import('@lingui/react');
  type Wrapper = (props: { children: ReactNode }) => ReactNode;
  const withI18n =
    (Inner?: Wrapper): Wrapper =>
    ({ children }) =>
      createElement(
        I18nProvider,
        { i18n },
        Inner ? createElement(Inner, null, children) : children,
      );
  const render = ((ui: ReactNode, options: { wrapper?: Wrapper } = {}) =>
    rtl.render(ui as never, {
      ...options,
      wrapper: withI18n(options.wrapper),
    })) as typeof rtl.render;
  return { ...rtl, render };
});
