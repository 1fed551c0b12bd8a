/**
 * After the yes, the whole job through the screens: Carlos (the seeded demo
 * contractor) on a tablet, Hannah (the seeded homeowner) on a phone, each in
 * a browser context of its own (its own IndexedDB).
 * The job as it stood before the yes is set on the server, as the earlier
 * journey (quoteJourney.e2e.ts) leaves it: Hannah's project measured (the
 * bathroom fixture), Carlos invited to it and his price list on his profile.
 * Then, all on the screens: Carlos prepares the quote from the door order and
 * sends it; Hannah accepts it with her typed name. Carlos places the door
 * order by mail (the mail read at /_local/mail), marks it confirmed, shipped
 * and received, checks it in with 2 parts damaged, mails the remake, marks it
 * received and checks it in; he schedules the install and Hannah's phone
 * shows it (the top bar's count, the visit on her job). He adds a cabinet in
 * the builder and sends the change order; she signs it and the contract
 * total is the quote plus it. He plans the payment schedule, issues the
 * deposit and the on-doors-received invoices and records their payments;
 * the install day comes, he marks it done and puts an item on the punch
 * list, then ticks it; she signs the job off (the server issues the final
 * invoice), he records its payment (balance $0.00) and she reviews him.
 * The second test walks it again with Carlos's tablet offline for the
 * check-ins and the punch list: the taps and the item reach the server and
 * Hannah's phone once he is back online.
 * Screenshots go to artifacts/afterYesJourney/.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appSuite } from './support/suite';
import { PHONE, TABLET, artifactPath } from './support/browser';
import { goOffline, goOnline } from './support/network';
import { serviceClient, signedInClient } from './support/serverClient';
import { signedInDevice } from './pages/AuthPages';
import { BuilderScreen } from './pages/BuilderScreen';

const e2e = appSuite({ seed: true });
const carlos = { email: 'contractor@example.com', password: 'demo-contractor' };
const hannah = { email: 'homeowner@example.com', password: 'demo-homeowner' };
const LONG = { timeout: 60_000 };
const POLL = { timeout: 60_000, interval: 500 };
const DAY = 86_400_000;
const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const shot = (name: string) => artifactPath('afterYesJourney', name);

/** The bathroom fixture's cabinets, as Carlos measured them before the quote. */
function measuredBathroom(): unknown {
  const file = new URL('../fixtures/jobs/bathroom-standard-overlay.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { cabinetData: unknown }).cabinetData;
}

/**
 * Hannah's project `name` measured, Carlos invited to it and on it, his price
 * list on his profile: the job as the quote journey leaves it before the
 * quote. Returns the project's id.
 */
async function jobBeforeTheQuote(name: string): Promise<string> {
  const home = await signedInClient(e2e.server.url, hannah);
  const made = await home.client
    .from('projects')
    .insert({
      name,
      status: 'active',
      user_id: home.userId,
      owner_user_id: home.userId,
      details: {
        address: '25 Maple Street, Springfield, IL 62701',
        phone: '(555) 123-4567',
        email: hannah.email,
        description: 'New vanity doors and drawer fronts.',
        projectType: 'bathroom',
        cabinetData: measuredBathroom(),
      },
    })
    .select('id')
    .single();
  if (made.error || !made.data) throw new Error(`project: ${made.error?.message}`);
  const id = made.data.id as string;
  const mailsBefore = (await e2e.server.readMail(carlos.email)).length;
  const invited = await home.client.functions.invoke('project-invite', {
    body: { project_id: id, email: carlos.email, role: 'contractor' },
  });
  expect(invited.error).toBeNull();
  let link = '';
  await expect
    .poll(async () => {
      const mail = await e2e.server.readMail(carlos.email);
      link = mail.length > mailsBefore ? (mail[0]!.links[0] ?? '') : '';
      return link;
    }, POLL)
    .not.toBe('');
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token') ?? '';
  const pro = await signedInClient(e2e.server.url, carlos);
  expect((await pro.client.rpc('accept_project_invite', { p_token: token })).error).toBeNull();
  const list = {
    currency: 'USD',
    doorPerSqFt: 22,
    drawerFrontPerSqFt: 16,
    minDoorSqFt: 1.5,
    minDrawerFrontSqFt: 0.5,
    perHinge: 4.5,
  };
  const priced = await pro.client
    .from('profiles')
    .update({ price_list: list })
    .eq('id', pro.userId);
  expect(priced.error).toBeNull();
  return id;
}

const device = (
  creds: { email: string; password: string },
  viewport: { width: number; height: number },
) => signedInDevice(e2e, creds, viewport);

/** Opens `path` until `target` shows on it (the device pulls on load and on the server's pokes). */
async function openUntil(page: Page, path: string, target: (p: Page) => Locator): Promise<void> {
  await expect
    .poll(async () => {
      if (new URL(page.url()).pathname !== path) await page.goto(path);
      const seen = await target(page)
        .first()
        .waitFor({ timeout: 8_000 })
        .then(() => true)
        .catch(() => false);
      if (!seen) await page.goto(path);
      return seen;
    }, POLL)
    .toBe(true);
}

/** The top bar's count of new or changed visits (0 when it shows none). */
async function visitNotices(page: Page): Promise<number> {
  const badge = page.locator(
    '.badge-unread[title$="new or changed visit"], .badge-unread[title$="new or changed visits"]',
  );
  if ((await badge.count()) === 0) return 0;
  return Number(/^(\d+)/.exec((await badge.first().getAttribute('title')) ?? '')?.[1] ?? 0);
}

/** The device's service worker holds the app, so its pages open with no network. */
async function appCached(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  }
}

/** The whole journey; `offline`: Carlos's tablet has no network for the check-ins and the punch list. */
async function journey(label: string, offline: boolean): Promise<void> {
  const name = `Hall bath ${label}`;
  const maker = `orders+${label}@springfield-doors.example`;
  const id = await jobBeforeTheQuote(name);
  const tablet = await device(carlos, TABLET);
  const phone = await device(hannah, PHONE);
  const t = tablet.page;
  const h = phone.page;
  const s = (n: string) => shot(`${label}-${n}.png`);
  const pro = await signedInClient(e2e.server.url, carlos);
  const home = await signedInClient(e2e.server.url, hannah);

  // ── The yes: Carlos quotes from the door order, Hannah accepts on her phone.
  await openUntil(t, `/project/${id}`, (p) => p.getByRole('link', { name: 'Prepare a quote' }));
  await t.getByRole('link', { name: 'Prepare a quote' }).click();
  await t.getByText('Saved on this device', { exact: true }).waitFor(LONG);
  await t.getByLabel('Tax rate (%)', { exact: true }).fill('8.25');
  await t.getByText('Saved on this device', { exact: true }).waitFor();
  const quoteTotal = (await t.getByTestId('quote-total').textContent()) ?? '';
  expect(quoteTotal).toMatch(/^\$[\d,]+\.\d{2}$/);
  const quoteId = /\/quote\/([^/?#]+)/.exec(t.url())?.[1] ?? '';
  await t.getByRole('button', { name: 'Send quote' }).click();
  await t.getByText(/^Sent [A-Z][a-z]{2} \d{1,2}, \d{4}$/).waitFor(LONG);

  await openUntil(h, `/project/${id}/quotes/${quoteId}`, (p) =>
    p.getByRole('heading', { name: 'Accept with your signature' }),
  );
  await h.getByLabel('Your full name').fill('Hannah Owens');
  await h.getByRole('checkbox', { name: 'I accept this quote' }).check();
  await h.getByRole('button', { name: 'Accept', exact: true }).click();
  await h.getByText('You accepted this quote.', { exact: false }).waitFor(LONG);
  const accepted = await home.client.from('quotes').select('status, total_cents').eq('id', quoteId);
  expect(accepted.data).toEqual([{ status: 'accepted', total_cents: expect.any(Number) }]);
  const quoteCents = accepted.data![0]!.total_cents as number;
  expect(usd(quoteCents)).toBe(quoteTotal);
  await h.screenshot({ path: s('01-accepted-phone'), fullPage: true });

  // ── The door order, placed by mail.
  await openUntil(t, `/project/${id}`, (p) => p.getByRole('link', { name: 'Door Order' }));
  await t.getByRole('link', { name: 'Door Order' }).click();
  const panel = t.getByRole('region', { name: 'Order from the door maker' });
  await panel.getByRole('button', { name: 'Place the order' }).click(LONG);
  const place = panel.locator('form.door-place');
  const partsLine = (await place.getByText(/^\d+ parts, as on the sheet below$/).textContent())!;
  const parts = Number(/^(\d+)/.exec(partsLine)![1]);
  // The form counts what the sheet below lists: its doors and drawer fronts, a pair as 2.
  const onSheet = async (title: string) =>
    Number(
      /\((\d+)\)/.exec(
        (await t
          .getByRole('heading', { name: new RegExp(`^${title} \\(\\d+\\)$`) })
          .textContent())!,
      )![1],
    );
  expect(parts).toBe((await onSheet('Doors')) + (await onSheet('Drawer Fronts')));
  await place.getByLabel("Maker's name").fill('Springfield Door Co.');
  await place.getByLabel("Maker's email").fill(maker);
  await place.getByLabel('PO number').fill(`PO-${label}`);
  await place.getByLabel('Note to the maker').fill('Painted white, soft-close hinges.');
  await t.screenshot({ path: s('02-place-order-tablet'), fullPage: true });
  await place.getByRole('button', { name: 'Send by mail' }).click();
  const first = panel.getByRole('article', { name: 'Door order' });
  await first.getByTestId('door-order-mail').getByText(`Mailed to ${maker} on`).waitFor(LONG);
  const mail = await e2e.server.readMail(maker);
  expect(mail).toHaveLength(1);
  expect(mail[0]!.subject).toBe(`Door order, PO PO-${label}, from Carlos Mendez`);
  expect(mail[0]!.text).toContain('Painted white, soft-close hinges.');
  await expect.poll(() => first.getByTestId('door-order-status').textContent()).toBe('Ordered');

  // Confirmed, shipped, received: each step's form, its dates shown.
  await first.getByRole('button', { name: 'Mark confirmed' }).click();
  await first.getByLabel("Maker's order number").fill('SD-4471');
  await first
    .getByLabel('Promised ship date')
    .fill(new Date(Date.now() + 7 * DAY).toLocaleDateString('en-CA'));
  await first.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => first.getByTestId('door-order-status').textContent()).toBe('Confirmed');
  await first.getByText(/^Promised to ship /).waitFor();
  await first.getByRole('button', { name: 'Mark shipped' }).click();
  await first.getByLabel('Carrier').fill('UPS Freight');
  await first.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await first.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => first.getByTestId('door-order-status').textContent()).toBe('Shipped');
  await first.getByText('Shipped by UPS Freight, tracking 1Z999AA10123456784').waitFor();
  // Hannah's phone: the order's status and dates, no check-in buttons.
  await openUntil(h, `/project/${id}`, (p) =>
    p.getByRole('region', { name: 'Door order' }).getByText('Shipped by UPS Freight', {
      exact: false,
    }),
  );
  expect(await h.getByRole('button', { name: 'Check in' }).count()).toBe(0);
  await h.getByRole('region', { name: 'Door order' }).scrollIntoViewIfNeeded();
  await h.screenshot({ path: s('03-shipped-phone') });
  await first.getByRole('button', { name: 'Mark received' }).click();
  await first.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => first.getByTestId('door-order-status').textContent()).toBe('Received');

  // ── The check-in: every part received but 2 damaged (offline in the second walk).
  if (offline) {
    await appCached(t);
    await goOffline(tablet.ctx);
  }
  await first.getByRole('button', { name: 'Check in' }).click();
  const rows = first.getByRole('list', { name: 'Check in' }).getByRole('listitem');
  await expect.poll(() => rows.count()).toBeGreaterThan(2);
  const count = await rows.count();
  let pieces = 0;
  for (let i = 0; i < count; i++) {
    const row = rows.nth(i);
    const damaged = i < 2;
    await row
      .getByRole('group')
      .getByRole('button', { name: damaged ? 'Damaged' : 'Received', exact: true })
      .click();
    pieces += (await row.locator('.door-check-label').textContent())!.endsWith(' ×2') ? 2 : 1;
  }
  expect(pieces).toBe(parts);
  // Two doors of one size read apart by their number in the cabinet.
  expect(await rows.nth(0).locator('.door-check-label').textContent()).toBe(
    'Cabinet 1 · Door 1 · 12 1/2" × 22 3/8"',
  );
  expect(await rows.nth(1).locator('.door-check-label').textContent()).toBe(
    'Cabinet 1 · Door 2 · 12 1/2" × 22 3/8"',
  );
  const damagedPieces = (
    await Promise.all(
      [0, 1].map(async (i) =>
        (await rows.nth(i).locator('.door-check-label').textContent())!.endsWith(' ×2') ? 2 : 1,
      ),
    )
  ).reduce((a, b) => a + b, 0);
  await rows.nth(0).getByLabel('Note').fill('Corner chipped in the crate');
  await rows.nth(1).getByLabel('Note').fill('Scratched face');
  await rows.nth(2).locator('.door-check-label').click();
  for (let i = 0; i < 2; i++)
    expect(
      await rows
        .nth(i)
        .getByRole('button', { name: 'Damaged', exact: true })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  const line = panel.getByTestId('checkin-line');
  await expect
    .poll(() => line.textContent())
    .toBe(`${parts - damagedPieces} of ${parts} in, ${damagedPieces} to remake`);
  await panel.screenshot({ path: s('04-checked-in-tablet') });
  if (offline) {
    // Nothing of it is on the server yet.
    const there = await pro.client.from('door_orders').select('checkin').eq('project_id', id);
    expect(there.data?.[0]?.checkin).toEqual({});
    await goOnline(tablet.ctx);
  }
  await expect
    .poll(async () => {
      const r = await pro.client.from('door_orders').select('checkin').eq('project_id', id);
      const checkin = (r.data?.[0]?.checkin ?? {}) as Record<string, { state: string }>;
      return Object.values(checkin)
        .map((c) => c.state)
        .sort()
        .join(',');
    }, POLL)
    .toBe([...Array(2).fill('damaged'), ...Array(count - 2).fill('received')].sort().join(','));
  await openUntil(h, `/project/${id}`, (p) =>
    p
      .getByTestId('checkin-line')
      .getByText(`${parts - damagedPieces} of ${parts} in, ${damagedPieces} to remake`),
  );

  // The remake of what came damaged, mailed the way the order was, then received and checked in.
  await panel.getByRole('button', { name: `Remake ${damagedPieces} parts` }).click();
  const remake = panel.getByRole('article', { name: 'Remake' });
  await remake.getByTestId('door-order-mail').getByText(`Mailed to ${maker} on`).waitFor(LONG);
  await expect.poll(async () => (await e2e.server.readMail(maker)).length, POLL).toBe(2);
  expect((await e2e.server.readMail(maker))[0]!.subject).toMatch(/remake/i);
  for (const [step, next] of [
    ['Mark confirmed', 'Confirmed'],
    ['Mark shipped', 'Shipped'],
    ['Mark received', 'Received'],
  ] as const) {
    await remake.getByRole('button', { name: step }).click();
    if (step === 'Mark confirmed') await remake.getByLabel("Maker's order number").fill('SD-4502');
    if (step === 'Mark shipped') await remake.getByLabel('Carrier').fill('UPS Freight');
    await remake.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => remake.getByTestId('door-order-status').textContent()).toBe(next);
  }
  if (offline) await goOffline(tablet.ctx);
  await remake.getByRole('button', { name: 'Check in' }).click();
  const remade = remake.getByRole('list', { name: 'Check in' }).getByRole('listitem');
  await expect.poll(() => remade.count()).toBe(2);
  for (let i = 0; i < 2; i++)
    await remade.nth(i).getByRole('button', { name: 'Received', exact: true }).click();
  await expect.poll(() => line.textContent()).toBe(`${parts} of ${parts} in`);
  await panel.screenshot({ path: s('05-remake-in-tablet') });
  if (offline) await goOnline(tablet.ctx);
  await openUntil(h, `/project/${id}`, (p) =>
    p.getByTestId('checkin-line').getByText(`${parts} of ${parts} in`, { exact: true }),
  );
  await h.getByRole('region', { name: 'Door order' }).scrollIntoViewIfNeeded();
  await h.screenshot({ path: s('06-doors-in-phone') });

  // ── The install, scheduled for tomorrow: Hannah's phone is told.
  await h.goto('/dashboard');
  await h.getByRole('heading', { name: /^Welcome, / }).waitFor();
  const noticeBefore = await visitNotices(h);
  await t.goto(`/project/${id}`);
  const visits = t.getByRole('region', { name: 'Visits' });
  await visits.getByRole('button', { name: 'Schedule the install' }).click(LONG);
  const tomorrow = new Date(Date.now() + DAY).toLocaleDateString('en-CA');
  await visits.getByLabel('Date').fill(tomorrow);
  await visits.getByLabel('From').fill('08:00');
  await visits.getByLabel('To').fill('16:00');
  await visits.getByLabel('Note for the homeowner').fill('We park in the driveway.');
  await visits.getByRole('button', { name: 'Schedule', exact: true }).click();
  const install = visits.getByRole('listitem').filter({ hasText: 'We park in the driveway.' });
  await install.getByText('Scheduled', { exact: true }).waitFor();
  await install.getByText('Not sent yet').waitFor({ state: 'detached', ...LONG });
  // Her dashboard, open all along, counts one more new visit on the top bar (the server's poke).
  await expect.poll(() => visitNotices(h), POLL).toBe(noticeBefore + 1);
  await h.screenshot({ path: s('07-install-notice-phone') });
  await h.goto(`/project/${id}`);
  const herInstall = h
    .getByRole('region', { name: 'Visits' })
    .getByRole('listitem')
    .filter({ hasText: 'We park in the driveway.' });
  await herInstall.getByText('Scheduled', { exact: true }).waitFor(LONG);
  await herInstall.getByText('From Carlos Mendez').waitFor();
  await herInstall.scrollIntoViewIfNeeded();
  await h.screenshot({ path: s('08-install-phone') });

  // ── A cabinet added in the builder: the change order, signed on her phone.
  await t.goto(`/cabinet-builder/${id}`);
  const b = new BuilderScreen(t);
  await b.cabinet(1).waitFor(LONG);
  const before = await t.getByRole('article', { name: /^Cabinet \d+$/ }).count();
  await b.addCabinet('Wall');
  await b.measure(`Cabinet ${before + 1} Door 1`, '15', '30');
  await b.waitSaved();
  await t.goto(`/project/${id}/contract`);
  const changes = t.getByRole('region', { name: 'Changes since the contract' });
  await changes.waitFor(LONG);
  const coText = (await changes.locator('p').first().textContent()) ?? '';
  const coTotal = /Change order total: (\$[\d,.]+)/.exec(coText)?.[1] ?? '';
  expect(coTotal).toMatch(/^\$[\d,]+\.\d{2}$/);
  await changes
    .getByLabel('Note for the homeowner (optional)')
    .fill('The wall cabinet over the toilet.');
  await t.screenshot({ path: s('09-change-order-tablet'), fullPage: true });
  await changes.getByRole('button', { name: 'Send the change order to the homeowner' }).click();
  const coCard = t.getByRole('region', { name: 'Change order 1' });
  await coCard.getByText('Waiting for the homeowner').waitFor(LONG);

  await openUntil(h, `/project/${id}/contract`, (p) =>
    p
      .getByRole('region', { name: 'Change order 1' })
      .getByRole('button', { name: 'Approve and sign' }),
  );
  const herCo = h.getByRole('region', { name: 'Change order 1' });
  await herCo.getByText('The wall cabinet over the toilet.').waitFor();
  await herCo.getByLabel('Your full name').fill('Hannah Owens');
  await herCo.getByRole('checkbox', { name: 'I approve this change order' }).check();
  await herCo.getByRole('button', { name: 'Approve and sign' }).click();
  await herCo.getByText('Approved', { exact: true }).waitFor(LONG);
  const co = await home.client
    .from('change_orders')
    .select('status, total_cents')
    .eq('project_id', id);
  expect(co.data).toEqual([{ status: 'approved', total_cents: expect.any(Number) }]);
  const coCents = co.data![0]!.total_cents as number;
  expect(usd(coCents)).toBe(coTotal);
  const contractCents = quoteCents + coCents;
  await expect
    .poll(() => h.getByTestId('contract-total').textContent(), POLL)
    .toBe(usd(contractCents));
  await h.screenshot({ path: s('10-change-order-signed-phone'), fullPage: true });

  // ── Money: the schedule, the deposit and the on-doors-received invoices paid.
  await openUntil(t, `/project/${id}/contract`, (p) =>
    p.getByTestId('contract-total').getByText(usd(contractCents), { exact: true }),
  );
  // The suggested schedule is on the contract with the change order in it.
  await t
    .getByText(`Scheduled: ${usd(contractCents)} of a ${usd(contractCents)} contract`)
    .waitFor();
  await t.getByRole('button', { name: 'Save the schedule' }).click();
  const invoices = t.locator('table.invoices tbody tr');
  await expect.poll(() => invoices.count()).toBe(3);
  // The schedule holds the change order: it is not offered for an invoice of its own as well.
  expect(await t.getByRole('button', { name: /^Invoice change order/ }).count()).toBe(0);
  await t
    .getByText(
      'The job matches the contract with its approved change orders: nothing changed in the builder since.',
    )
    .waitFor();
  for (const kind of ['Deposit', 'On doors received'])
    await invoices.filter({ hasText: kind }).getByRole('button', { name: 'Issue' }).click();
  await expect.poll(() => invoices.filter({ hasText: /^INV-/ }).count(), POLL).toBe(2);
  const pay = async (kind: string, reference: string) => {
    const form = t.locator('form.payment-form');
    const row = invoices.filter({ hasText: kind });
    const amount = (await row.locator('td.num').first().textContent())!;
    await form.getByLabel('Amount ($)').fill(amount.replace(/[$,]/g, ''));
    await form.getByLabel('Reference (check number, transfer id)').fill(reference);
    const select = form.getByLabel('For invoice');
    const option = select.locator('option').filter({ hasText: new RegExp(`· ${kind}$`) });
    await select.selectOption(await option.getAttribute('value'));
    await form.getByRole('button', { name: 'Record the payment' }).click();
    await expect.poll(() => row.locator('td.num').nth(1).textContent(), POLL).toBe(amount);
    return Number(amount.replace(/[$,]/g, '')) * 100;
  };
  let paid = 0;
  paid += await pay('Deposit', '1042');
  paid += await pay('On doors received', '1043');
  await expect.poll(() => t.getByTestId('balance').textContent()).toBe(usd(contractCents - paid));
  await t.screenshot({ path: s('11-paid-tablet'), fullPage: true });

  // ── The install day comes (the server's clock, set as the service role), he marks it done.
  const service = await serviceClient(e2e.server.url, e2e.server.dataDir);
  const start = new Date(Date.now() - 2 * 3_600_000);
  const end = new Date(Date.now() + 6 * 3_600_000);
  const moved = await service
    .from('visits')
    .update({
      slots: [{ starts_at: start.toISOString(), ends_at: end.toISOString() }],
      starts_at: start.toISOString(),
      ends_at: end.toISOString(),
    })
    .eq('project_id', id)
    .eq('kind', 'install');
  expect(moved.error).toBeNull();
  await openUntil(t, `/project/${id}`, (p) =>
    p.getByRole('button', { name: 'Mark the install done' }),
  );
  await t.getByRole('button', { name: 'Mark the install done' }).click();
  await t.getByTestId('install-done').waitFor();

  // ── The punch list (offline in the second walk): an item added, then ticked done.
  const walk = t.getByRole('region', { name: 'Walkthrough' });
  if (offline) await goOffline(tablet.ctx);
  await walk.getByLabel('Opening').selectOption({ index: 1 });
  await walk.getByLabel('What needs fixing').fill('Door rubs the frame');
  await walk.getByLabel('Note', { exact: true }).fill('Adjust the top hinge');
  await walk.getByRole('button', { name: 'Add to the punch list' }).click();
  const item = walk.getByRole('list', { name: 'Punch list' }).getByRole('listitem');
  await item.getByText('Door rubs the frame').waitFor();
  await t.screenshot({ path: s('12-punch-item-tablet'), fullPage: true });
  // The box follows the device's database (a moment after the tap).
  await item.getByRole('checkbox').click();
  await expect.poll(() => item.getByRole('checkbox').isChecked()).toBe(true);
  if (offline) {
    await item.getByText('Not sent yet').waitFor();
    const there = await pro.client.from('punch_list_items').select('id').eq('project_id', id);
    expect(there.data).toEqual([]);
    await goOnline(tablet.ctx);
  }
  await item.getByText('Not sent yet').waitFor({ state: 'detached', ...LONG });
  await expect
    .poll(async () => {
      const r = await pro.client.from('punch_list_items').select('item, done').eq('project_id', id);
      return r.data;
    }, POLL)
    .toEqual([{ item: 'Door rubs the frame', done: true }]);

  // ── She signs the job off on her phone: the server issues the final invoice.
  await openUntil(h, `/project/${id}`, (p) =>
    p.getByRole('region', { name: 'Walkthrough' }).getByText('Door rubs the frame'),
  );
  const herWalk = h.getByRole('region', { name: 'Walkthrough' });
  await herWalk.getByRole('heading', { name: 'Sign off the job' }).waitFor(LONG);
  await herWalk.getByLabel('Type your full name to sign').fill('Hannah Owens');
  await herWalk.getByRole('button', { name: 'Sign off' }).click();
  await herWalk.getByText(/^Signed off by Hannah Owens on /).waitFor(LONG);
  await herWalk.getByRole('link', { name: 'How did it go? Review your contractor' }).waitFor();
  await herWalk.scrollIntoViewIfNeeded();
  await h.screenshot({ path: s('13-signed-off-phone') });

  // The final invoice paid: the balance is nothing.
  await openUntil(t, `/project/${id}/contract`, (p) =>
    p
      .locator('table.invoices tbody tr')
      .filter({ hasText: 'On completion' })
      .filter({ hasText: /^INV-/ }),
  );
  const finalCents = await pay('On completion', '1044');
  expect(finalCents).toBe(contractCents - paid);
  await expect.poll(() => t.getByTestId('balance').textContent()).toBe(usd(0));
  await t.screenshot({ path: s('14-final-paid-tablet'), fullPage: true });
  await openUntil(h, `/project/${id}/contract`, (p) =>
    p.getByTestId('balance').getByText(usd(0), { exact: true }),
  );
  // Her phone reads the invoices whole, in the schedule's order, the page no wider than the phone.
  const herInvoices = h.locator('table.invoices tbody tr');
  expect(await herInvoices.locator('td:nth-child(2)').allInnerTexts()).toEqual([
    'Deposit',
    'On doors received',
    'On completion',
  ]);
  for (const cell of await herInvoices.locator('td:first-child').all())
    expect(await cell.innerText()).toMatch(/^INV-\d{4}$/);
  expect(await h.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await h.screenshot({ path: s('15-balance-phone'), fullPage: true });

  // ── Her review, shown to Carlos.
  await h.goto(`/project/${id}`);
  const review = h.getByRole('region', { name: 'Review your contractor' });
  await review.getByRole('radio', { name: '5 stars' }).check(LONG);
  const words = `The ${label} doors came right on the second try and the crew was tidy.`;
  await review.getByLabel('Your review').fill(words);
  await review.getByRole('button', { name: 'Post review' }).click();
  await review.getByText('Waiting to send').waitFor({ state: 'detached', ...LONG });
  await openUntil(t, `/project/${id}`, (p) =>
    p.getByRole('region', { name: 'Review of your work' }).getByText(words),
  );
  // He reads the sign-off; the ask for a review of him is hers, not his.
  const hisWalk = t.getByRole('region', { name: 'Walkthrough' });
  await hisWalk.getByText(/^Signed off by Hannah Owens on /).waitFor();
  expect(await hisWalk.getByRole('link', { name: /Review your contractor/ }).count()).toBe(0);
  await t.getByRole('region', { name: 'Review of your work' }).scrollIntoViewIfNeeded();
  await t.screenshot({ path: s('16-review-tablet') });
  const project = await home.client.from('projects').select('status').eq('id', id).single();
  expect(project.data?.status).toBe('completed');
  await tablet.ctx.close();
  await phone.ctx.close();
}

const testTimeout = 300_000;

describe('after the yes: ordered, checked in, installed, changed, paid, signed off, reviewed', () => {
  it(
    'online throughout',
    async () => {
      await journey('online', false);
    },
    testTimeout,
  );

  it(
    'with the contractor offline for the check-ins and the punch list',
    async () => {
      await journey('offline', true);
    },
    testTimeout,
  );
});
