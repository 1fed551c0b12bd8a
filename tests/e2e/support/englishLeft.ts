/**
 * Finding English left on a page shown in Spanish: the English source texts of every catalog
 * (src/i18n/locales/es/*.po) that Spanish words differently, as the literal runs a screen would
 * show (placeholders, tags and plural branches cut out), matched as whole words in the page's
 * visible text, its readable attributes (aria-label, placeholder, title, alt) and its title.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

const ES_DIR = join(import.meta.dirname, '..', '..', '..', 'src', 'i18n', 'locales', 'es');

/** The text of a PO string that may run over several quoted lines. */
function poString(lines: string): string {
  return lines
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l.trim()) as string)
    .join('');
}

/** msgid → msgstr of one Spanish catalog file. */
export function readSpanishCatalog(file: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readFileSync(join(ES_DIR, file), 'utf8').split(/\n\s*\n/)) {
    const id = /^msgid ((?:".*"\n?)+)/m.exec(entry);
    const str = /^msgstr ((?:".*"\n?)+)/m.exec(entry);
    if (id && str) out.set(poString(id[1]!), poString(str[1]!));
  }
  return out;
}

/** The literal runs of an ICU message a person would read: placeholders, tags and `#` cut out. */
function literalRuns(message: string): string[] {
  // Plural/select branches: keep each branch's text, drop the selector.
  const flat = message
    .replace(/\{\s*\w+\s*,\s*(?:plural|select|selectordinal)\s*,/g, '{')
    .replace(/(?:=\d+|zero|one|two|few|many|other|\w+)\s*\{/g, '{');
  return flat
    .split(/\{[^{}]*\}|[{}]|<\/?\d+\/?>|#/)
    .map((r) => r.trim())
    .filter(Boolean);
}

/**
 * The English runs to look for: from each message whose Spanish differs, each run of at least
 * `minLength` characters with a lowercase letter (shorter ones match inside names and data).
 */
export function englishSources(minLength = 6): string[] {
  const runs = new Set<string>();
  for (const file of readdirSync(ES_DIR).filter((f) => f.endsWith('.po'))) {
    for (const [id, es] of readSpanishCatalog(file)) {
      if (!id || id === es || es === '') continue;
      const spanish = new Set(literalRuns(es));
      for (const run of literalRuns(id))
        if (run.length >= minLength && /[a-z]/.test(run) && !spanish.has(run)) runs.add(run);
    }
  }
  return [...runs];
}

/**
 * Words the seed's people wrote in English (supabase/seed.sql: project names "Kitchen refresh" and
 * the garage's, descriptions and quote lines with "slab drawer fronts" and "full overlay", the demo
 * accounts' emails), which are also runs of the catalogs' English: user data is shown as written.
 * "overlay" is the trade's word in Spanish too.
 */
export const SEED_WORDS = new Set([
  'drawer',
  'overlay',
  'Kitchen',
  'Garage',
  'homeowner@example.com',
  'contractor@example.com',
]);

const SOURCES = englishSources();

/**
 * Everything a person reads on the page in its language: visible text, readable attributes and
 * the title. Left out: what is marked as not the page's language, a document shown in its own
 * (`lang` other than the page's: the door order's sheet for its maker, a quote printed for its
 * homeowner), and people's own words marked `translate="no"` (names, descriptions, emails), which
 * no catalog translates, wherever they are shown, in a readable attribute too.
 */
export async function readableText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const pageLang = document.documentElement.lang;
    const foreign = (el: Element): boolean =>
      el.closest('[translate="no"]') !== null ||
      (el.closest('[lang]')?.getAttribute('lang') ?? pageLang) !== pageLang;
    // The outermost foreign parts' text, taken out of the body's (innerText reads each the same way).
    const ownWords: string[] = [];
    let text = document.body.innerText;
    for (const el of document.body.querySelectorAll('[translate="no"], [lang]')) {
      if (!(el instanceof HTMLElement) || !foreign(el)) continue;
      if (el.parentElement && foreign(el.parentElement)) continue;
      const own = el.innerText.trim();
      if (own) ownWords.push(own);
    }
    // Wherever else the page names them (a label or a hidden "of Park Cabinet Co." for screen
    // readers), people's words are not the page's language either.
    const withoutOwn = (value: string) =>
      ownWords.reduce((v, own) => v.split(own).join('\n'), value);
    text = withoutOwn(text);
    const attrs = [...document.querySelectorAll('[aria-label],[placeholder],[title],img[alt]')]
      .filter((el) => !foreign(el))
      .map((el) =>
        ['aria-label', 'placeholder', 'title', 'alt']
          .map((a) => withoutOwn(el.getAttribute(a) ?? ''))
          .join('\n'),
      );
    return `${text}\n${attrs.join('\n')}\n${document.title}`;
  });
}

/** The English source runs found in `text` (whole words, case as written). */
export function englishIn(text: string, sources: readonly string[] = SOURCES): string[] {
  return sources.filter((s) =>
    new RegExp(`(^|[^A-Za-z])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^A-Za-z]|$)`).test(text),
  );
}
