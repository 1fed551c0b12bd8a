/** Server-rendered markup of a cabinet card: unknown types get an error card, unmeasured parts show "—". */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { emptyCabinetData } from '../../domain/cabinetData';
import { sizeContext } from '../../domain/itemSize';
import { CabinetCard } from './CabinetCard';

const ctx = sizeContext(emptyCabinetData());

describe('CabinetCard', () => {
  it('an unknown cabinet type shows an error card with Remove', () => {
    const html = renderToStaticMarkup(<CabinetCard row={{ id: 0, type: 'Corner Blind' }} number={1} ctx={ctx} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain('Unknown cabinet type “Corner Blind”');
    expect(html).toContain('left out of the order');
    expect(html).toContain('aria-label="Remove Cabinet 1"');
  });

  it('parts without a size show "—" with the reason, and width/height use the numeric keypad', () => {
    // Static rendering reads the store's initial (empty) state: every part is unmeasured.
    // Measured sizes on screen are covered by tests/e2e/builder.e2e.ts.
    const html = renderToStaticMarkup(<CabinetCard row={{ id: 3, type: 'Base 1/1' }} number={2} ctx={ctx} />);
    expect(html).toContain('aria-label="Cabinet 2"');
    expect(html.match(/class="bld-frac">—</g)).toHaveLength(4);
    expect(html).toContain('width not entered');
    expect(html.match(/inputMode="decimal"/g)).toHaveLength(4);
    expect(html).toContain('Cabinet 2 Door 1 </span>Width');
    expect(html).toContain('Cabinet 2 Front 2 </span>Height');
  });
});
