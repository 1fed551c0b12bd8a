/**
 * The app in Spanish, as a crew's phone and a homeowner's tablet set to Spanish (Chromium with
 * locale es-ES, Madrid's clock): the first visit follows the browser's language, `<html lang>`
 * follows it, sign-up's validation texts and its "check your email" view read in Spanish, the
 * public footer's switch goes to English and back, and a signed-in person's choice on the profile
 * is kept on the profile. Every translated route is checked for English left over from the
 * catalogs' source texts. Screenshots: artifacts/spanish/.
 *
 * Every screen is translated (docs/i18n.md); spanishRoutes.e2e.ts checks each route.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appSuite } from './support/suite';
import { artifactPath, PHONE, TABLET } from './support/browser';
import { newUser } from './pages/AuthPages';

const e2e = appSuite({ seed: true });

const LOCALES_DIR = join(import.meta.dirname, '..', '..', 'src', 'i18n', 'locales');

/** msgid → msgstr of one catalog (single-line entries, as `lingui extract` writes ours). */
function readCatalog(locale: string, name: string): Map<string, string> {
  const po = readFileSync(join(LOCALES_DIR, locale, `${name}.po`), 'utf8');
  const out = new Map<string, string>();
  for (const m of po.matchAll(/^msgid (".*")\nmsgstr (".*")$/gm))
    out.set(JSON.parse(m[1]!) as string, JSON.parse(m[2]!) as string);
  return out;
}

/**
 * The English texts of the shell's catalog that Spanish words differently, as the literal runs a
 * screen would show (placeholders and tags cut out), long enough not to match inside a name.
 */
function englishSources(): string[] {
  const runs = new Set<string>();
  for (const [id, es] of readCatalog('es', 'messages')) {
    if (!id || id === es || id.includes('{count, plural')) continue;
    for (const run of id.split(/\{[^}]*\}|<\/?\d+>/)) {
      const text = run.trim();
      if (text.length >= 6 && /[a-z]/.test(text)) runs.add(text);
    }
  }
  return [...runs];
}

async function spanishContext(browser: Browser, viewport: { width: number; height: number }) {
  return browser.newContext({
    baseURL: e2e.server.url,
    viewport,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    serviceWorkers: 'allow',
  });
}

/** English source texts found in the page's visible text and readable attributes. */
async function englishLeft(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    const attrs = [...document.querySelectorAll('[aria-label],[placeholder],[title]')].map((el) =>
      ['aria-label', 'placeholder', 'title'].map((a) => el.getAttribute(a) ?? '').join('\n'),
    );
    return `${document.body.innerText}\n${attrs.join('\n')}\n${document.title}`;
  });
  return englishSources().filter((s) =>
    new RegExp(`(^|[^A-Za-z])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^A-Za-z]|$)`).test(text),
  );
}

describe('the app in Spanish', () => {
  it.each([
    ['phone', PHONE],
    ['tablet', TABLET],
  ] as const)(
    'on a %s: first visit in the browser’s language, sign-up in Spanish, no English left on the translated routes',
    async (device, viewport) => {
      const ctx = await spanishContext(e2e.browser, viewport);
      const page = await ctx.newPage();

      await page.goto('/');
      await page.getByRole('heading', { name: 'Precios' }).waitFor();
      await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('es');
      expect(await englishLeft(page)).toEqual([]);
      await page.screenshot({
        path: artifactPath('spanish', `${device}-landing.png`),
        fullPage: true,
      });

      await page.goto('/login');
      await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await page.getByRole('alert').getByText('Llena todos los campos obligatorios').waitFor();
      expect(await englishLeft(page)).toEqual([]);

      await page.goto('/signup');
      await page.getByRole('heading', { name: 'Crea tu cuenta' }).waitFor();
      await expect(page.getByLabel('Soy').locator('option').allTextContents()).resolves.toEqual([
        'Dueño de casa',
        'Contratista',
        'Organización',
      ]);
      const u = newUser('contractor', 'Mateo');
      await page.getByLabel('Soy').selectOption('contractor');
      await page.getByLabel('Nombre', { exact: true }).fill(u.firstName);
      await page.getByLabel('Apellido').fill(u.lastName);
      await page.getByLabel('Correo electrónico').fill(u.email);
      await page.getByLabel('Contraseña', { exact: true }).fill(u.password);
      await page.getByLabel('Confirmar contraseña').fill('otra-cosa-1');
      await page.getByRole('button', { name: 'Registrarse' }).click();
      await page.getByRole('alert').getByText('Las contraseñas no coinciden').waitFor();
      expect(await englishLeft(page)).toEqual([]);
      await page.screenshot({ path: artifactPath('spanish', `${device}-signup-error.png`) });

      await page.getByLabel('Confirmar contraseña').fill(u.password);
      await page.getByRole('button', { name: 'Registrarse' }).click();
      await page.getByRole('heading', { name: '¡Revisa tu correo!' }).waitFor();
      await page.getByText(u.email).waitFor();
      expect(await englishLeft(page)).toEqual([]);
      await page.screenshot({ path: artifactPath('spanish', `${device}-check-email.png`) });

      // The public footer's switch: English at once, and this device keeps it for its next page.
      await page.goto('/');
      await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
      await page.getByRole('heading', { name: 'Pricing' }).waitFor();
      await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en');
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Sign In' }).waitFor();
      await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
      await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
      await ctx.close();
    },
  );

  it('a choice on the profile is kept on the profile: another device of that person follows it', async () => {
    // The contractor's own browser is in English; they pick Spanish on their profile.
    const first = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      viewport: TABLET,
      locale: 'en-US',
    });
    const page = await first.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill('contractor@example.com');
    await page.getByLabel('Password').fill('demo-contractor');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/profile');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await page.getByRole('heading', { name: 'Idioma' }).waitFor();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('es');
    await page
      .getByRole('link', { name: /Mi panel/ })
      .first()
      .waitFor();
    await page.screenshot({ path: artifactPath('spanish', 'tablet-profile-es.png') });

    // A second device, its browser in English, signs in: the top bar turns Spanish once the
    // profile syncs.
    const second = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      viewport: PHONE,
      locale: 'en-US',
    });
    const phone = await second.newPage();
    await expect
      .poll(
        async () => {
          await phone.goto('/login');
          await phone.getByLabel(/Email|Correo electrónico/).fill('contractor@example.com');
          await phone.getByLabel(/^(Password|Contraseña)$/).fill('demo-contractor');
          await phone.getByRole('button', { name: /^(Sign In|Iniciar sesión)$/ }).click();
          await phone.waitForURL('**/dashboard');
          return phone
            .getByRole('link', { name: /Mi panel/ })
            .first()
            .waitFor({ timeout: 15_000 })
            .then(
              () => true,
              () => false,
            );
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(true);
    await expect(phone.evaluate(() => document.documentElement.lang)).resolves.toBe('es');
    await phone.screenshot({ path: artifactPath('spanish', 'phone-dashboard-es.png') });
    await first.close();
    await second.close();
  });
});
