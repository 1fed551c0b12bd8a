/**
 * The screens after the yes, as the seeded people see them (supabase/seed.sql):
 * - the contractor's dashboard lists his overdue invoice with what is owed
 *   and a link to it, and still does offline, from the device's rows; the
 *   homeowner's phone dashboard lists her own;
 * - the calendar page makes his feed link, whose URL answers iCalendar; a new
 *   link turns the old URL off, "Turn off the link" the new one; offline the
 *   panel says the link needs a connection;
 * - Organization → Analytics shows the organization admin the job figures of
 *   the seed: the kitchen quoted, the laundry room accepted, the money
 *   outstanding the laundry room's contract less its payment.
 */
import { describe, expect, it } from 'vitest';
import { appSuite } from './support/suite';
import { newContext, PHONE, TABLET } from './support/browser';
import { signedInClient } from './support/serverClient';
import { goOffline } from './support/network';
import { LoginPage } from './pages/AuthPages';

const e2e = appSuite({ seed: true });

const contractor = { email: 'contractor@example.com', password: 'demo-contractor' };
const homeowner = { email: 'homeowner@example.com', password: 'demo-homeowner' };
const admin = { email: 'admin@example.com', password: 'demo-admin' };
/** The homeowner's laundry room, whose quote from the demo contractor she accepted. */
const LAUNDRY = 'a1111111-0000-4000-8000-000000000003';
const DAY = 86_400_000;

/** The local day `days` from today, YYYY-MM-DD. */
const day = (days: number) => new Date(Date.now() + days * DAY).toLocaleDateString('en-CA');

describe('after the yes: overdue invoices, the calendar feed link, the job figures', () => {
  it('shows each person what is theirs, online and offline', async () => {
    // The contractor invoices the laundry room's $100 deposit, due ten days ago, and is paid $25 of it.
    const { client } = await signedInClient(e2e.server.url, contractor);
    const quote = await client
      .from('quotes')
      .select('id, total_cents')
      .eq('project_id', LAUNDRY)
      .eq('status', 'accepted')
      .single();
    expect(quote.error).toBeNull();
    const planned = await client
      .from('invoices')
      .insert({
        project_id: LAUNDRY,
        quote_id: quote.data!.id,
        kind: 'deposit',
        status: 'planned',
        amount_cents: 10_000,
        due_on: day(-10),
      })
      .select('id')
      .single();
    expect(planned.error).toBeNull();
    const invoiceId = planned.data!.id as string;
    const issued = await client.from('invoices').update({ status: 'issued' }).eq('id', invoiceId);
    expect(issued.error).toBeNull();
    const paid = await client.from('payments').insert({
      project_id: LAUNDRY,
      invoice_id: invoiceId,
      amount_cents: 2_500,
      paid_on: day(-1),
      method: 'check',
      reference: '1042',
    });
    expect(paid.error).toBeNull();

    // The contractor's tablet: the overdue invoice, what is owed, the link.
    const ctx = await newContext(e2e.browser, { baseURL: e2e.server.url, viewport: TABLET });
    const page = await ctx.newPage();
    await new LoginPage(page).signInToDashboard(contractor.email, contractor.password);
    const overdue = page.getByRole('region', { name: '1 overdue invoice: $75.00 outstanding' });
    await overdue.waitFor();
    await overdue.getByText(/^Due .*, 10 days late$/).waitFor();
    await overdue.getByText('$75.00 outstanding', { exact: true }).waitFor();
    await overdue.getByRole('link', { name: 'INV-0001 · Laundry room' }).click();
    await page.waitForURL(`**/project/${LAUNDRY}/invoice/${invoiceId}`);

    // The calendar feed link: made, its URL answers iCalendar; a new one turns the old one off.
    await page.getByRole('link', { name: 'Visits' }).first().click();
    const feed = page.getByRole('region', { name: 'Your visits in your phone’s calendar' });
    await feed.getByText('You have no calendar link.').waitFor();
    await feed.getByRole('button', { name: 'Make my calendar link' }).click();
    const link = feed.getByRole('textbox', { name: 'Calendar feed link' });
    await link.waitFor();
    const first = await link.inputValue();
    expect(first).toMatch(/\/functions\/v1\/calendar-feed\?token=[0-9a-f]{64}$/);
    const answered = await fetch(first);
    expect(answered.status).toBe(200);
    expect(answered.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(await answered.text()).toContain('BEGIN:VCALENDAR');
    await feed.getByRole('button', { name: 'Make a new link (the old one stops working)' }).click();
    await expect.poll(() => link.inputValue()).not.toBe(first);
    const second = await link.inputValue();
    expect((await fetch(first)).status).toBe(404);
    expect((await fetch(second)).status).toBe(200);
    await feed.getByRole('button', { name: 'Turn off the link' }).click();
    await feed.getByText('The link is turned off.', { exact: false }).waitFor();
    await feed.getByRole('button', { name: 'Make my calendar link' }).waitFor();
    expect((await fetch(second)).status).toBe(404);

    // Offline: the feed panel says it needs a connection; the dashboard still lists the invoice.
    await goOffline(ctx);
    await feed
      .getByText(
        'You are offline. Making, copying or turning off the calendar link needs a connection.',
      )
      .waitFor({ timeout: 60_000 });
    expect(await feed.getByRole('button', { name: 'Make my calendar link' }).isDisabled()).toBe(
      true,
    );
    await page.getByRole('link', { name: 'My Dashboard' }).first().click();
    await page.getByRole('region', { name: '1 overdue invoice: $75.00 outstanding' }).waitFor();
    await ctx.close();

    // The homeowner's phone: her own invoice, the same figures.
    const phone = await newContext(e2e.browser, { baseURL: e2e.server.url, viewport: PHONE });
    const her = await phone.newPage();
    await new LoginPage(her).signInToDashboard(homeowner.email, homeowner.password);
    await her
      .getByRole('region', { name: '1 overdue invoice: $75.00 outstanding' })
      .getByRole('link', { name: 'INV-0001 · Laundry room' })
      .waitFor();
    await phone.close();

    // The organization admin's job figures, against the seed: the kitchen quoted by both
    // contractors, the laundry room accepted and owing its contract less the $25 paid.
    const actx = await newContext(e2e.browser, { baseURL: e2e.server.url, viewport: TABLET });
    const apage = await actx.newPage();
    await new LoginPage(apage).signInToDashboard(admin.email, admin.password);
    await apage.goto('/organization/analytics');
    const jobs = apage.getByRole('region', { name: 'Jobs after the quote' });
    const figure = (label: string) =>
      jobs
        .locator('.an-figure')
        .filter({ has: apage.getByText(label, { exact: true }) })
        .locator('dd');
    await expect.poll(() => figure('Jobs').textContent(), { timeout: 30_000 }).toBe('2');
    const owed = (quote.data!.total_cents as number) - 2_500;
    const owedText = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
      owed / 100,
    );
    expect(await figure('Money outstanding').textContent()).toBe(owedText);
    expect(await figure('Remake rate').textContent()).toBe('—');
    expect(await figure('Median days from yes to install').textContent()).toBe('—');
    const stage = (name: string) =>
      jobs.getByRole('row', { name: new RegExp(`^${name} `) }).locator('td.num');
    expect(await stage('Quoted').textContent()).toBe('1');
    expect(await stage('Accepted').textContent()).toBe('1');
    for (const s of ['Ordered', 'Waiting on doors', 'Scheduled', 'Installed', 'Signed off', 'Paid'])
      expect(await stage(s).textContent()).toBe('0');
    await actx.close();
  });
});
