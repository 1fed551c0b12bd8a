import { describe, expect, it } from 'vitest';
import { formatFraction } from './fractions';
import { doorOrderCsv, exactDecimal, sixteenthsText } from '../../shared/doorOrderCsv';

describe('the mailed CSV', () => {
  it('writes every size as the printed sheet does (its twin of formatFraction, held equal here)', () => {
    for (let i = 0; i <= 200 * 64; i++) {
      const inches = i / 64;
      expect(sixteenthsText(inches), String(inches)).toBe(formatFraction(inches));
    }
    for (const inches of [15.3749999, 0.03125, 13.96875, 22.1875, 199.99]) {
      expect(sixteenthsText(inches), String(inches)).toBe(formatFraction(inches));
    }
    expect(exactDecimal(15.375)).toBe('15.375');
    expect(exactDecimal(15.33333333)).toBe('15.3333');
  });

  it('is one table: quoted cells, no formulas, CRLF, a byte-order mark', () => {
    const csv = doorOrderCsv({
      po_number: '=HYPERLINK("x")',
      parts: [
        {
          key: 'a_0',
          cabinet: 1,
          cabinet_type: 'Base, "wide"',
          kind: 'door',
          part: 'Door',
          quantity: 2,
          width: 15.375,
          height: 30,
        },
      ],
    });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(lines[1]).toBe(
      `"'=HYPERLINK(""x"")",1,"Base, ""wide""",Door,Door,2,15.375,"15 3/8""",30,"30"""`,
    );
  });
});
