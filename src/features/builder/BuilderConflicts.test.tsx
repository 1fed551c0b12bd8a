// @vitest-environment jsdom
/**
 * A part's measurement changed here and on another device: the part shows
 * "Changed on another device to …" with both values in tape-measure words,
 * and Take theirs / Keep mine resolve it in the draft.
 */
import { cleanup, fireEvent, render as plainRender, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nWrapper } from '../../../tests/support/i18nRender';

const render = (ui: ReactElement) => plainRender(ui, { wrapper: I18nWrapper });
import { afterEach, describe, expect, it } from 'vitest';
import { emptyCabinetData } from '../../domain/cabinetData';
import { sizeContext } from '../../domain/itemSize';
import { useBuilderStore } from './builderStore';
import { BuilderConflicts } from './BuilderConflicts';
import { CabinetCard } from './CabinetCard';

afterEach(cleanup);

/** Loads a one-cabinet job, has the user measure it, then merges the other device's row. */
function openWithRemoteChange(mine: string, theirs: string, extra: Record<string, unknown> = {}) {
  const job = {
    ...emptyCabinetData(),
    cabinets: { '6': { type: 'Wall', order: 'a0' } },
    itemState: {
      '6_0': { width: '21.75', height: '30', nextToWall: false, splitDoor: false, type: 'Door' },
    },
  };
  useBuilderStore.getState().load('p1', job);
  useBuilderStore.getState().setItem('6_0', { width: mine });
  useBuilderStore.getState().mergeRemote({
    ...job,
    ...extra,
    itemState: { '6_0': { ...job.itemState['6_0'], width: theirs } },
  });
}

describe('builder conflicts', () => {
  it('shows both values under the part; Take theirs puts the other device’s width in the draft', () => {
    openWithRemoteChange('22', '22.125');
    const ctx = sizeContext(useBuilderStore.getState().data!);
    render(<CabinetCard row={{ id: '6', type: 'Wall', order: 'a0' }} number={1} ctx={ctx} />);
    const notice = screen.getByRole('group', {
      name: 'Cabinet 1 Door 1 Width changed on another device',
    });
    expect(notice.textContent).toContain('Changed on another device to 22 1/8');
    expect(notice.textContent).toContain('Yours: 22');
    expect(screen.getByLabelText<HTMLInputElement>('Cabinet 1 Door 1 Width').value).toBe('22');
    fireEvent.click(within(notice).getByRole('button', { name: 'Take theirs' }));
    expect(useBuilderStore.getState().data?.itemState['6_0']?.width).toBe('22.125');
    expect(useBuilderStore.getState().conflicts).toEqual([]);
  });

  it('Keep mine closes the notice and keeps the draft; job-wide fields show above the cabinets', () => {
    openWithRemoteChange('22', '22.125');
    useBuilderStore.getState().setText('color', 'Antique white');
    const job = useBuilderStore.getState().base!;
    useBuilderStore.getState().mergeRemote({ ...job, form: { ...job.form, color: 'Espresso' } });
    render(<BuilderConflicts />);
    const notice = screen.getByRole('group', { name: 'Color changed on another device' });
    expect(notice.textContent).toContain('Color: Changed on another device to Espresso');
    fireEvent.click(within(notice).getByRole('button', { name: 'Keep mine' }));
    expect(useBuilderStore.getState().data?.form.color).toBe('Antique white');
    expect(useBuilderStore.getState().conflicts.map((c) => c.path.join('.'))).toEqual([
      'itemState.6_0.width',
    ]);
  });
});

describe('cabinet conflicts', () => {
  it('a cabinet removed on another device while measured here: one notice for the cabinet; Take theirs removes it', () => {
    const job = {
      ...emptyCabinetData(),
      cabinets: { '6': { type: 'Wall', order: 'a0' }, '7': { type: 'Wall', order: 'a1' } },
      itemState: {
        '6_0': { width: '21.75', height: '30', nextToWall: false, splitDoor: false, type: 'Door' },
        '7_0': { width: '15', height: '30', nextToWall: false, splitDoor: false, type: 'Door' },
      },
    };
    useBuilderStore.getState().load('p1', job);
    useBuilderStore.getState().setItem('7_0', { width: '16' });
    useBuilderStore.getState().mergeRemote({
      ...job,
      cabinets: { '6': job.cabinets['6'] },
      itemState: { '6_0': job.itemState['6_0'] },
    });
    render(<BuilderConflicts />);
    const notice = screen.getByRole('group', { name: 'Cabinet 2 changed on another device' });
    expect(notice.textContent).toContain('Changed on another device to (removed)');
    expect(notice.textContent).toContain('Yours: Wall (kept, with its sizes)');
    fireEvent.click(within(notice).getByRole('button', { name: 'Take theirs' }));
    expect(Object.keys(useBuilderStore.getState().data!.cabinets)).toEqual(['6']);
    expect(useBuilderStore.getState().conflicts).toEqual([]);
  });

  it('a cabinet moved here and elsewhere: the places in words', () => {
    const job = {
      ...emptyCabinetData(),
      cabinets: {
        '1': { type: 'Wall', order: 'a0' },
        '2': { type: 'Wall', order: 'a1' },
        '3': { type: 'Tall', order: 'a2' },
      },
    };
    useBuilderStore.getState().load('p1', job);
    useBuilderStore.getState().moveCabinet('3', 0);
    useBuilderStore.getState().mergeRemote({
      ...job,
      cabinets: { ...job.cabinets, '3': { type: 'Tall', order: 'a0V' } },
    });
    render(<BuilderConflicts />);
    const notice = screen.getByRole('group', {
      name: 'Cabinet 1 position changed on another device',
    });
    expect(notice.textContent).toContain('Changed on another device to Cabinet 2 of 3');
    expect(notice.textContent).toContain('Yours: Cabinet 1 of 3');
  });
});
