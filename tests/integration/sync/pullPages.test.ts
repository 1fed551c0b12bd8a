/**
 * The initial pull of a large table against the real local backend: a small
 * first page (the dashboard has cards at once), then full pages written while
 * the next is prepared; every row arrives, and a row changed on the server
 * between two pages ends at its newest version although a fresh pull skips the
 * version lookup (pages are written in order).
 */
import { SYNC_TABLES } from '../../../src/data/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_PAGE_SIZE } from '../../../sync/pull';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import { localProjects, openDevice, serverProjects, type Device, type Net } from './harness';

let backend: StartedBackend;
const dana = { email: 'dana-pages@example.com', password: 'Secret-pass-1' };
const opened: Device[] = [];
const ROWS = 250;

beforeAll(async () => {
  backend = await startLocalBackend();
  await backend.signUpConfirmed(dana.email, dana.password, { role: 'contractor' });
});
afterAll(async () => {
  for (const d of opened) await d.close().catch(() => undefined);
  await backend?.stop();
});

describe('initial pull of many projects', () => {
  it('comes as a small first page then full pages, and a row changed between pages ends at its newest version', async () => {
    const writer = await openDevice(backend, 'writer', dana);
    opened.push(writer);
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      id: crypto.randomUUID(),
      name: `Kitchen ${i + 1}`,
      status: 'active',
      details: { address: `${i + 1} Oak Street`, phone: '(555) 123-4567' },
      user_id: writer.userId,
      assigned_contractor_id: writer.userId,
    }));
    const inserted = await writer.client.from('projects').insert(rows);
    expect(inserted.error).toBeNull();

    // The reader's start-up sync (in openDevice) is its initial pull.
    const net: Net = { offline: false, dropPushResponses: 0, log: [] };
    // Sizes of the projects pages as the server answered them, in order.
    const pages: number[] = [];
    net.rewrite = (url, body) => {
      if (!url.includes('/rpc/pull_changes')) return undefined;
      const page = JSON.parse(body) as { rows: Record<string, unknown>[] };
      if (page.rows[0] && 'assigned_contractor_id' in page.rows[0]) pages.push(page.rows.length);
      return undefined;
    };
    // While the second projects page is on its way, the first row (already in the first page) is renamed.
    let pullCalls = 0;
    net.before = async (url) => {
      if (!url.includes('/rpc/pull_changes')) return;
      pullCalls += 1;
      // The first calls are the first pages of the synced tables (requested together); the next is projects' second page.
      if (pullCalls !== SYNC_TABLES.length + 1) return;
      net.before = undefined;
      const renamed = await writer.client
        .from('projects')
        .update({ name: 'Kitchen 1, renamed' })
        .eq('id', rows[0]?.id ?? '');
      expect(renamed.error).toBeNull();
    };
    const reader = await openDevice(backend, 'reader', dana, { net });
    opened.push(reader);
    expect(reader.status.get().error).toBeNull();

    expect(pages[0]).toBe(FIRST_PAGE_SIZE);
    // The renamed row comes at least twice: in the first page, and again (newer) in a later one.
    // A cursor's overlap may bring a row once more (the protocol applies it idempotently), so the
    // total is a lower bound; what lands locally is checked exactly below.
    expect(pages.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(ROWS + 1);
    const local = await localProjects(reader);
    expect(local).toHaveLength(ROWS);
    expect(local.find((p) => p.id === rows[0]?.id)?.name).toBe('Kitchen 1, renamed');
    expect(local).toEqual(await serverProjects(backend, reader.userId));
    // Search words were derived for every row, as for a row written one at a time.
    const stored = await reader.db.projects.get(rows[ROWS - 1]?.id ?? '');
    expect(stored?._words).toEqual(expect.arrayContaining(['250', 'oak', 'street', '4567']));
  });
});
