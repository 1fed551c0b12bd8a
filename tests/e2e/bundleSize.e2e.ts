/**
 * JS weight of the first screens, in English and in Spanish: the landing page
 * renders with ≤ 100 KB of gzipped JS, the dashboard (signed in, a cold start
 * from the stored session) with ≤ 150 KB, each with only its own texts' Lingui
 * catalogs (lingui.config.ts), and neither carries the sync engine, zod, supabase-js'
 * realtime client or date-fns. Each count is the scripts fetched before the
 * app's first-screen mark (tests/e2e/support/firstScreenJs.ts; the public
 * pages' layout sets it on the landing page), so it does not depend on
 * timing. The service worker's script
 * (it carries the sync engine for background pushes) stays within its budget
 * and without the clients it never runs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { appSuite } from './support/suite';
import { TABLET } from './support/browser';
import { weighFirstScreen } from './support/firstScreenJs';

const e2e = appSuite({ seed: true });

/** Each first screen is weighed in both languages: Spanish texts are a little longer. */
const LANGUAGES = [
  { lang: 'en', browser: 'en-US', pricing: 'Pricing', welcome: /^Welcome, / },
  { lang: 'es', browser: 'es-ES', pricing: 'Precios', welcome: /^Hola, / },
] as const;

/**
 * The Lingui catalogs among `files` (their chunks are named `i18n-<lang>-<catalog>`, vite.config.ts),
 * as `<lang>-<catalog>`.
 */
function catalogsIn(files: string[]): string[] {
  return files.flatMap((f) => /^i18n-([a-z]+-\w+)-[\w-]+\.js$/.exec(f)?.[1] ?? []);
}

describe('first-screen JS weight', () => {
  it.each(LANGUAGES)('landing ≤ 100 KB gzipped ($lang)', async ({ lang, browser, pricing }) => {
    const ctx = await e2e.browser.newContext({
      baseURL: e2e.server.url,
      viewport: TABLET,
      locale: browser,
    });
    const page = await ctx.newPage();
    const w = await weighFirstScreen(
      page,
      async () => {
        await page.goto('/');
        await page.getByRole('heading', { name: pricing }).waitFor();
      },
      true,
    );
    console.info(`landing JS (${lang}): ${w.firstScreenKb} KB gz`, w.firstScreenFiles);
    expect(w.forbidden).toEqual([]);
    // Only the entry's and the public pages' texts, in the language shown: no error catalogue.
    expect(catalogsIn(w.firstScreenFiles).sort()).toEqual([`${lang}-messages`, `${lang}-public`]);
    expect(w.firstScreenKb).toBeLessThanOrEqual(100);
    await ctx.close();
  });

  it.each(LANGUAGES)(
    'dashboard ≤ 150 KB gzipped, without the sync, zod, realtime or date-fns ($lang)',
    async ({ lang, browser, welcome }) => {
      const ctx = await e2e.browser.newContext({
        baseURL: e2e.server.url,
        viewport: TABLET,
        locale: browser,
      });
      const page = await ctx.newPage();
      // Signed in on the sign-in page in the language shown (its labels are in the auth catalog).
      await page.goto('/login');
      await page.locator('input[type=email]').fill('homeowner@example.com');
      await page.locator('input[type=password]').fill('demo-homeowner');
      await page.locator('form button[type=submit]').click();
      await page.getByRole('heading', { name: welcome }).waitFor();
      // A fresh tab (same session, empty memory cache) opening the dashboard directly.
      const page2 = await ctx.newPage();
      const w = await weighFirstScreen(
        page2,
        async () => {
          await page2.goto('/dashboard');
          await page2.getByRole('heading', { name: welcome }).waitFor();
        },
        true,
      );
      console.info(
        `dashboard JS (${lang}): ${w.firstScreenKb} KB gz (${w.untilIdleKb} KB until idle)`,
        w.firstScreenFiles,
      );
      expect(w.forbidden).toEqual([]);
      expect(w.firstScreenKb).toBeLessThanOrEqual(150);
      // Few files: offline, each comes from the service worker's cache (vite.config.ts): the
      // runtime config, the entry, the bundler's runtime and the signed-in shell, which takes in
      // what the layout and the dashboard import (scripts/signedInChunk.ts); and two stylesheets,
      // the entry's and the shell's, which Vite preloads with its script. Besides them, two
      // catalogs in the language shown (lingui.config.ts): the entry's and the signed-in
      // shell's, never the error catalogue nor another language's.
      const catalogs = catalogsIn(w.firstScreenFiles);
      expect(catalogs.sort()).toEqual([`${lang}-app`, `${lang}-messages`]);
      expect(
        w.firstScreenFiles.length - catalogs.length,
        w.firstScreenFiles.join(', '),
      ).toBeLessThanOrEqual(4);
      expect(w.firstScreenStyles.length, w.firstScreenStyles.join(', ')).toBeLessThanOrEqual(2);
      // What was held back still comes: the sync engine and supabase-js load after the screen.
      expect(w.untilIdleKb).toBeGreaterThan(w.firstScreenKb);
      await ctx.close();
    },
  );

  it('service worker ≤ 86 KB gzipped, without Realtime, Edge Functions or passkeys', () => {
    const script = readFileSync(join(process.cwd(), 'dist/sw.js'));
    const kb = gzipSync(script).length / 1024;
    console.info(`service worker: ${kb.toFixed(1)} KB gz`);
    const text = script.toString('utf8');
    // Texts only each client's code carries: Phoenix channel joins, the Functions relay header, WebAuthn.
    for (const marker of ['phx_join', 'x-relay-error', 'navigator.credentials'])
      expect(text, marker).not.toContain(marker);
    // What the worker runs: the push RPC and Storage uploads.
    expect(text).toContain('push_changes');
    expect(text).toContain('/object/');
    expect(kb).toBeLessThanOrEqual(86);
  });
});
