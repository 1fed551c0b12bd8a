// @vitest-environment jsdom
/**
 * The live reads wait while a cold start's first-screen results are kept:
 * a hook shows its kept result (or nothing) and reads nothing until the
 * results are dropped, then reads and follows the database as usual.
 */
import 'fake-indexeddb/auto';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import Dexie, { type Table } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Fresh copies of the hook and the kept results (their state is per page, and a page primes once). */
async function freshModules() {
  vi.resetModules();
  const primed = await import('./primed');
  const { useLiveRead } = await import('./liveRead');
  /** A kept result under `initialKey` (as primeDashboard keeps them), or none. */
  function Notes({ label, initialKey }: { label: string; initialKey?: string }) {
    const text = useLiveRead(
      readNotes,
      [],
      initialKey ? primed.primedResult<string>(initialKey) : undefined,
    );
    return <p aria-label={label}>{text ?? 'loading'}</p>;
  }
  return { ...primed, Notes };
}

class NotesDb extends Dexie {
  notes!: Table<{ id: string; text: string }, string>;
  constructor() {
    super(`live-read-${crypto.randomUUID()}`);
    this.version(1).stores({ notes: 'id' });
  }
}

let db: NotesDb;
let reads = 0;

function readNotes(): Promise<string> {
  reads += 1;
  return db.notes.toArray().then((rows) => rows.map((r) => r.text).join(', '));
}

const shown = (label: string) => screen.getByLabelText(label).textContent;

beforeEach(async () => {
  db = new NotesDb();
  await db.notes.put({ id: '1', text: 'fridge wall out of plumb' });
  reads = 0;
});

afterEach(async () => {
  cleanup();
  db.close();
  await Dexie.delete(db.name);
});

describe('useLiveRead', () => {
  it('without kept results, reads at once and follows later writes', async () => {
    const { Notes, liveReadsHeld } = await freshModules();
    expect(liveReadsHeld()).toBe(false);
    render(<Notes label="notes" />);
    await waitFor(() => expect(shown('notes')).toBe('fridge wall out of plumb'));
    await act(() => db.notes.put({ id: '2', text: 'pantry doors' }));
    await waitFor(() => expect(shown('notes')).toBe('fridge wall out of plumb, pantry doors'));
  });

  it('while first-screen results are kept, shows them and reads nothing; dropping them starts the reads', async () => {
    const { Notes, primeResult, clearPrimed, liveReadsHeld } = await freshModules();
    primeResult('notes', 'kept before the first render');
    render(
      <>
        <Notes label="primed" initialKey="notes" />
        <Notes label="other" />
      </>,
    );
    // Several IndexedDB round trips later: still the kept result, and no read made.
    await db.notes.toArray();
    await db.notes.toArray();
    expect(shown('primed')).toBe('kept before the first render');
    expect(shown('other')).toBe('loading');
    expect(reads).toBe(0);

    act(() => clearPrimed());
    expect(liveReadsHeld()).toBe(false);
    await waitFor(() => expect(shown('primed')).toBe('fridge wall out of plumb'));
    await waitFor(() => expect(shown('other')).toBe('fridge wall out of plumb'));
    // Live from then on.
    await act(() => db.notes.delete('1'));
    await waitFor(() => expect(shown('primed')).toBe(''));
  });

  it('keeps nothing read after the drop: a late early read never holds the live queries again', async () => {
    const { Notes, primeResult, clearPrimed, liveReadsHeld } = await freshModules();
    render(<Notes label="notes" />);
    // The list drew without kept results and dropped them (ProjectList), or the first screen passed.
    act(() => clearPrimed());
    act(() => primeResult('notes', 'read too late'));
    expect(liveReadsHeld()).toBe(false);
    await waitFor(() => expect(shown('notes')).toBe('fridge wall out of plumb'));
    await act(() => db.notes.put({ id: '2', text: 'pantry doors' }));
    await waitFor(() => expect(shown('notes')).toBe('fridge wall out of plumb, pantry doors'));
  });
});
