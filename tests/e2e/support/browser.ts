/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser),
 * with the flags this machine needs (no sandbox as root, no background
 * networking on a closed network).
 */
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const TABLET = { width: 1024, height: 768 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** The browsers this test process launched, for what failed tests print (failureReport.ts). */
export const launched = new Set<Browser>();

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  launched.add(browser);
  browser.once('disconnected', () => launched.delete(browser));
  return browser;
}

/** A fresh context (its own IndexedDB, storage and service workers). */
export async function newContext(
  browser: Browser,
  opts: { baseURL: string; viewport?: { width: number; height: number } },
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: opts.baseURL,
    viewport: opts.viewport ?? TABLET,
    serviceWorkers: 'allow',
  });
}

/** Where screenshots go (`artifacts/` is git-ignored). */
export function artifactPath(...parts: string[]): string {
  const dir = resolve(import.meta.dirname, '../../../artifacts', ...parts.slice(0, -1));
  mkdirSync(dir, { recursive: true });
  return resolve(dir, parts[parts.length - 1] ?? 'shot.png');
}
