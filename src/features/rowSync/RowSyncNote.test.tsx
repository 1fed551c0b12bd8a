// @vitest-environment jsdom
/**
 * The note where the user is: a refused change reads "Not accepted by the
 * server: <field and why>" with Fix and Discard (Discard asks first, then
 * drops the change); a change still on the device reads "Saved on this
 * device · not synced yet"; nothing when the server has it all.
 */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getActiveDb, setActiveUser } from '../../data/activeUser';
import type { DeadLetter } from '../../data/types';
import { RowSyncNote, rowSyncText } from './RowSyncNote';

const NUL = String.fromCharCode(0);

function letter(over: Partial<DeadLetter> = {}): DeadLetter {
  return {
    op: {
      op_id: 'o1',
      table: 'projects',
      id: 'p1',
      kind: 'update',
      base_version: 3,
      changes: {},
      details_patch: [{ path: ['cabinetData', 'form', 'poNumber'], value: `PO${NUL}7` }],
    },
    code: '22P05',
    message: 'sync.nul_character',
    at: '2026-11-27T00:00:00.000Z',
    label: 'Lee kitchen',
    ...over,
  };
}

beforeEach(async () => {
  // jsdom has no modal dialogs: open and close the <dialog> as the browser would.
  const proto = HTMLDialogElement.prototype as {
    showModal?: (this: HTMLDialogElement) => void;
    close?: (this: HTMLDialogElement) => void;
  };
  proto.showModal ??= function () {
    this.setAttribute('open', '');
  };
  proto.close ??= function () {
    this.removeAttribute('open');
  };
  await setActiveUser(`u-${crypto.randomUUID()}`);
});
afterEach(async () => {
  cleanup();
  await setActiveUser(null);
});

describe('the words of a row’s note', () => {
  it('names the field and why, refused before waiting, nothing when all is on the server', () => {
    expect(rowSyncText({ refused: [letter()], waiting: true })).toBe(
      "Not accepted by the server: PO number holds a character that can't be saved (often from a paste)",
    );
    expect(
      rowSyncText({
        refused: [
          letter({
            code: '23514',
            message: 'text.too_long',
            details: '{"field": "projects.details.cabinetData.form.nrs", "limit": 200}',
          }),
          letter(),
        ],
        waiting: false,
      }),
    ).toBe('Not accepted by the server: NRS is too long: keep it to 200 characters (and 1 more)');
    expect(rowSyncText({ refused: [], waiting: true })).toBe(
      'Saved on this device · not synced yet',
    );
    expect(rowSyncText({ refused: [], waiting: false })).toBeNull();
  });
});

describe('the note', () => {
  it('offers Fix and Discard; Discard asks first, then drops the refused change', async () => {
    const db = getActiveDb()!;
    await db.dead_letters.add(letter());
    const onFix = vi.fn();
    render(<RowSyncNote table="projects" id="p1" onFix={onFix} />);
    const note = await screen.findByRole('alert');
    expect(note.textContent).toContain('Not accepted by the server: PO number holds a character');

    fireEvent.click(within(note).getByRole('button', { name: 'Fix' }));
    expect(onFix).toHaveBeenCalledWith(expect.objectContaining({ code: '22P05' }));

    fireEvent.click(within(note).getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Discard the refused change?');
    expect(await db.dead_letters.count()).toBe(1); // nothing dropped before the answer
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(async () => expect(await db.dead_letters.count()).toBe(0));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('says a waiting change is only on this device, and nothing once the server has it', async () => {
    const db = getActiveDb()!;
    const seq = await db.outbox.add({
      op_id: 'o2',
      table: 'projects',
      id: 'p1',
      kind: 'update',
      base_version: 1,
      changes: { name: 'Lee' },
      attempts: 0,
      nextAttemptAt: 0,
      inFlight: 0,
      queuedAt: '2026-11-27T00:00:00.000Z',
    });
    render(<RowSyncNote table="projects" id="p1" />);
    await screen.findByText('Saved on this device · not synced yet');
    await db.outbox.delete(seq);
    await waitFor(() =>
      expect(screen.queryByText('Saved on this device · not synced yet')).toBeNull(),
    );
  });
});
