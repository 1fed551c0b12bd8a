// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { act } from 'react';
import { PwaBanners } from './PwaBanners';
import { AppVersion } from './AppVersion';
import { usePwaStore } from './pwaStore';

afterEach(() => {
  cleanup();
  usePwaStore.setState({ updateWaiting: false, storageFull: false });
  act(() => i18n.activate('en'));
});

function showBoth() {
  usePwaStore.setState({
    updateWaiting: true,
    applyUpdate: () => Promise.resolve(),
    storageFull: true,
  });
  render(
    <>
      <PwaBanners />
      <AppVersion />
    </>,
  );
}

describe('the installable app’s texts', () => {
  it('English: the update prompt, the storage warning and the version', () => {
    act(() => i18n.activate('en'));
    showBoth();
    expect(screen.getByText('New version available')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Later' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/storage is full/);
    expect(screen.getByText('Version test')).toBeTruthy();
  });

  it('Spanish: the same prompts for a crew', () => {
    act(() => i18n.activate('es'));
    showBoth();
    expect(screen.getByText('Hay una nueva versión')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Más tarde' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(
      /almacenamiento de este dispositivo está lleno/,
    );
    expect(screen.getByText('Versión test')).toBeTruthy();
  });
});
