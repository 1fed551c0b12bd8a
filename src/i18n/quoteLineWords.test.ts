import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { setupI18n, type Messages } from '@lingui/core';
import { messages as en } from './locales/en/shared.po';
import { messages as es } from './locales/es/shared.po';
import { priceListSchema } from '../domain/pricing';
import { rewordGeneratedLines, startingQuoteLines } from '../domain/quoteStart';
import { ENGLISH_LINE_WORDS } from '../domain/quoteTotals';
import { lineWords } from './quoteLineWords';

const kitchen = (
  JSON.parse(
    readFileSync(
      new URL('../../tests/fixtures/jobs/kitchen-full-overlay.json', import.meta.url),
      'utf8',
    ),
  ) as { cabinetData: unknown }
).cabinetData;
const prices = priceListSchema.parse({ doorPerSqFt: 21, drawerFrontPerSqFt: 16, perHinge: 5.25 });

const inLocale = (locale: 'en' | 'es', messages: Messages) =>
  lineWords(setupI18n({ locale, messages: { [locale]: messages } }));
const english = inLocale('en', en);
const spanish = inLocale('es', es);

describe('the quote lines the door order writes, in the document language', () => {
  it('English from the catalog reads as the domain English, word for word', () => {
    expect(startingQuoteLines(kitchen, prices, english)).toEqual(
      startingQuoteLines(kitchen, prices, ENGLISH_LINE_WORDS),
    );
    expect(english.finish('Satin white')).toBe(ENGLISH_LINE_WORDS.finish('Satin white'));
    expect(english.door('14 1/2" × 30"', '')).toBe('Door 14 1/2" × 30"');
  });

  it('Spanish for a Spanish homeowner: the same lines and figures, every description in Spanish', () => {
    const en = startingQuoteLines(kitchen, prices, ENGLISH_LINE_WORDS);
    const lines = startingQuoteLines(kitchen, prices, spanish);
    expect(lines.map(({ description: _, ...l }) => l)).toEqual(
      en.map(({ description: _, ...l }) => l),
    );
    for (const l of lines)
      expect(l.description).toMatch(
        /^(Puerta|Frente de cajón|Bisagra para overlay de|Acabado|Mano de obra|Quitar y llevarse|Entrega)/,
      );
    expect(lines.find((l) => l.kind === 'hinge')?.description).toMatch(
      /^Bisagra para overlay de .+", con perforación$/,
    );
    expect(lines.at(-2)?.description).toBe(
      'Quitar y llevarse las puertas y frentes de cajón viejos',
    );
    expect(lines.at(-1)?.description).toBe('Entrega');
  });

  it("re-wording: the door order's untouched lines go to the homeowner's language, edited ones stay", () => {
    const lines = startingQuoteLines(kitchen, prices, ENGLISH_LINE_WORDS).map((l) => ({ ...l }));
    lines[0]!.description = 'Door, my own words';
    lines.push({ kind: 'other', description: 'Delivery', quantity: 1, unit_cents: 500 });
    const out = rewordGeneratedLines(lines, kitchen, spanish, [ENGLISH_LINE_WORDS]);
    expect(out[0]!.description).toBe('Door, my own words');
    // Another kind with the same words is the contractor's line.
    expect(out.at(-1)!.description).toBe('Delivery');
    expect(out.slice(1, -1).map((l) => l.description)).toEqual(
      startingQuoteLines(kitchen, prices, spanish)
        .slice(1)
        .map((l) => l.description),
    );
    expect(out.map(({ description: _, ...l }) => l)).toEqual(
      lines.map(({ description: _, ...l }) => l),
    );
    // Back to English, and nothing to do when the words are already the document's.
    expect(rewordGeneratedLines(out, kitchen, english, [spanish]).slice(1, -1)).toEqual(
      lines.slice(1, -1),
    );
    expect(rewordGeneratedLines(lines, kitchen, english, [spanish])).toBe(lines);
  });
});
