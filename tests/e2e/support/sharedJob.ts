/**
 * A job shared between two browser contexts: a contractor (Joe) creates
 * "Alvarez kitchen" and invites the homeowner (Maria), who signs up from the
 * invitation and opens the project page. Both pull only once an hour
 * (`refacing.syncIntervalMs`), so what shows without a reload came live.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newContext } from './browser';
import type { AppSuite } from './suite';
import { SignupPage, newUser } from '../pages/AuthPages';
import { DashboardPage } from '../pages/DashboardPage';

/** The two sides of a shared job, each on its own device. */
export interface SharedJob {
  joeCtx: BrowserContext;
  joe: Page;
  mariaCtx: BrowserContext;
  home: Page;
}

/** A context of its own (IndexedDB, storage) at a viewport, pulling once an hour. */
export async function device(
  e2e: AppSuite,
  viewport: { width: number; height: number },
): Promise<BrowserContext> {
  const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url, viewport });
  await ctx.addInitScript(() => {
    localStorage.setItem('refacing.syncIntervalMs', '3600000');
  });
  return ctx;
}

/** How the shared job is set up beyond its two devices. */
export interface SharedJobOptions {
  /** Runs on Maria's context before her first page opens. */
  prepareHome?: (ctx: BrowserContext) => Promise<void>;
  /** Where Maria ends: her project page (default), or her dashboard with the job's card on it. */
  homeOn?: 'project' | 'dashboard';
}

/** Maria's card of the shared job on her dashboard. */
export function sharedCard(home: Page) {
  return home
    .getByRole('region', { name: 'Shared with you' })
    .getByRole('article', { name: 'Alvarez kitchen' });
}

/** A thread's message list within `scope` (a page, or a panel of it). */
export function thread(scope: Locator | Page): Locator {
  return scope.getByRole('log', { name: 'Messages' });
}

/** Writes `text` in the thread's composer within `scope` (a page, or a panel of it) and sends it. */
export async function write(scope: Locator | Page, text: string): Promise<void> {
  await scope.getByLabel('Message', { exact: true }).fill(text);
  await scope.getByRole('button', { name: 'Send', exact: true }).click();
}

/** Creates the shared job; Joe ends on his project page, Maria on hers (or her dashboard). */
export async function sharedJob(
  e2e: AppSuite,
  joeViewport: { width: number; height: number },
  homeViewport: { width: number; height: number },
  { prepareHome, homeOn = 'project' }: SharedJobOptions = {},
): Promise<SharedJob> {
  const joeCtx = await device(e2e, joeViewport);
  const joe = await joeCtx.newPage();
  const contractor = newUser('contractor', 'Joe');
  const maria = newUser('homeowner', 'Maria');
  await new SignupPage(joe).signUpAndConfirm(e2e.server, contractor);
  const dash = new DashboardPage(joe);
  await joe.getByRole('button', { name: 'Add Client Project' }).click();
  await dash.fill({
    name: 'Alvarez kitchen',
    address: '12 Elm St',
    phone: '5551234567',
    email: maria.email,
    scopes: ['Kitchen'],
  });
  await dash.submitDialog();
  await dash
    .card('Alvarez kitchen')
    .getByRole('link', { name: 'Alvarez kitchen', exact: true })
    .click();
  await joe.getByRole('heading', { name: 'People on this project' }).waitFor();
  const send = joe.getByRole('button', { name: 'Send invitation' });
  await expect.poll(() => send.isEnabled(), { timeout: 30_000 }).toBe(true);
  await send.click();
  await joe.getByText(`Invitation sent to ${maria.email}`).waitFor();

  const mariaCtx = await device(e2e, homeViewport);
  if (prepareHome) await prepareHome(mariaCtx);
  const home = await mariaCtx.newPage();
  await home.goto(await e2e.server.waitForMailLink(maria.email, /invited you to/));
  await home.getByRole('link', { name: 'Create an account' }).click();
  await new SignupPage(home).fill(maria);
  await new SignupPage(home).submit();
  await home.getByRole('heading', { name: 'Check your email!' }).waitFor();
  await home.goto(await e2e.server.waitForMailLink(maria.email, /confirm/i));
  const card = sharedCard(home);
  await card.waitFor({ timeout: 60_000 });
  if (homeOn === 'project') {
    await card.getByRole('link', { name: 'Alvarez kitchen', exact: true }).click();
    await thread(home).waitFor();
  }
  return { joeCtx, joe, mariaCtx, home };
}
