/**
 * Live changes between two devices, in two browser contexts: the contractor
 * on a tablet (1024×768) and the invited homeowner on a phone (390×844).
 * Both pull only once an hour here (`refacing.syncIntervalMs`), so what
 * shows without a reload came from a Realtime poke: the contractor's rename
 * reaches the homeowner's dashboard and shared view, the homeowner's photo
 * reaches the contractor's project page, the same after the server restarts
 * (the clients rejoin and pull), and a device whose Realtime socket is
 * blocked still gets the change from its interval pull (3 s there) without
 * showing a connection problem.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appSuite } from './support/suite';
import { PHONE, TABLET, artifactPath, newContext } from './support/browser';
import { LoginPage, SignupPage, newUser } from './pages/AuthPages';
import { DashboardPage } from './pages/DashboardPage';
import { ProjectPage } from './pages/ProjectPage';

const e2e = appSuite({ seed: false });
/** Longest wait for a live change: far below the hour between pulls. */
const LIVE_MS = 15_000;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function device(
  viewport: { width: number; height: number },
  intervalMs: number,
): Promise<BrowserContext> {
  const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url, viewport });
  await ctx.addInitScript((ms: number) => {
    localStorage.setItem('refacing.syncIntervalMs', String(ms));
  }, intervalMs);
  return ctx;
}

/** Renames a project from the contractor's dashboard (Edit → Save Changes). */
async function rename(joe: Page, from: string, to: string): Promise<void> {
  const dash = new DashboardPage(joe);
  await dash
    .card(from)
    .getByRole('button', { name: `Edit ${from}` })
    .click();
  await dash.fill({ name: to });
  await dash.submitDialog();
  await dash.card(to).waitFor();
}

describe('changes from another device appear without reload', () => {
  it('dashboard, shared view and project page; again after a server restart; by interval when the socket is blocked', async () => {
    const joeCtx = await device(TABLET, 3_600_000);
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
    const projectPath = new URL(joe.url()).pathname;
    const send = joe.getByRole('button', { name: 'Send invitation' });
    await expect.poll(() => send.isEnabled(), { timeout: 30_000 }).toBe(true);
    await send.click();
    await joe.getByText(`Invitation sent to ${maria.email}`).waitFor();

    const mariaCtx = await device(PHONE, 3_600_000);
    const home = await mariaCtx.newPage();
    await home.goto(await e2e.server.waitForMailLink(maria.email, /invited you to/));
    await home.getByRole('link', { name: 'Create an account' }).click();
    await new SignupPage(home).fill(maria);
    await new SignupPage(home).submit();
    await home.getByRole('heading', { name: 'Check your email!' }).waitFor();
    await home.goto(await e2e.server.waitForMailLink(maria.email, /confirm/i));
    const shared = home.getByRole('region', { name: 'Shared with you' });
    await shared.getByRole('article', { name: 'Alvarez kitchen' }).waitFor({ timeout: 60_000 });

    // 1. Dashboard: the contractor renames; the homeowner's card follows.
    await joe.goto('/dashboard');
    await rename(joe, 'Alvarez kitchen', 'Alvarez kitchen, phase 2');
    await shared
      .getByRole('article', { name: 'Alvarez kitchen, phase 2' })
      .waitFor({ timeout: LIVE_MS });
    await home.screenshot({ path: artifactPath('realtime', 'homeowner-dashboard-live.png') });

    // 2. Shared view: she has the project open; the next rename shows there.
    await shared
      .getByRole('article', { name: 'Alvarez kitchen, phase 2' })
      .getByRole('link', { name: 'Alvarez kitchen, phase 2', exact: true })
      .click();
    await home.getByRole('heading', { name: 'Your contractor' }).waitFor();
    await rename(joe, 'Alvarez kitchen, phase 2', 'Alvarez kitchen, final');
    await home
      .getByRole('heading', { name: 'Alvarez kitchen, final' })
      .waitFor({ timeout: LIVE_MS });
    await home.screenshot({ path: artifactPath('realtime', 'homeowner-shared-live.png') });

    // 3. Project page: her photo appears on the contractor's open page.
    await joe.goto(projectPath);
    await joe.getByRole('heading', { name: 'People on this project' }).waitFor();
    await new ProjectPage(home).upload([
      { name: 'cabinets-before.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await new ProjectPage(joe).file('cabinets-before.png').waitFor({ timeout: LIVE_MS });
    await joe.screenshot({ path: artifactPath('realtime', 'contractor-project-live.png') });

    // 4. The server restarts: both clients rejoin (and pull); the next rename still arrives live.
    await e2e.server.restart();
    await joe.goto('/dashboard');
    await rename(joe, 'Alvarez kitchen, final', 'Alvarez kitchen, after restart');
    await home
      .getByRole('heading', { name: 'Alvarez kitchen, after restart' })
      .waitFor({ timeout: 45_000 });

    // 5. Her second phone cannot open a Realtime socket: the interval pull (3 s here) delivers.
    const blockedCtx = await device(PHONE, 3_000);
    await blockedCtx.routeWebSocket(/\/realtime\/v1\/websocket/, (ws) => ws.close());
    const blocked = await blockedCtx.newPage();
    await new LoginPage(blocked).signInToDashboard(maria.email, maria.password);
    const blockedShared = blocked.getByRole('region', { name: 'Shared with you' });
    await blockedShared
      .getByRole('article', { name: 'Alvarez kitchen, after restart' })
      .waitFor({ timeout: 60_000 });
    await rename(joe, 'Alvarez kitchen, after restart', 'Alvarez kitchen, by interval');
    await blockedShared
      .getByRole('article', { name: 'Alvarez kitchen, by interval' })
      .waitFor({ timeout: LIVE_MS });
    expect(await blocked.getByText("Can't reach the server").count()).toBe(0);

    await blockedCtx.close();
    await mariaCtx.close();
    await joeCtx.close();
  });
});
