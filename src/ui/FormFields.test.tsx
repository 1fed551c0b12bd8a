// @vitest-environment jsdom
/** The shared fields as people and screen readers meet them: the label names the control, an error is read with it, the typed value stays, a select offers its empty choice first. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SelectField, TextField } from './FormFields';

afterEach(cleanup);

describe('TextField', () => {
  it('names the input by its label, ties the error to it and keeps the value', () => {
    const onChange = vi.fn();
    render(
      <TextField
        id="f-email"
        label="Email"
        type="email"
        value="not an address"
        error="Please enter a valid email address"
        onChange={onChange}
      >
        <span>after the field</span>
      </TextField>,
    );
    const input = screen.getByLabelText('Email');
    expect(input).toHaveProperty('value', 'not an address');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('f-email-err');
    expect(document.getElementById('f-email-err')?.textContent).toBe(
      'Please enter a valid email address',
    );
    screen.getByText('after the field');
    fireEvent.change(input, { target: { value: 'ann@example.com' } });
    expect(onChange).toHaveBeenCalledWith('ann@example.com');
  });

  it('shows a hint and no error state when valid', () => {
    render(
      <TextField
        id="f-pw"
        label="Password"
        type="password"
        hint="At least 6"
        value=""
        onChange={() => {}}
      />,
    );
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
    screen.getByText('At least 6');
  });
});

describe('SelectField', () => {
  it('offers the empty choice first, then the options, and reports the choice', () => {
    const onChange = vi.fn();
    render(
      <SelectField
        id="f-type"
        label="Project type"
        value=""
        empty="Select a project type"
        options={[
          { value: 'kitchen', label: 'Kitchen' },
          { value: 'bathroom', label: 'Bathroom' },
        ]}
        error="Please select a project type"
        onChange={onChange}
      />,
    );
    const select = screen.getByLabelText('Project type');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Select a project type',
      'Kitchen',
      'Bathroom',
    ]);
    expect(select.getAttribute('aria-describedby')).toBe('f-type-err');
    fireEvent.change(select, { target: { value: 'bathroom' } });
    expect(onChange).toHaveBeenCalledWith('bathroom');
  });
});
