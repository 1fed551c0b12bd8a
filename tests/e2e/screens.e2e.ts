/**
 * Every screen outside the builder at 1024×768 (tablet) and 390×844 (phone):
 * a screenshot into artifacts/screens/, nothing overflowing horizontally,
 * labels tied to inputs, every control reachable by keyboard, 44 px touch
 * targets, the brand mark one letter. Uses the seeded demo accounts (README).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appSuite } from './support/suite';
import { PHONE, TABLET, artifactPath, newContext } from './support/browser';
import { LoginPage, SignupPage, newUser } from './pages/AuthPages';
import { DashboardPage } from './pages/DashboardPage';
import {
  brandMarks,
  horizontalOverflow,
  smallTouchTargets,
  unlabelledControls,
  unreachableByKeyboard,
} from './pages/screenChecks';

const e2e = appSuite({ seed: true });

const viewports = { tablet: TABLET, phone: PHONE } as const;

async function check(
  page: Page,
  name: string,
  size: keyof typeof viewports,
  opts: { keyboard?: boolean } = {},
): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const dialogOpen = (await page.locator('dialog[open]').count()) > 0;
  await page.screenshot({
    path: artifactPath('screens', `${name}-${size}.png`),
    fullPage: !dialogOpen,
  });
  expect(await horizontalOverflow(page), `${name} ${size}: overflow`).toEqual([]);
  expect(await unlabelledControls(page), `${name} ${size}: unlabelled`).toEqual([]);
  expect(await smallTouchTargets(page), `${name} ${size}: touch targets`).toEqual([]);
  for (const mark of await brandMarks(page)) expect(mark, `${name} ${size}: brand mark`).toBe('R');
  if (opts.keyboard)
    expect(await unreachableByKeyboard(page), `${name} ${size}: keyboard`).toEqual([]);
}

describe.each(Object.keys(viewports) as (keyof typeof viewports)[])(
  'screens at %s size',
  (size) => {
    it('public screens', async () => {
      const ctx = await newContext(e2e.browser, {
        baseURL: e2e.server.url,
        viewport: viewports[size],
      });
      const page = await ctx.newPage();
      for (const [path, heading, name] of [
        ['/', 'Pricing', 'landing'],
        ['/login', 'Sign In', 'login'],
        ['/signup', 'Create your account', 'signup'],
        ['/forgot-password', 'Reset your password', 'forgot-password'],
        ['/privacy', 'Privacy', 'privacy'],
        ['/terms', 'Terms', 'terms'],
        ['/contact', 'Contact', 'contact'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading, exact: true }).waitFor();
        await check(page, name, size, { keyboard: true });
      }
      await page.goto('/signup');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.getByRole('alert').waitFor();
      await check(page, 'signup-error', size);
      const u = newUser('homeowner');
      const signup = new SignupPage(page);
      await signup.fill(u);
      await signup.submit();
      await page.getByRole('heading', { name: 'Check your email!' }).waitFor();
      await check(page, 'signup-check-email', size);
      await ctx.close();
    });

    it('contractor screens (seeded demo data)', async () => {
      const ctx = await newContext(e2e.browser, {
        baseURL: e2e.server.url,
        viewport: viewports[size],
      });
      const page = await ctx.newPage();
      await new LoginPage(page).signInToDashboard('contractor@example.com', 'demo-contractor');
      const dash = new DashboardPage(page);
      await dash.cards().first().waitFor({ timeout: 30_000 });
      await check(page, 'dashboard-contractor', size, { keyboard: true });

      await page.getByRole('button', { name: /^Account menu for / }).click();
      await page.getByRole('link', { name: 'My Profile' }).waitFor();
      await check(page, 'topbar-menu', size);
      await page.keyboard.press('Escape');

      const first = dash.cards().first();
      await first.getByRole('button', { name: /^Status: / }).click();
      await check(page, 'status-editor', size);
      await first.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: 'Add Client Project' }).click();
      await dash.submitDialog();
      await dash.dialog().getByText('Customer name is required').waitFor();
      await check(page, 'client-form-errors', size, { keyboard: true });
      await dash.dialog().getByRole('button', { name: 'Cancel' }).click();

      await first.getByRole('button', { name: /^Edit / }).click();
      await dash.dialog().getByRole('heading', { name: 'Edit Client Details' }).waitFor();
      await check(page, 'client-form-edit', size);
      await dash.dialog().getByRole('button', { name: 'Cancel' }).click();

      await first.getByRole('button', { name: /^Delete / }).click();
      await dash
        .dialog()
        .getByText('Do you really want to delete this project? This process cannot be undone.')
        .waitFor();
      await check(page, 'delete-dialog', size, { keyboard: true });
      await dash.dialog().getByRole('button', { name: 'Cancel' }).click();

      await first.getByRole('heading').getByRole('link').click();
      await page.getByRole('heading', { name: 'Technical details' }).waitFor();
      await check(page, 'project-detail', size, { keyboard: true });

      await page.goto('/project/00000000-0000-4000-8000-000000000000');
      await page.getByRole('heading', { name: 'Project not found' }).waitFor();
      await check(page, 'project-not-found', size);

      await page.goto('/profile');
      await page.getByRole('button', { name: 'Delete my account' }).waitFor();
      await check(page, 'profile', size, { keyboard: true });
      await ctx.close();
    });

    it('homeowner screens', async () => {
      const ctx = await newContext(e2e.browser, {
        baseURL: e2e.server.url,
        viewport: viewports[size],
      });
      const page = await ctx.newPage();
      await new SignupPage(page).signUpAndConfirm(e2e.server, newUser('homeowner', 'Hana'));
      await page.getByText('No projects found.').waitFor();
      await check(page, 'dashboard-homeowner-empty', size, { keyboard: true });
      await page.getByRole('button', { name: 'Create New Project' }).click();
      const dash = new DashboardPage(page);
      await dash.submitDialog();
      await dash.dialog().getByText('Project name is required').waitFor();
      await check(page, 'homeowner-form-errors', size, { keyboard: true });
      await dash.fill({
        name: 'Kitchen refresh',
        projectType: 'kitchen',
        description: 'Shaker, white',
      });
      await dash.submitDialog();
      await dash.card('Kitchen refresh').waitFor();
      await check(page, 'dashboard-homeowner', size);
      await ctx.close();
    });
  },
);
