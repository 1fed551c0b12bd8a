// @vitest-environment jsdom
/**
 * The deposit cap on the price list: California's lesser of 10 % or $1,000
 * shown until changed, and a percent or amount that is not one refused on
 * its own field, in the person's words, before anything is saved.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { act } from 'react';
import { PriceListForm } from './PriceListForm';

afterEach(() => {
  cleanup();
  act(() => i18n.activate('en'));
});

const cap = () => within(screen.getByRole('group', { name: /Deposit cap|Límite del depósito/ }));

describe('the deposit cap on the price list', () => {
  it('shows California’s 10 % or $1,000 by default, and the stored cap once edited', () => {
    render(<PriceListForm stored={{ doorPerSqFt: 18 }} />);
    expect(cap().getByLabelText<HTMLInputElement>('Percent of the contract').value).toBe('10');
    expect(cap().getByLabelText<HTMLInputElement>('Amount ($)').value).toBe('1000');
    cleanup();
    render(
      <PriceListForm
        stored={{ doorPerSqFt: 18, depositCapPercent: 15, depositCapCents: 250_050 }}
      />,
    );
    expect(cap().getByLabelText<HTMLInputElement>('Percent of the contract').value).toBe('15');
    expect(cap().getByLabelText<HTMLInputElement>('Amount ($)').value).toBe('2500.50');
  });

  it('refuses a percent of 0 and an amount with three decimals, each on its field', () => {
    render(<PriceListForm stored={{ doorPerSqFt: 18 }} />);
    const percent = cap().getByLabelText<HTMLInputElement>('Percent of the contract');
    const amount = cap().getByLabelText<HTMLInputElement>('Amount ($)');
    fireEvent.change(percent, { target: { value: '0' } });
    fireEvent.change(amount, { target: { value: '12.345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save prices' }));
    expect(percent.getAttribute('aria-invalid')).toBe('true');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(cap().getByText('Enter a percent more than 0 and at most 100, like 10')).toBeTruthy();
    expect(cap().getByText('Enter an amount more than $0, like 1,000')).toBeTruthy();
    // The typed values stay as typed: never a changed value.
    expect(percent.value).toBe('0');
    expect(amount.value).toBe('12.345');
  });

  it('in Spanish: the field messages and labels', () => {
    act(() => i18n.activate('es'));
    render(<PriceListForm stored={{ doorPerSqFt: 18 }} />);
    const amount = cap().getByLabelText<HTMLInputElement>('Monto ($)');
    fireEvent.change(amount, { target: { value: '2,000,000' } });
    fireEvent.click(screen.getByRole('button', { name: /Guardar/ }));
    expect(cap().getByText('Mantenga el límite del depósito en $1,000,000 o menos')).toBeTruthy();
  });
});
