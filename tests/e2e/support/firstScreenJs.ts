/**
 * The JavaScript a screen needs before it shows, counted the same way by the
 * bundle-size test and the PWA bench: gzipped here with zlib (what a
 * compressing host would send).
 *
 * A protected screen sets the app's first-screen mark (src/app/firstScreen.ts)
 * when it shows; the scripts counted are those whose fetch started before
 * that mark, read from the page's own resource timing. Everything deferred to
 * after the first screen starts after the mark by construction, so the figure
 * does not depend on how fast the test notices the screen. A screen without a
 * mark (the landing page) counts the scripts requested until `run` saw it.
 */
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { FIRST_SCREEN_MARK } from '../../../src/app/firstScreen';

/** Code that must never be in a first screen, each found by a text only its bundle carries. */
export const NOT_IN_FIRST_SCREEN: Record<string, string> = {
  'the sync engine and its answer checks': 'push_changes',
  'zod (the checks of the server answers and the forms)': 'ZodError',
  "supabase-js' realtime client": 'phx_join',
  'date-fns': 'lessThanXSeconds',
  'uPlot (the Analytics page charts)': 'u-cursor-pt',
};

export interface ScriptWeight {
  /** Gzipped KB of the scripts fetched before the screen showed. */
  firstScreenKb: number;
  /** Their file names. */
  firstScreenFiles: string[];
  /** File names of the stylesheets fetched before the screen showed (by the mark only; else empty). */
  firstScreenStyles: string[];
  /** Gzipped KB of every script loaded until the network was idle (what comes after the screen too). */
  untilIdleKb: number;
  /** Entries of NOT_IN_FIRST_SCREEN found in a first-screen script, as "what (file)". */
  forbidden: string[];
  /** True when the count used the app's first-screen mark. */
  byMark: boolean;
}

const isScript = (url: string) => /\.m?js(\?|$)/.test(url);
const fileName = (url: string) => new URL(url).pathname.split('/').pop() ?? url;

/**
 * Runs `run` (which opens a screen and waits until it shows) on `page`, then
 * waits for the network to go idle and weighs the scripts. `useMark`: count by
 * the app's first-screen mark (throws when the page set none).
 */
export async function weighFirstScreen(
  page: Page,
  run: () => Promise<void>,
  useMark: boolean,
): Promise<ScriptWeight> {
  const requestedBeforeShown = new Set<string>();
  const bodies = new Map<string, Promise<Buffer | null>>();
  let recording = true;
  page.on('request', (r) => {
    if (recording && isScript(r.url())) requestedBeforeShown.add(r.url());
  });
  page.on('response', (r) => {
    if (isScript(r.url()))
      bodies.set(
        r.url(),
        r.body().catch(() => null),
      );
  });
  await run();
  recording = false;
  await page.waitForLoadState('networkidle');
  let first: string[];
  let styles: string[] = [];
  if (useMark) {
    const byMark = await page.evaluate((mark) => {
      const at = performance.getEntriesByName(mark, 'mark')[0];
      if (!at) return null;
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime <= at.startTime)
        .map((e) => e.name);
    }, FIRST_SCREEN_MARK);
    if (!byMark) throw new Error(`the page set no "${FIRST_SCREEN_MARK}" mark`);
    first = byMark.filter(isScript);
    styles = byMark.filter((url) => /\.css(\?|$)/.test(url)).map(fileName);
  } else first = [...requestedBeforeShown];

  const weigh = async (urls: string[]) => {
    const sized = await Promise.all(
      urls.map(async (url) => ({ url, body: (await bodies.get(url)) ?? null })),
    );
    return sized;
  };
  const firstBodies = await weigh(first);
  const allBodies = await weigh([...bodies.keys()]);
  const kb = (list: { body: Buffer | null }[]) =>
    Math.round(
      (list.reduce((sum, x) => sum + (x.body ? gzipSync(x.body).length : 0), 0) / 1024) * 10,
    ) / 10;
  const forbidden: string[] = [];
  for (const { url, body } of firstBodies) {
    const text = body?.toString('utf8') ?? '';
    for (const [what, marker] of Object.entries(NOT_IN_FIRST_SCREEN))
      if (text.includes(marker)) forbidden.push(`${what} (${fileName(url)})`);
  }
  const missing = firstBodies.filter((x) => !x.body).map((x) => fileName(x.url));
  if (missing.length > 0) throw new Error(`no body recorded for ${missing.join(', ')}`);
  return {
    firstScreenKb: kb(firstBodies),
    firstScreenFiles: firstBodies.map((x) => fileName(x.url)),
    firstScreenStyles: styles,
    untilIdleKb: kb(allBodies),
    forbidden,
    byMark: useMark,
  };
}
