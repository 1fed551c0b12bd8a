// @vitest-environment jsdom
/**
 * The visit form leaves the day and the times to the person planning: nothing
 * is filled in, sending without them is refused on the row ("Enter a date and
 * both times.") before anything is written, and a further time copies the
 * hours of a row once it has its day.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { VisitForm } from './VisitForm';

afterEach(cleanup);

function renderForm(kind: 'measure' | 'install') {
  let done = 0;
  render(
    <I18nProvider i18n={i18n}>
      <VisitForm projectId="p1" kind={kind} onDone={() => (done += 1)} />
    </I18nProvider>,
  );
  return () => done;
}

const fields = () => ({
  days: screen.getAllByLabelText<HTMLInputElement>('Date'),
  froms: screen.getAllByLabelText<HTMLInputElement>('From'),
  tos: screen.getAllByLabelText<HTMLInputElement>('To'),
});

describe('VisitForm', () => {
  it.each(['measure', 'install'] as const)(
    '%s: one row, no day or time chosen for the user',
    (kind) => {
      renderForm(kind);
      const { days, froms, tos } = fields();
      expect(days.map((d) => d.value)).toEqual(['']);
      expect(froms.map((d) => d.value)).toEqual(['']);
      expect(tos.map((d) => d.value)).toEqual(['']);
    },
  );

  it('refuses to send an empty row, on the row, and writes nothing', () => {
    const done = renderForm('measure');
    fireEvent.click(screen.getByRole('button', { name: 'Send the proposal' }));
    expect(screen.getAllByText('Enter a date and both times.').length).toBeGreaterThan(0);
    expect(done()).toBe(0);
  });

  it('a further time starts empty, or on the next day at the same hours once a day is chosen', () => {
    renderForm('measure');
    fireEvent.click(screen.getByRole('button', { name: 'Add a time' }));
    expect(fields().days.map((d) => d.value)).toEqual(['', '']);
    const { days, froms, tos } = fields();
    fireEvent.change(days[1]!, { target: { value: '2031-05-06' } });
    fireEvent.change(froms[1]!, { target: { value: '14:00' } });
    fireEvent.change(tos[1]!, { target: { value: '15:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a time' }));
    const after = fields();
    expect(after.days[2]!.value).toBe('2031-05-07');
    expect(after.froms[2]!.value).toBe('14:00');
    expect(after.tos[2]!.value).toBe('15:30');
  });
});
