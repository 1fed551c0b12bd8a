/**
 * Accessibility of every signed-in screen, as the demo contractor, in the
 * light and the dark theme (the system setting, `prefers-color-scheme`):
 * axe-core injected into the page finds no serious or critical violation
 * (WCAG 2.1 A/AA, best practices and the experimental label/name rule), and
 * the dashboard's headings go in order. Screenshots of each screen in the
 * dark theme go to artifacts/a11y/.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appSuite } from './support/suite';
import { TABLET, artifactPath, newContext } from './support/browser';
import { LoginPage } from './pages/AuthPages';
import { violations } from './support/axe';

const e2e = appSuite({ seed: true });
const contractor = { email: 'contractor@example.com', password: 'demo-contractor' };
const DEMO_KITCHEN = 'a2222222-0000-4000-8000-000000000001';
/** The homeowner's kitchen, open for quotes in the demo contractor's area, and its quote on it. */
const REQUESTED_KITCHEN = 'a1111111-0000-4000-8000-000000000001';
const SENT_QUOTE = 'd2222222-0000-4000-8000-000000000001';
const SCREENS: { name: string; path: string; ready: (p: Page) => Promise<void> }[] = [
  {
    name: 'dashboard',
    path: '/dashboard',
    ready: (p) => p.getByRole('heading', { name: 'Maria Alvarez' }).first().waitFor(),
  },
  {
    name: 'project',
    path: `/project/${DEMO_KITCHEN}`,
    ready: (p) =>
      p
        .getByRole('heading', { name: /Maria Alvarez/ })
        .first()
        .waitFor(),
  },
  {
    name: 'builder',
    path: `/cabinet-builder/${DEMO_KITCHEN}`,
    ready: (p) => p.getByRole('article', { name: 'Cabinet 12', exact: true }).waitFor(),
  },
  {
    name: 'builder-list',
    path: `/cabinet-builder/${DEMO_KITCHEN}`,
    ready: async (p) => {
      await p.getByRole('button', { name: 'List', exact: true }).click();
      await p.getByRole('table', { name: 'Parts of every cabinet' }).waitFor();
    },
  },
  {
    name: 'order',
    path: `/order/${DEMO_KITCHEN}`,
    ready: (p) => p.getByRole('heading', { name: 'Door Order' }).waitFor(),
  },
  {
    name: 'profile',
    path: '/profile',
    ready: (p) => p.getByRole('heading', { level: 1 }).first().waitFor(),
  },
  {
    name: 'quotes',
    path: '/quotes',
    ready: (p) => p.getByRole('heading', { name: 'My quotes' }).waitFor(),
  },
  {
    name: 'quote-requests',
    path: '/quote-requests',
    ready: (p) => p.getByRole('heading', { name: 'Kitchen · ZIP 62701' }).waitFor(),
  },
  {
    name: 'quote-sent',
    path: `/quote/${SENT_QUOTE}`,
    ready: (p) => p.getByText(/^Sent [A-Z][a-z]{2} \d{1,2}, \d{4}$/).waitFor(),
  },
  {
    name: 'quote-print',
    path: `/quote/${SENT_QUOTE}/print`,
    ready: (p) => p.getByRole('heading', { name: 'Acceptance' }).waitFor(),
  },
  {
    // Prepare a quote on the request near the contractor: a new draft in the editor (the same one
    // the second time).
    name: 'quote-editor',
    path: `/quote/new/${REQUESTED_KITCHEN}`,
    ready: (p) => p.getByText('Saved on this device', { exact: true }).waitFor(),
  },
  {
    name: 'sync',
    path: '/sync',
    ready: (p) => p.getByRole('heading', { name: 'Sync', exact: true }).waitFor(),
  },
];

describe('accessibility (axe-core), signed in', () => {
  it.each(['light', 'dark'] as const)(
    'no serious or critical violations on any screen, %s theme',
    async (scheme) => {
      const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url, viewport: TABLET });
      const page = await ctx.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      await new LoginPage(page).signInToDashboard(contractor.email, contractor.password);
      const found: Record<string, string[]> = {};
      for (const screen of SCREENS) {
        await page.goto(screen.path);
        await screen.ready(page);
        // Let the sync's first answers and the fonts settle so colors and content are final.
        await page.waitForLoadState('networkidle');
        const v = await violations(page);
        if (v.length) found[screen.name] = v;
        await page.screenshot({
          path: artifactPath('a11y', `${screen.name}-${scheme}.png`),
          fullPage: !screen.name.startsWith('builder'),
        });
      }
      expect(found).toEqual({});
      await ctx.close();
    },
  );
});
