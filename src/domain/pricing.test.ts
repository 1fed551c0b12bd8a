import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  priceHinges,
  priceLine,
  priceListSchema,
  readPriceList,
  roundCents,
  hingePartNumber,
} from './pricing';

describe('price list', () => {
  it('defaults: 1.5 sq ft per door, 0.5 per drawer front, USD, hinges 0', () => {
    expect(priceListSchema.parse({ doorPerSqFt: 18, drawerFrontPerSqFt: 12 })).toEqual({
      currency: 'USD',
      doorPerSqFt: 18,
      drawerFrontPerSqFt: 12,
      minDoorSqFt: 1.5,
      minDrawerFrontSqFt: 0.5,
      perHinge: 0,
      company: '',
      hingeParts: [],
    });
  });
  it('a hinge part number matches its size to the nearest 1/64" (overlay sizes are kept to 3 decimals)', () => {
    const list = priceListSchema.parse({
      doorPerSqFt: 18,
      drawerFrontPerSqFt: 12,
      hingeParts: [{ size: 1.4375, partNumber: ' 71B3750 ' }],
    });
    expect(hingePartNumber(list, 1.438)).toBe('71B3750');
    expect(hingePartNumber(list, 0.5)).toBe('');
    expect(hingePartNumber(null, 1.438)).toBe('');
  });
  it('refuses negative prices with a message in plain words; a broken stored list shows no prices', () => {
    const r = priceListSchema.safeParse({ doorPerSqFt: -1, drawerFrontPerSqFt: 12 });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('A price cannot be negative');
    expect(readPriceList({ doorPerSqFt: 'ten' })).toBeNull();
    expect(readPriceList(null)).toBeNull();
  });
  it('area in sq ft with the minimum per piece; money to cents, half up', () => {
    const list = priceListSchema.parse({ doorPerSqFt: 20, drawerFrontPerSqFt: 15, perHinge: 4.25 });
    // 12 × 12 = 1 sq ft → billed 1.5 (door minimum) × 3 pieces × $20 = $90
    expect(priceLine(list, 'door', 3, 12, 12)).toEqual({
      pieceSqFt: 1.5,
      lineSqFt: 4.5,
      ratePerSqFt: 20,
      price: 90,
    });
    // 24 × 30 = 5 sq ft × $20 = $100
    expect(priceLine(list, 'door', 1, 24, 30)?.price).toBe(100);
    expect(priceLine(list, 'drawerFront', 1, 6, 6)).toMatchObject({ pieceSqFt: 0.5, price: 7.5 });
    expect(priceHinges(list, 7)).toBe(29.75);
    expect(roundCents(1.005)).toBe(1.01);
  });
  it('optional means optional: a door price alone is a list; drawer fronts then have no price', () => {
    const doorsOnly = priceListSchema.safeParse({ doorPerSqFt: 20 });
    expect(doorsOnly.success).toBe(true);
    expect(priceLine(doorsOnly.data!, 'drawerFront', 1, 6, 6)).toBeNull();
    expect(priceLine(doorsOnly.data!, 'door', 1, 24, 30)?.price).toBe(100);
    // With neither price the list prices nothing: the message says which price and why, on the door field.
    const none = priceListSchema.safeParse({ perHinge: 4 });
    expect(none.success).toBe(false);
    expect(none.error?.issues).toEqual([
      expect.objectContaining({
        path: ['doorPerSqFt'],
        message:
          'Enter a door or a drawer-front price per sq ft: door orders and quotes price pieces by their area',
      }),
    ]);
  });
  it('formats money in the given locale', () => {
    expect(formatMoney(1234.5, 'USD', 'en-US')).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'EUR', 'de-DE')).toMatch(/^1\.234,50\s€$/);
  });
});
