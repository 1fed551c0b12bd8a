import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  priceHinges,
  priceLine,
  priceListSchema,
  readPriceList,
  roundCents,
  hingePartNumber,
  centsToDollarsText,
  DEPOSIT_AMOUNT_TEXT,
  DEPOSIT_AMOUNT_TOO_HIGH_TEXT,
  DEPOSIT_PERCENT_TEXT,
  dollarsTextToCents,
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
      depositCapPercent: 10,
      depositCapCents: 100_000,
      hingeParts: [],
    });
  });
  it('the deposit cap: California by default, edited within 0–100 % and $0–$1,000,000, refused with the field’s message', () => {
    const base = { doorPerSqFt: 18 };
    expect(
      priceListSchema.parse({ ...base, depositCapPercent: 5, depositCapCents: 50_000 }),
    ).toMatchObject({
      depositCapPercent: 5,
      depositCapCents: 50_000,
    });
    const issue = (v: Record<string, unknown>) => {
      const r = priceListSchema.safeParse({ ...base, ...v });
      return r.success
        ? null
        : { path: r.error.issues[0]?.path[0], message: r.error.issues[0]?.message };
    };
    const percent = { path: 'depositCapPercent', message: DEPOSIT_PERCENT_TEXT };
    const amount = { path: 'depositCapCents', message: DEPOSIT_AMOUNT_TEXT };
    expect(issue({ depositCapPercent: 0 })).toEqual(percent);
    expect(issue({ depositCapPercent: 100.5 })).toEqual(percent);
    expect(issue({ depositCapPercent: 'ten' })).toEqual(percent);
    expect(issue({ depositCapPercent: 100 })).toBeNull();
    expect(issue({ depositCapCents: 0 })).toEqual(amount);
    expect(issue({ depositCapCents: 12.5 })).toEqual(amount);
    expect(issue({ depositCapCents: 'lots' })).toEqual(amount);
    expect(issue({ depositCapCents: 100_000_001 })).toEqual({
      path: 'depositCapCents',
      message: DEPOSIT_AMOUNT_TOO_HIGH_TEXT,
    });
    // A stored list with a broken cap shows no prices rather than a wrong warning.
    expect(readPriceList({ ...base, depositCapPercent: -1 })).toBeNull();
  });
  it('dollars typed in a field become whole cents; anything else stays text for the schema to refuse', () => {
    expect(dollarsTextToCents('1,000')).toBe(100_000);
    expect(dollarsTextToCents(' $1,250.5 ')).toBe(125_050);
    expect(dollarsTextToCents('0.01')).toBe(1);
    expect(dollarsTextToCents('')).toBeUndefined();
    expect(dollarsTextToCents('12.345')).toBe('12.345');
    expect(dollarsTextToCents('-5')).toBe('-5');
    expect(dollarsTextToCents('1e3')).toBe('1e3');
    expect(centsToDollarsText(100_000)).toBe('1000');
    expect(centsToDollarsText(125_050)).toBe('1250.50');
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
