import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { QUOTES_TITLES, routeTitle, ROUTE_TITLES, screenTitle } from './routeTitles';

afterEach(() => i18n.activate('en'));

const title = (path: string) => routeTitle(path, (d) => i18n._(d));

describe('the tab title per route', () => {
  it('names the screen in English, the landing page by the brand alone', () => {
    i18n.activate('en');
    expect(title('/')).toBe('Refacing');
    expect(title('/login')).toBe('Sign In · Refacing');
    expect(title('/order/a2222222-0000-4000-8000-000000000001')).toBe('Door order · Refacing');
    expect(title('/project/p1/quotes')).toBe('Quotes received · Refacing');
  });

  it('names it in Spanish when Spanish is shown', () => {
    i18n.activate('es');
    expect(title('/login')).toBe('Iniciar sesión · Refacing');
    expect(title('/order/p1')).toBe('Pedido de puertas · Refacing');
    expect(title('/cabinet-builder/p1')).toBe('Medición de gabinetes · Refacing');
    expect(title('/quote/q1')).toBe('Cotización · Refacing');
  });

  it('names /quotes by what each role sees there, in both languages', () => {
    // Left to the screen, which knows the role.
    expect(title('/quotes')).toBeUndefined();
    const named = (role: keyof typeof QUOTES_TITLES) =>
      screenTitle(QUOTES_TITLES[role], (d) => i18n._(d));
    i18n.activate('en');
    expect(named('homeowner')).toBe('Quotes received · Refacing');
    expect(named('contractor')).toBe('My quotes · Refacing');
    i18n.activate('es');
    expect(named('homeowner')).toBe('Cotizaciones recibidas · Refacing');
    expect(named('contractor')).toBe('Mis cotizaciones · Refacing');
    expect(named('loading')).toBe('Cotizaciones · Refacing');
  });

  it('leaves the print page and unknown paths alone', () => {
    expect(title('/quote/q1/print')).toBeUndefined();
    expect(title('/nowhere')).toBeUndefined();
  });

  it('every route has a Spanish title that differs from the English', () => {
    for (const [, d] of ROUTE_TITLES) {
      if (!d) continue;
      i18n.activate('en');
      const en = i18n._(d);
      i18n.activate('es');
      expect(i18n._(d), en).not.toBe(en);
    }
  });
});
