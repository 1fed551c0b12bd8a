/**
 * The order checks worded from their data (checkTexts.ts): in English each line is the domain's
 * own English line, word for word; in Spanish no English sentence is left, sizes stay inches.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { emptyCabinetData, type CabinetData } from '../domain/cabinetData';
import { computeDoorOrder } from '../domain/doorOrder';
import { checkOrder, checkOrderDetails } from '../domain/orderChecks';
import { checkText, orderWarningText } from './checkTexts';

afterEach(() => i18n.activate('en'));

/** A job with one of every check: a missing style, a wide reveal, bad sizes, an unknown type. */
function job(): CabinetData {
  const d = emptyCabinetData();
  d.form.sideReveal = 0.5;
  d.cabinets = {
    a: { type: 'Base 2/1', order: 'a0' },
    b: { type: 'Wall', order: 'a1' },
    c: { type: 'Corner Blind', order: 'a2' },
    e: { type: 'Kite DB 0/3', order: 'a3' },
  };
  d.itemState = {
    a_0: { width: '30', height: '40', nextToWall: false, splitDoor: false, type: 'Door' },
    a_1: { width: '12', height: '30', nextToWall: false, splitDoor: false, type: 'Door' },
    a_2: { width: 'abc', height: '6', nextToWall: false, splitDoor: false, type: 'Front' },
    b_0: { width: '70', height: '130', nextToWall: false, splitDoor: false, type: 'Door' },
    e_0: { width: '15', height: '3', nextToWall: false, splitDoor: false, type: 'Front' },
  };
  return d;
}

describe('check texts', () => {
  const data = job();
  const checks = [
    ...checkOrderDetails(data.form, { doors: true, drawerFronts: true }),
    ...checkOrder(data).checks,
  ];

  it('in English, every check worded from its data is its English line', () => {
    const codes = new Set(checks.map((c) => c.code));
    expect(codes.size).toBeGreaterThanOrEqual(8);
    for (const c of checks) expect(checkText(c.words)).toBe(c.message);
    for (const w of computeDoorOrder(data).warnings) expect(orderWarningText(w)).toBe(w.message);
  });

  it('in Spanish, the same checks read in Spanish with the sizes as a tape reads them', () => {
    i18n.activate('es');
    const lines = checks.map((c) => checkText(c.words));
    expect(lines).toContain(
      'Trabajo: falta estilo de puerta — el fabricante de puertas no puede hacer las piezas sin esto; escríbelo en Detalles del gabinete',
    );
    expect(
      lines.some((l) => l.startsWith('Gabinete 1 Frente 3: ancho “abc” no es una medida')),
    ).toBe(true);
    for (const l of lines) expect(l).not.toMatch(/\b(Cabinet|not measured|wide —|the pair)\b/);
    const cabinetCard = checks
      .filter((c) => c.words.id === 'part')
      .map((c) => checkText(c.words, i18n, false));
    expect(cabinetCard.every((l) => !l.startsWith('Gabinete'))).toBe(true);
  });
});
