/**
 * The organization admin in two browser contexts: invites a contractor into
 * the organization by mail; the link says it is a team invitation, sign-up
 * opens with the role fixed to contractor and the invited email locked, and
 * the contractor joins; a homeowner account that opens a team link is told
 * why it cannot join and what to do; the admin sees the contractor's
 * project with counts and filters and reassigns it to itself; the
 * contractor's device drops it. Screenshots of the invitation page and the
 * sign-up at 1024×768 and 390×844.
 */
import { describe, expect, it } from 'vitest';
import { appSuite } from './support/suite';
import { PHONE, newContext } from './support/browser';
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

    const link = await e2e.server.waitForMailLink(
      carl.email,
      /Team invitation: .* join their team/,
    );
    expect(new URL(link).pathname).toBe('/invite/team');
    const carlCtx = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const page = await carlCtx.newPage();
    await page.goto(link);
    await page.getByRole('heading', { name: "You're invited to join a team" }).waitFor();
    await page.getByText('This is a team invitation', { exact: false }).waitFor();
    await page.getByText(carl.email).waitFor();
    expect(new URL(page.url()).hash).toBe('');
    await page.screenshot({ path: `${SHOTS}/team-invite-1024x768.png`, fullPage: true });
    await page.getByRole('link', { name: 'Create a contractor account' }).click();
    await page.getByRole('heading', { name: 'Create your contractor account' }).waitFor();
    const role = page.getByLabel('I am a');
    const email = page.getByLabel('Email');
    expect(await role.inputValue()).toMatch(/^Contractor/);
    expect(await role.getAttribute('readonly')).not.toBeNull();
    expect(await email.inputValue()).toBe(carl.email);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    await page.screenshot({ path: `${SHOTS}/team-signup-1024x768.png`, fullPage: true });
    await page.getByLabel('First name').fill(carl.firstName);
    await page.getByLabel('Last name').fill(carl.lastName);
    await page.getByLabel('Password', { exact: true }).fill(carl.password);
    await page.getByLabel('Confirm password').fill(carl.password);
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

    // A homeowner account opening a team link is told why it cannot join, and what to do.
    const hana = newUser('homeowner', 'Hana');
    const hanaCtx = await newContext(e2e.browser, { baseURL: e2e.server.url, viewport: PHONE });
    const home = await hanaCtx.newPage();
    await new SignupPage(home).signUpAndConfirm(e2e.server, hana);
    await admin.getByLabel('Invite a contractor by email').fill(hana.email);
    await admin.getByRole('button', { name: 'Send invitation' }).click();
    await admin.getByText(`Invitation sent to ${hana.email}`).waitFor();
    await home.goto(await e2e.server.waitForMailLink(hana.email, /Team invitation/));
    await home
      .getByRole('alert')
      .getByText('This team invitation is for a contractor account', { exact: false })
      .waitFor();
    await home
      .getByText('send the invitation to an email address that has no account yet', {
        exact: false,
      })
      .waitFor();
    await home.screenshot({ path: `${SHOTS}/team-invite-wrong-role-390x844.png`, fullPage: true });
    await hanaCtx.close();
    await carlCtx.close();
    await adminCtx.close();
  });

  it('opens the team sign-up on a phone with the role fixed and the email locked', async () => {
    const adminCtx = await newContext(e2e.browser, { baseURL: e2e.server.url });
    const admin = await adminCtx.newPage();
    const boss = newUser('org_admin', 'Pia');
    const dina = newUser('contractor', 'Dina');
    await new SignupPage(admin).signUpAndConfirm(e2e.server, boss);
    await admin.getByRole('link', { name: 'Team and assignments' }).click();
    await admin.getByLabel('Invite a contractor by email').fill(dina.email);
    await admin.getByRole('button', { name: 'Send invitation' }).click();
    await admin.getByText(`Invitation sent to ${dina.email}`).waitFor();
    const phoneCtx = await newContext(e2e.browser, { baseURL: e2e.server.url, viewport: PHONE });
    const phone = await phoneCtx.newPage();
    await phone.goto(await e2e.server.waitForMailLink(dina.email, /Team invitation/));
    await phone.getByRole('heading', { name: "You're invited to join a team" }).waitFor();
    await phone.screenshot({ path: `${SHOTS}/team-invite-390x844.png`, fullPage: true });
    await phone.getByRole('link', { name: 'Create a contractor account' }).click();
    await phone.getByRole('heading', { name: 'Create your contractor account' }).waitFor();
    expect(await phone.getByLabel('Email').inputValue()).toBe(dina.email);
    await phone.screenshot({ path: `${SHOTS}/team-signup-390x844.png`, fullPage: true });
    await phoneCtx.close();
    await adminCtx.close();
  });
});
