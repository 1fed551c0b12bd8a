/**
 * The organization admin in two browser contexts: invites a contractor into
 * the organization by mail; the contractor creates an account from the link
 * and joins; the admin sees the contractor's project with counts and filters
 * and reassigns it to itself; the contractor's device drops it.
 */
import { describe, expect, it } from 'vitest';
import { appSuite } from './support/suite';
import { newContext } from './support/browser';
import { SignupPage, newUser } from './pages/AuthPages';
import { DashboardPage } from './pages/DashboardPage';

const e2e = appSuite({ seed: false });
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-sharing';

describe('organization admin', () => {
  it('invites a contractor, counts and filters its projects, reassigns one', async () => {
    const adminCtx = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const admin = await adminCtx.newPage();
    const boss = newUser('org_admin', 'Olga');
    const carl = newUser('contractor', 'Carl');
    await new SignupPage(admin).signUpAndConfirm(e2e.server, boss);
    await admin.getByRole('link', { name: 'Team and assignments' }).click();
    await admin.getByRole('heading', { name: 'Organization' }).waitFor();
    await admin.getByLabel('Invite a contractor by email').fill(carl.email);
    await admin.getByRole('button', { name: 'Send invitation' }).click();
    await admin.getByText(`Invitation sent to ${carl.email}`).waitFor();

    const link = await e2e.server.waitForMailLink(carl.email, /invited you to join their team/);
    const carlCtx = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await carlCtx.newPage();
    await page.goto(link);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await new SignupPage(page).fill(carl);
    await new SignupPage(page).submit();
    await page.getByRole('heading', { name: 'Check your email!' }).waitFor();
    await page.goto(await e2e.server.waitForMailLink(carl.email, /confirm/i));
    await page
      .getByText('You joined the organization.', { exact: false })
      .waitFor({ timeout: 30_000 });
    const dash = new DashboardPage(page);
    await page.getByRole('button', { name: 'Add Client Project' }).click();
    await dash.fill({
      name: 'Lee kitchen',
      address: '4 Pine Rd',
      phone: '5550002222',
      email: 'lee@example.test',
      scopes: ['Kitchen'],
    });
    await dash.submitDialog();
    await dash.card('Lee kitchen').waitFor();

    // The admin sees it once synced: counts per contractor and status, filters.
    const counts = admin.getByRole('table', { name: 'Projects per contractor and status' });
    await expect
      .poll(
        async () => {
          await admin.reload();
          await admin.getByRole('heading', { name: 'Organization' }).waitFor();
          return counts.getByRole('row', { name: /Carl contractor-user/ }).count();
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(1);
    const carlRow = counts.getByRole('row', { name: /Carl contractor-user/ });
    expect((await carlRow.getByRole('cell').allTextContents()).slice(-1)).toEqual(['1']);
    const list = admin.getByRole('list', { name: 'Organization projects' });
    await admin.getByLabel('Status', { exact: true }).selectOption('completed');
    await admin.getByText('No projects found.').waitFor();
    await admin.getByLabel('Status', { exact: true }).selectOption('all');
    await admin
      .getByLabel('Contractor', { exact: true })
      .selectOption({ label: 'Carl contractor-user' });
    await list.getByRole('link', { name: 'Lee kitchen' }).waitFor();
    await admin.screenshot({ path: `${SHOTS}/org-admin.png`, fullPage: true });

    // Reassign to the admin; Carl's device drops it.
    await admin.getByLabel('Assign Lee kitchen to').selectOption({ label: 'Olga org_admin-user' });
    await admin.getByRole('button', { name: 'Assign', exact: true }).click();
    await admin.getByText('Lee kitchen assigned to Olga org_admin-user').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome, Carl' }).waitFor();
    await dash.card('Lee kitchen').waitFor({ state: 'detached', timeout: 60_000 });
    await carlCtx.close();
    await adminCtx.close();
  });
});
