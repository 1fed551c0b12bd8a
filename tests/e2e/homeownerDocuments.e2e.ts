/**
 * The homeowner's documents in the homeowner's language, whatever the contractor's app reads:
 * the demo homeowner chose Spanish on her profile, the demo contractor works in English. On his
 * tablet the printed quote and the laundry room's invoice read in Spanish (the sheets), while
 * the buttons around them stay in his English.
 */
import { describe, expect, it } from 'vitest';
import { appSuite } from './support/suite';
import { artifactPath, TABLET } from './support/browser';
import { signedInClient } from './support/serverClient';

const e2e = appSuite({ seed: true });

/** Seed ids (supabase/seed.sql). */
const SENT_QUOTE = 'd2222222-0000-4000-8000-000000000001';
/** The laundry room: the homeowner accepted Carlos's quote, so it has a contract. */
const LAUNDRY = 'a1111111-0000-4000-8000-000000000003';

describe("the homeowner's documents", () => {
  it("print in her language on the contractor's English tablet: the quote and an invoice", async () => {
    // Her choice, as the profile page writes it (her own row, through RLS).
    const { client, userId } = await signedInClient(e2e.server.url, {
      email: 'homeowner@example.com',
      password: 'demo-homeowner',
    });
    const { error } = await client.from('profiles').update({ locale: 'es' }).eq('id', userId);
    expect(error).toBeNull();

    const ctx = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      viewport: TABLET,
      locale: 'en-US',
    });
    const page = await ctx.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill('contractor@example.com');
    await page.getByLabel('Password', { exact: true }).fill('demo-contractor');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');

    await page.goto(`/quote/${SENT_QUOTE}/print`);
    const sheet = page.locator('.qt-sheet');
    await expect
      .poll(async () => ((await sheet.count()) > 0 ? await sheet.first().innerText() : ''), {
        timeout: 30_000,
      })
      .toMatch(/Cotización/);
    expect(await sheet.first().getAttribute('aria-label')).toBe('Cotización para imprimir');
    await page.getByRole('button', { name: 'Print / PDF' }).waitFor();
    await page.screenshot({
      path: artifactPath('homeowner-documents', 'quote-print-tablet.png'),
      fullPage: true,
    });

    await page.goto(`/project/${LAUNDRY}/contract`);
    await page.getByRole('button', { name: 'Save the schedule' }).click();
    await page.getByRole('button', { name: 'Issue' }).first().click();
    // The issued invoice's own link (the page's other "Open" is the builder's).
    const open = page.locator('a[href*="/invoice/"]').first();
    await open.waitFor({ timeout: 30_000 });
    await open.click();
    const invoice = page.locator('.invoice-sheet');
    await expect
      .poll(async () => ((await invoice.count()) > 0 ? await invoice.first().innerText() : ''), {
        timeout: 30_000,
      })
      .toMatch(/Factura/);
    // Once synced, the server's number and the due day, written the Spanish way ("16 dic 2026").
    await expect
      .poll(async () => await invoice.first().innerText(), { timeout: 30_000 })
      .toMatch(/Vence: \d{1,2} [a-záéíóú]+\.? \d{4}/);
    const text = await invoice.first().innerText();
    expect(text).not.toMatch(/Número al sincronizar/);
    expect(text).toMatch(/Monto a pagar/);
    expect(text).toMatch(/Total del contrato/);
    expect(text).not.toMatch(/Amount due|Contract total/);
    // The page around the sheet is his: English.
    await page.getByRole('button', { name: 'Print or save as PDF' }).waitFor();
    await page.screenshot({
      path: artifactPath('homeowner-documents', 'invoice-tablet.png'),
      fullPage: true,
    });
    await ctx.close();
  });
});
