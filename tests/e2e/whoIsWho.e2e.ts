/**
 * Who is who on a job, in Chromium on the seeded demo data (product rules
 * "Who is who on a job"): the homeowner (Hannah Owens, on a phone) and the
 * contractor (Carlos Mendez, on a tablet), each in their own context, before
 * and after Hannah accepts Carlos's quote on her kitchen: their project
 * pages, People sections, cards and thread name the right person in the
 * right role; after acceptance Carlos is not offered "Prepare a quote" nor
 * asked to invite the homeowner, and Hannah's measurements go through him.
 * Then an organization admin whose team Carlos joins assigns her own
 * client job to him and keeps seeing it after a reload; her cards of her
 * team's jobs offer the status control alone (no Edit, Cabinets or
 * Delete), as the server's answer lets her change only the status. Last, a
 * contractor Hannah invites to a new job as "Contractor (edits)" goes from
 * the mailed link to joined, signing up with the role fixed to Contractor
 * and the email locked. Screenshots go to artifacts/who-is-who/.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appSuite } from './support/suite';
import { PHONE, TABLET, artifactPath, newContext } from './support/browser';
import { signedInClient } from './support/serverClient';
import { LoginPage, newUser } from './pages/AuthPages';
import { DashboardPage } from './pages/DashboardPage';

const e2e = appSuite({ seed: true });
const hannah = { email: 'homeowner@example.com', password: 'demo-homeowner' };
const carlos = { email: 'contractor@example.com', password: 'demo-contractor' };
const KITCHEN = 'a1111111-0000-4000-8000-000000000001';
const CARLOS_QUOTE = 'd2222222-0000-4000-8000-000000000001';
const shot = (name: string) => artifactPath('who-is-who', name);
const POLL = { timeout: 60_000, interval: 2_000 };

async function device(
  creds: { email: string; password: string },
  viewport: { width: number; height: number },
): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url, viewport });
  const page = await ctx.newPage();
  await new LoginPage(page).signInToDashboard(creds.email, creds.password);
  return { ctx, page };
}

/** The names and roles of the People section, as shown. */
async function people(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Members' });
  if ((await list.count()) === 0) return [];
  return (await list.getByRole('listitem').allTextContents()).map((t) => t.trim());
}

describe('who is who on a job', () => {
  it('the homeowner and the contractor see each other by name and role, before and after acceptance', async () => {
    const home = await device(hannah, PHONE);
    await home.page.goto(`/project/${KITCHEN}`);
    await home.page.getByRole('heading', { name: 'People on this project' }).waitFor();
    // Before: the job is hers alone; she measures; nobody asks her to invite herself.
    expect(await people(home.page)).toEqual([]);
    expect(await home.page.getByText(/Invite the homeowner/).count()).toBe(0);
    expect(await home.page.getByLabel('Invite by email').inputValue()).toBe('');
    await home.page.getByRole('link', { name: /Open Cabinet Builder|Start measuring/ }).waitFor();
    await home.page.screenshot({ path: shot('homeowner-before-phone.png'), fullPage: true });

    // Hannah accepts Carlos's quote (the quote screens are tested elsewhere).
    const { client } = await signedInClient(e2e.server.url, hannah);
    const { data: q, error } = await client
      .from('quotes')
      .select('content_sha256')
      .eq('id', CARLOS_QUOTE)
      .single();
    expect(error).toBeNull();
    expect(
      (
        await client.rpc('accept_quote', {
          p_quote_id: CARLOS_QUOTE,
          p_content_sha256: (q as { content_sha256: string }).content_sha256,
          p_signer_name: 'Hannah Owens',
        })
      ).error,
    ).toBeNull();

    // After: Carlos is on her job by name; her measurements go through him.
    await expect
      .poll(async () => {
        await home.page.reload();
        await home.page.getByRole('heading', { name: 'People on this project' }).waitFor();
        return people(home.page);
      }, POLL)
      // Carlos's organization admin (the seed's Olivia Grant) is on the job too, by name.
      .toEqual(['Carlos MendezContractor', 'Olivia GrantOrganization admin']);
    expect(await home.page.getByText('contractor@example.com').count()).toBe(0);
    await home.page
      .getByText(
        'A quote was accepted: Carlos Mendez measures and orders the doors now. Ask for a change in the messages.',
      )
      .waitFor();
    expect(await home.page.getByRole('link', { name: 'Open Cabinet Builder' }).count()).toBe(0);
    expect(await home.page.getByRole('link', { name: 'Prepare a quote' }).count()).toBe(0);
    await home.page.getByLabel('Message', { exact: true }).fill('Can you start on Monday?');
    await home.page.getByRole('button', { name: 'Send', exact: true }).click();
    await home.page.getByText('Waiting to send').waitFor({ state: 'detached', timeout: 30_000 });
    await home.page.screenshot({ path: shot('homeowner-after-phone.png'), fullPage: true });

    // Carlos, on his tablet: the job is his; Hannah is on it by name; no quote to prepare.
    const pro = await device(carlos, TABLET);
    const dash = new DashboardPage(pro.page);
    await expect
      .poll(async () => {
        await pro.page.reload();
        return dash.card('Kitchen refresh').count();
      }, POLL)
      .toBe(1);
    // His card names the homeowner and offers no Delete on her job.
    const card = dash.card('Kitchen refresh');
    await card.getByText('Homeowner: Hannah Owens').waitFor({ timeout: 30_000 });
    expect(await card.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    await pro.page.screenshot({ path: shot('contractor-dashboard-tablet.png'), fullPage: true });
    await pro.page.goto(`/project/${KITCHEN}`);
    await pro.page.getByRole('heading', { name: 'People on this project' }).waitFor();
    await expect
      .poll(() => people(pro.page), POLL)
      .toEqual(['Hannah OwensHomeowner', 'Olivia GrantOrganization admin']);
    expect(await pro.page.getByText(/Invite the homeowner/).count()).toBe(0);
    expect(await pro.page.getByRole('link', { name: 'Prepare a quote' }).count()).toBe(0);
    await pro.page.getByRole('link', { name: /Open Cabinet Builder|Start measuring/ }).waitFor();
    // Her message is signed with her name, not "Homeowner".
    const log = pro.page.getByRole('log', { name: 'Messages' });
    await log.getByText('Can you start on Monday?').waitFor({ timeout: 30_000 });
    expect(await log.getByText('Hannah Owens').count()).toBeGreaterThan(0);
    expect(await log.getByText('Homeowner', { exact: true }).count()).toBe(0);
    await pro.page.screenshot({ path: shot('contractor-after-tablet.png'), fullPage: true });
    await pro.page.setViewportSize(PHONE);
    await pro.page.screenshot({ path: shot('contractor-after-phone.png'), fullPage: true });
    await home.page.setViewportSize(TABLET);
    await home.page.screenshot({ path: shot('homeowner-after-tablet.png'), fullPage: true });
    await home.ctx.close();
    await pro.ctx.close();
  });

  it('an organization admin keeps seeing a job she assigned to her contractor', async () => {
    // The seed's organization admin; both demo contractors are on her team.
    const { ctx: adminCtx, page: admin } = await device(
      { email: 'admin@example.com', password: 'demo-admin' },
      TABLET,
    );

    const dash = new DashboardPage(admin);
    await admin.getByRole('button', { name: 'Add Client Project' }).click();
    await dash.fill({
      name: 'Lee bath',
      address: '4 Pine Rd',
      phone: '5550002222',
      email: 'lee@example.test',
      scopes: ['Bathroom'],
    });
    await dash.submitDialog();
    await dash.card('Lee bath').waitFor();

    await admin.getByRole('link', { name: 'Team and assignments' }).click();
    await admin.getByRole('heading', { name: 'Organization' }).waitFor();
    const assign = admin.getByLabel('Assign Lee bath to');
    await expect
      .poll(async () => {
        await admin.reload();
        await admin.getByRole('heading', { name: 'Organization' }).waitFor();
        return assign.count();
      }, POLL)
      .toBe(1);
    await assign.selectOption({ label: 'Carlos Mendez' });
    await admin
      .getByRole('listitem')
      .filter({ hasText: 'Lee bath' })
      .getByRole('button', { name: 'Assign', exact: true })
      .click();
    await admin.getByText('Lee bath assigned to Carlos Mendez').waitFor();

    // After reloads and syncs the job is still on her dashboard and in her Organization list.
    for (let i = 0; i < 2; i++) {
      await admin.reload();
      await admin.getByRole('heading', { name: 'Organization' }).waitFor();
      await admin
        .getByRole('list', { name: 'Organization projects' })
        .getByRole('link', { name: 'Lee bath' })
        .waitFor({ timeout: 30_000 });
    }
    await admin.screenshot({ path: shot('admin-organization-tablet.png'), fullPage: true });
    await dash.open();
    await dash.card('Lee bath').waitFor({ timeout: 30_000 });
    // The team's job of Hannah names her on the admin's card too (the people rows came with the job).
    await dash
      .card('Kitchen refresh')
      .getByText('Homeowner: Hannah Owens')
      .waitFor({ timeout: 30_000 });
    await expect
      .poll(
        () =>
          dash
            .card('Lee bath')
            .getByRole('button', { name: /Delete/ })
            .count(),
        POLL,
      )
      .toBe(0);
    // Her cards of her team's jobs: the status control alone, as the server lets her change only that.
    for (const job of ['Kitchen refresh', 'Lee bath']) {
      const card = dash.card(job);
      await card
        .getByRole('button', { name: new RegExp(`^Status: .*\\. Change status of ${job}$`) })
        .waitFor({ timeout: 30_000 });
      for (const action of [/^Edit /, /^Delete /]) {
        await expect.poll(() => card.getByRole('button', { name: action }).count(), POLL).toBe(0);
      }
      expect(await card.getByRole('link', { name: /^Cabinets for / }).count()).toBe(0);
    }
    await dash.card('Kitchen refresh').scrollIntoViewIfNeeded();
    await admin.screenshot({ path: shot('admin-card-status-only-tablet.png') });
    await admin.reload();
    await dash.card('Lee bath').waitFor({ timeout: 30_000 });
    await admin.setViewportSize(PHONE);
    await admin.screenshot({ path: shot('admin-dashboard-phone.png'), fullPage: true });
    await adminCtx.close();
  });

  it('a contractor invited as "Contractor (edits)" goes from the link to joined, the role fixed to Contractor', async () => {
    const pantry = crypto.randomUUID();
    const pro = newUser('contractor', 'Pia');
    const { client } = await signedInClient(e2e.server.url, hannah);
    const made = await client.from('projects').insert({
      id: pantry,
      name: 'Pantry doors',
      status: 'active',
      user_id: (await client.auth.getUser()).data.user!.id,
      owner_user_id: (await client.auth.getUser()).data.user!.id,
      details: {},
    });
    expect(made.error).toBeNull();
    const sent = await client.functions.invoke('project-invite', {
      body: { project_id: pantry, email: pro.email, role: 'contractor' },
    });
    expect(sent.error).toBeNull();
    const link = await e2e.server.waitForMailLink(pro.email, /invited you to Pantry doors/);
    expect(new URL(link).pathname).toBe('/invite');
    expect(new URL(link).hash).toMatch(/&role=contractor&email=/);

    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url, viewport: PHONE });
    const page = await ctx.newPage();
    await page.goto(link);
    await page
      .getByRole('heading', { name: "You're invited to a project as its contractor" })
      .waitFor();
    await page.getByText(pro.email).waitFor();
    expect(new URL(page.url()).hash).toBe('');
    await page.screenshot({ path: shot('contractor-invite-phone.png'), fullPage: true });
    await page.getByRole('link', { name: 'Create a contractor account' }).click();
    await page.getByRole('heading', { name: 'Create your contractor account' }).waitFor();
    const role = page.getByLabel('I am a');
    const email = page.getByLabel('Email');
    expect(await role.inputValue()).toBe('Contractor');
    expect(await role.getAttribute('readonly')).not.toBeNull();
    expect(await email.inputValue()).toBe(pro.email);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    await page.screenshot({ path: shot('contractor-invite-signup-phone.png'), fullPage: true });
    await page.getByLabel('First name').fill(pro.firstName);
    await page.getByLabel('Last name').fill(pro.lastName);
    await page.getByLabel('Password', { exact: true }).fill(pro.password);
    await page.getByLabel('Confirm password').fill(pro.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('heading', { name: 'Check your email!' }).waitFor();
    await page.goto(await e2e.server.waitForMailLink(pro.email, /confirm/i));
    const shared = page.getByRole('region', { name: 'Shared with you' });
    await shared.getByText('Pantry doors').first().waitFor({ timeout: 60_000 });
    await shared.getByText('Contractor (edits)').waitFor({ timeout: 30_000 });
    await page.screenshot({ path: shot('contractor-invite-joined-phone.png'), fullPage: true });
    // On the job she measures: the Cabinets button is the server's answer for her.
    await page.goto(`/project/${pantry}`);
    await page.getByRole('link', { name: 'Cabinets', exact: true }).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: shot('contractor-invited-project-phone.png'), fullPage: true });
    await ctx.close();
  });
});
