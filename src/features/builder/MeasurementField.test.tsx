// @vitest-environment jsdom
/**
 * Text that is not a size typed over a saved size: the saved size is kept
 * (nothing is committed), the text and its "Not saved" message stay on this
 * device (localStorage) and come back in a new field, as after a reload; a
 * size typed later clears it. A size keeps the form it was typed in.
 */
import { cleanup, fireEvent, render as plainRender, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nWrapper } from '../../../tests/support/i18nRender';

const render = (ui: ReactElement) => plainRender(ui, { wrapper: I18nWrapper });
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBuilderStore } from './builderStore';
import { FIELD_DRAFTS_KEY, useFieldDrafts } from './fieldDrafts';
import { MeasurementField } from './MeasurementField';

function field(onCommit: (v: string) => void, value = '65') {
  return render(
    <MeasurementField
      label="Width"
      context="Cabinet 1 Door 1"
      kind="openingWidth"
      group="opening"
      value={value}
      draftField="1_0:width"
      onCommit={onCommit}
    />,
  );
}

beforeEach(() => {
  localStorage.clear();
  useFieldDrafts.setState({ drafts: {} });
  useBuilderStore.setState({ projectId: 'p1' });
});
afterEach(cleanup);

describe('MeasurementField: text that is not a size', () => {
  it('keeps the saved size, keeps the text on this device, and shows it again in a new field', () => {
    const onCommit = vi.fn();
    field(onCommit);
    const input = screen.getByLabelText('Cabinet 1 Door 1 Width');
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.blur(input);
    expect(onCommit).not.toHaveBeenCalled();
    expect(screen.getByText('Not saved: enter a size like 14 3/8')).toBeDefined();
    expect(JSON.parse(localStorage.getItem(FIELD_DRAFTS_KEY) ?? '{}')).toEqual({
      'p1:1_0:width': { text: 'abc', forValue: '65' },
    });

    // As after a reload: a new field over the same saved value shows the text and the message.
    cleanup();
    field(onCommit);
    const again = screen.getByLabelText('Cabinet 1 Door 1 Width');
    expect((again as HTMLInputElement).value).toBe('abc');
    expect(again.getAttribute('aria-invalid')).toBe('true');

    // A size replaces it: saved, and the kept text is gone.
    fireEvent.change(again, { target: { value: '14 3/8' } });
    fireEvent.blur(again);
    expect(onCommit).toHaveBeenCalledWith('14.375', '14 3/8');
    expect(JSON.parse(localStorage.getItem(FIELD_DRAFTS_KEY) ?? '{}')).toEqual({});
  });

  it('a kept text is dropped when the saved value changed elsewhere', () => {
    useFieldDrafts.getState().set('p1:1_0:width', { text: 'abc', forValue: '65' });
    field(vi.fn(), '30');
    expect(screen.getByLabelText<HTMLInputElement>('Cabinet 1 Door 1 Width').value).toBe('30');
  });

  it('"0" has its own words and is not saved', () => {
    const onCommit = vi.fn();
    field(onCommit);
    const input = screen.getByLabelText('Cabinet 1 Door 1 Width');
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.blur(input);
    expect(onCommit).not.toHaveBeenCalled();
    expect(
      screen.getByText('Not saved: an opening cannot be 0; enter its size, like 14 3/8'),
    ).toBeDefined();
  });

  it('a size keeps the form it was typed in after the field is left', () => {
    const onCommit = vi.fn();
    const { rerender } = field(onCommit, '');
    const input = screen.getByLabelText<HTMLInputElement>('Cabinet 1 Door 1 Width');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '14 3/8' } });
    expect(onCommit).toHaveBeenCalledWith('14.375', '14 3/8');
    rerender(
      <MeasurementField
        label="Width"
        context="Cabinet 1 Door 1"
        kind="openingWidth"
        group="opening"
        value="14.375"
        draftField="1_0:width"
        onCommit={onCommit}
      />,
    );
    fireEvent.blur(input);
    expect(input.value).toBe('14 3/8');
  });

  it('a saved size shows in the form it was typed in, in a new field too (a reload, the List view), with its decimal in small type', () => {
    const onCommit = vi.fn();
    render(
      <MeasurementField
        label="Width"
        context="Cabinet 1 Door 1"
        kind="openingWidth"
        group="opening"
        value="15.625"
        typed="15 5/8"
        draftField="1_0:width"
        onCommit={onCommit}
      />,
    );
    const input = screen.getByLabelText<HTMLInputElement>('Cabinet 1 Door 1 Width');
    expect(input.value).toBe('15 5/8');
    expect(screen.getByText('= 15.625').className).toContain('bld-understood');
    // The same size typed as a decimal is kept in that form: no typed text beside the number.
    fireEvent.change(input, { target: { value: '15.625' } });
    expect(onCommit).toHaveBeenLastCalledWith('15.625', undefined);
  });

  it('a typed text that does not read as the saved number is not shown', () => {
    render(
      <MeasurementField
        label="Width"
        context="Cabinet 1 Door 1"
        kind="openingWidth"
        group="opening"
        value="14"
        typed="15 5/8"
        onCommit={vi.fn()}
      />,
    );
    expect(screen.getByLabelText<HTMLInputElement>('Cabinet 1 Door 1 Width').value).toBe('14');
  });
});
