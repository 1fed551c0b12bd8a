/**
 * One crew's journey in Spanish (Chromium with locale es-ES) on a phone and on a tablet: sign up
 * (to "check your email"), then as the demo contractor the dashboard, the builder with the tape
 * keypad, the door order (its sheet stays English for the door maker), a quote, the project's
 * messages (day separator and time in Spanish) and the sync page. Each screen is screenshotted
 * (artifacts/spanish-screens/) and checked for the catalogs' English (support/englishLeft.ts);
 * the top bar must fit the phone without wrapping or overflowing, and no top bar item run over
 * another (the tablet upright too); logging out with a change not sent warns in Spanish.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appSuite } from './support/suite';
import { artifactPath, PHONE, TABLET } from './support/browser';
import { englishIn, readableText, SEED_WORDS } from './support/englishLeft';
import { newUser } from './pages/AuthPages';
import { goOffline, goOnline } from './support/network';

const e2e = appSuite({ seed: true });

/** Seed ids (supabase/seed.sql). */
const CONTRACTOR_JOB = 'a2222222-0000-4000-8000-000000000001';
const SENT_QUOTE = 'd2222222-0000-4000-8000-000000000001';

/** A screen's English from the catalogs, less the seed's own words (user data shown as written). */
async function english(page: Page): Promise<string[]> {
  return englishIn(await readableText(page)).filter((s) => !SEED_WORDS.has(s));
}

async function shot(page: Page, device: string, name: string): Promise<void> {
  await page.screenshot({ path: artifactPath('spanish-screens', `${device}-${name}.png`) });
}

/**
 * The top bar's items whose words run out of their box or over the next item ("Visitas overlaps
 * Cotizaciones"): longer Spanish words must never be drawn over each other.
 */
async function topBarOverlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const inner = document.querySelector('.topbar-inner');
    if (!inner) return ['no top bar'];
    const items = [...inner.children].filter(
      (el): el is HTMLElement => el instanceof HTMLElement && el.getClientRects().length > 0,
    );
    const out: string[] = [];
    items.forEach((el, i) => {
      const name = el.innerText.replace(/\s+/g, ' ').trim() || el.className;
      if (el.scrollWidth > el.clientWidth + 1) out.push(`${name}: its words overflow it`);
      const next = items[i + 1];
      if (next && el.getBoundingClientRect().right > next.getBoundingClientRect().left + 0.5)
        out.push(`${name} overlaps ${next.innerText.replace(/\s+/g, ' ').trim()}`);
    });
    return out;
  });
}

describe('a crew’s day in Spanish', () => {
  it.each([
    ['phone', PHONE],
    ['tablet', TABLET],
  ] as const)('on a %s', async (device, viewport) => {
    const ctx = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      viewport,
      hasTouch: true,
      isMobile: device === 'phone',
      locale: 'es-ES',
      timezoneId: 'Europe/Madrid',
    });
    const page = await ctx.newPage();
    const left: Record<string, string[]> = {};

    // Sign up, in Spanish to the end.
    await page.goto('/signup');
    const u = newUser('contractor', device === 'phone' ? 'Lucía' : 'Ramón');
    await page.getByLabel('Soy').selectOption('contractor');
    await page.getByLabel('Nombre', { exact: true }).fill(u.firstName);
    await page.getByLabel('Apellido').fill(u.lastName);
    await page.getByLabel('Correo electrónico').fill(u.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(u.password);
    await page.getByLabel('Confirmar contraseña').fill(u.password);
    await page.getByRole('button', { name: 'Registrarse' }).click();
    await page.getByRole('heading', { name: '¡Revisa tu correo!' }).waitFor();
    left.signup = await english(page);
    await shot(page, device, 'signup-check-email');

    // The demo contractor's dashboard; the top bar fits the screen on one line.
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill('contractor@example.com');
    await page.getByLabel('Contraseña', { exact: true }).fill('demo-contractor');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL('**/dashboard');
    await page
      .getByRole('link', { name: /Sincroniza|En línea|Sin conexión/ })
      .first()
      .waitFor();
    const bar = await page.getByRole('banner').evaluate((el) => ({
      overflow: el.scrollWidth - el.clientWidth,
      height: el.getBoundingClientRect().height,
    }));
    expect(bar.overflow).toBeLessThanOrEqual(0);
    // One row of buttons (44 px targets and padding), not two.
    expect(bar.height).toBeLessThan(90);
    expect(await topBarOverlaps(page)).toEqual([]);
    if (device === 'tablet') {
      // The tablet held upright too: "Cotizaciones" once ran under the sync status there.
      await page.setViewportSize({ width: viewport.height, height: viewport.width });
      expect(await topBarOverlaps(page)).toEqual([]);
      await shot(page, device, 'dashboard-upright');
      await page.setViewportSize(viewport);
    }
    left.dashboard = await english(page);
    await shot(page, device, 'dashboard');

    // The builder: a cabinet measured with the tape keypad only.
    await page.goto(`/cabinet-builder/${CONTRACTOR_JOB}`);
    await page.getByLabel('Tipo de gabinete').selectOption('Wall');
    await page.getByRole('button', { name: 'Agregar gabinete' }).click();
    const keypad = page.getByRole('group', { name: 'Teclado de cinta' });
    await keypad.waitFor();
    for (const key of ['1', '4', '3/8', 'Siguiente', '3', '0', 'Siguiente'])
      await keypad.getByRole('button', { name: key, exact: true }).tap();
    await page.getByText('= 14.375').first().waitFor();
    left.builder = await english(page);
    await shot(page, device, 'builder-keypad');

    // The door order: the app in Spanish, the sheet for the door maker in English.
    await page.goto(`/order/${CONTRACTOR_JOB}`);
    await page.getByRole('heading', { name: 'Door Order' }).waitFor({ timeout: 30_000 });
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('es');
    await shot(page, device, 'door-order');

    // A quote the contractor sent.
    await page.goto(`/quote/${SENT_QUOTE}`);
    await page.locator('h1').first().waitFor();
    await shot(page, device, 'quote');

    // Messages: a new one under today's separator, its time in Spanish.
    await page.goto(`/project/${CONTRACTOR_JOB}`);
    // The project page's own catalog is in (its texts never show as their ids).
    await page.getByRole('heading', { name: 'Personas en este proyecto' }).waitFor();
    const thread = page.getByRole('region', { name: 'Mensajes' });
    await thread.getByLabel('Mensaje', { exact: true }).fill('Las puertas llegan el martes.');
    await thread.getByRole('button', { name: 'Enviar' }).click();
    const mine = thread.getByRole('article').last();
    await mine.getByText('Las puertas llegan el martes.').waitFor();
    await thread.getByText('Hoy', { exact: true }).waitFor();
    expect(await mine.locator('time').innerText()).toMatch(/^\d{1,2}:\d{2}\s[ap]\.\s?m\.$/);
    await mine.scrollIntoViewIfNeeded();
    left.messages = await english(page);
    await shot(page, device, 'messages');

    // Logging out with a message not sent yet: the browser's warning in Spanish.
    await goOffline(ctx);
    await thread.getByLabel('Mensaje', { exact: true }).fill('Sin señal en el sótano.');
    await thread.getByRole('button', { name: 'Enviar' }).click();
    await thread.getByText('Sin señal en el sótano.').last().waitFor();
    await page.locator('.menu-wrap > button').click();
    const warnings: string[] = [];
    page.once('dialog', (d) => {
      warnings.push(d.message());
      void d.dismiss();
    });
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect.poll(() => warnings.length).toBe(1);
    expect(warnings[0]).toMatch(/^Tienes cambios que todavía no se han sincronizado\./);
    await goOnline(ctx);

    // The sync page, every block in Spanish.
    await page.goto('/sync');
    await page.getByRole('heading', { name: 'Sincronización en segundo plano' }).waitFor();
    left.sync = await english(page);
    await page.screenshot({
      path: artifactPath('spanish-screens', `${device}-sync.png`),
      fullPage: true,
    });

    await ctx.close();
    expect(left).toEqual({
      signup: [],
      dashboard: [],
      builder: [],
      messages: [],
      sync: [],
    });
  });
});
