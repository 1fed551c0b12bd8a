/**
 * A queued quote the server refuses (here: a project the contractor may not
 * quote on, neither invited nor in the area of an open request) becomes a
 * dead letter naming the quote, with the server's words; the quote page
 * then offers to copy it into a new draft and drop the refused send. That
 * is checked here through the real engine: nothing of the content is lost,
 * the refused row leaves the device, and once the homeowner invites the
 * contractor the copy is sent and reaches the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuotesRepo } from '../../../src/data/quotesRepo';
import type { QuoteLine } from '../../../src/domain/quoteTotals';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import { openDevice, type Device } from './harness';

let backend: StartedBackend;
const joe = { email: 'joe-refused@example.com', password: 'Secret-pass-1' };
const ann = { email: 'ann-refused@example.com', password: 'Secret-pass-2' };

beforeAll(async () => {
  backend = await startLocalBackend();
  await backend.signUpConfirmed(joe.email, joe.password, { role: 'contractor' });
  await backend.signUpConfirmed(ann.email, ann.password, { role: 'homeowner' });
}, 120_000);
afterAll(async () => {
  await backend?.stop();
});

const LINES: QuoteLine[] = [
  { kind: 'labor', description: 'Labor, per door', quantity: 12, unit_cents: 3500 },
  { kind: 'delivery', description: 'Delivery', quantity: 1, unit_cents: 7500 },
];

const day = (offset: number): string =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function quotesOf(d: Device) {
  return createQuotesRepo({ getDb: () => d.db, now: () => d.clock.now() });
}

describe('a queued quote the server refuses', () => {
  it('becomes a dead letter on the quote; its copy is a new draft that goes out once allowed', async () => {
    const contractor = await openDevice(backend, 'joe', joe);
    const home = await openDevice(backend, 'ann', ann);
    const p = await home.projects.create({
      name: 'Lee bath',
      status: 'draft',
      details: {},
      role: 'homeowner',
    });
    expect(await home.sync()).toMatchObject({ ok: true });

    // Offline on site: a quote on a project it was never invited to, sent.
    contractor.net.offline = true;
    const quotes = quotesOf(contractor);
    const content = { lines: LINES, tax_rate: 8.25, valid_until: day(30), notes: 'Two visits' };
    const draft = await quotes.createDraft(p.id, content);
    expect((await quotes.send(draft.id)).ok).toBe(true);
    contractor.net.offline = false;
    await contractor.sync();

    const letters = await contractor.db.dead_letters.toArray();
    const letter = letters.find((l) => l.op.table === 'quotes' && l.op.id === draft.id);
    expect(letter).toBeDefined();
    // The server's words, which the quote page shows with what to do.
    expect([letter!.code, letter!.message]).toEqual(['42501', 'quote.project_not_quotable']);
    const { count } = await backend.pg
      .query<{ count: number }>('select count(*)::int as count from quotes where id = $1', [
        draft.id,
      ])
      .then((r) => r.rows[0]!);
    expect(count).toBe(0);

    // "Copy into a new draft": the content again, then the refused send dropped.
    const copy = await quotes.createDraft(p.id, content);
    expect((await contractor.deadLetters.discard(letter!.id!)).ok).toBe(true);
    expect(await contractor.db.quotes.get(draft.id)).toBeUndefined();
    expect(await contractor.db.quotes.get(copy.id)).toMatchObject({
      status: 'draft',
      lines: LINES,
      tax_rate: 8.25,
      notes: 'Two visits',
    });

    // Invited by the homeowner, the contractor sends the copy; it reaches the server.
    const sent = await home.client.functions.invoke('project-invite', {
      body: { project_id: p.id, email: joe.email, role: 'contractor' },
    });
    expect(sent.error).toBeNull();
    const link = (await backend.readMail(joe.email))[0]!.links[0]!;
    const token = new URLSearchParams(new URL(link).hash.slice(1)).get('token') ?? '';
    expect(
      (await contractor.client.rpc('accept_project_invite', { p_token: token })).error,
    ).toBeNull();
    expect((await quotes.send(copy.id)).ok).toBe(true);
    expect(await contractor.sync()).toMatchObject({ ok: true });
    const { rows } = await backend.pg.query<{ status: string; total_cents: string }>(
      'select status, total_cents::text from quotes where id = $1',
      [copy.id],
    );
    // 12 × $35 + $75 = $495.00; 8.25 % tax = $40.84 (40.8375 rounded half up); total $535.84.
    expect(rows).toEqual([{ status: 'sent', total_cents: '53584' }]);
    expect(await contractor.db.dead_letters.count()).toBe(0);
    await contractor.close();
    await home.close();
  });
});
