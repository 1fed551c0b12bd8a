// @vitest-environment jsdom
/** A cabinet card as a person or a screen reader meets it: unknown types get an error card, unmeasured parts show "—". */
import { cleanup, render as plainRender, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nWrapper } from '../../../tests/support/i18nRender';

const render = (ui: ReactElement) => plainRender(ui, { wrapper: I18nWrapper });
import { afterEach, describe, expect, it } from 'vitest';
import { emptyCabinetData } from '../../domain/cabinetData';
import { sizeContext } from '../../domain/itemSize';
import { CabinetCard } from './CabinetCard';

const ctx = sizeContext(emptyCabinetData());

afterEach(cleanup);

describe('CabinetCard', () => {
  it('an unknown cabinet type shows an error card with Remove', () => {
    render(
      <CabinetCard row={{ id: '0', type: 'Corner Blind', order: 'a0' }} number={1} ctx={ctx} />,
    );
    const card = screen.getByRole('alert', { name: 'Cabinet 1' });
    expect(within(card).getByText(/Unknown cabinet type “Corner Blind”/).textContent).toContain(
      'left out of the order',
    );
    expect(within(card).getByRole('button', { name: 'Remove Cabinet 1' })).toBeDefined();
  });

  it('parts without a size show "—" with the reason, and width/height use the numeric keypad', () => {
    // The store starts empty, so every part is unmeasured. Measured sizes on
    // screen are covered by tests/e2e/builder.e2e.ts.
    render(<CabinetCard row={{ id: '3', type: 'Base 1/1', order: 'a0' }} number={2} ctx={ctx} />);
    const card = screen.getByRole('article', { name: 'Cabinet 2' });
    for (const part of ['Door 1', 'Front 2']) {
      const finished = within(card).getByRole('group', { name: `Cabinet 2 ${part} finished size` });
      expect(within(finished).getAllByText('—')).toHaveLength(2);
      expect(within(finished).getByText('width not entered')).toBeDefined();
      for (const side of ['Width', 'Height']) {
        expect(
          within(card).getByLabelText(`Cabinet 2 ${part} ${side}`).getAttribute('inputmode'),
        ).toBe('decimal');
      }
    }
    expect(within(card).getAllByRole('textbox')).toHaveLength(4);
  });
});
