/**
 * Quotes through the real engine: a homeowner invites a contractor it
 * knows to its project; the contractor prepares a quote offline on
 * its device (a draft, edits, Send), and it reaches the server when the
 * connection returns as one sent quote whose totals the server computed to
 * the cent as the device did; the homeowner's device never sees the draft,
 * pulls the sent quote, accepts it through the RPC, and both devices then
 * hold the accepted, signed row. A sent quote cannot be edited on the device.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuotesRepo } from '../../../src/data/quotesRepo';
import type { QuoteLine } from '../../../src/domain/quoteTotals';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import {
  inviteAndAccept,
  openDevice,
  settle,
  type Device,
  signUpJoeAndMaria,
  type Credentials,
} from './harness';

let backend: StartedBackend;
let contractor: Credentials;
let maria: Credentials;

beforeAll(async () => {
  backend = await startLocalBackend();
  ({ contractor, maria } = await signUpJoeAndMaria(backend, 'quote'));
}, 120_000);
afterAll(async () => {
  await backend?.stop();
});

const day = (offset: number): string =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** 4 × 3.0208 sq ft × $18.50 = $223.5392 → 22354 ¢; 8 × $4.50 = 3600 ¢; subtotal 25954 ¢. */
const LINES: QuoteLine[] = [
  {
    kind: 'door',
    description: 'Shaker door 14 1/2 x 30',
    quantity: 4,
    unit_cents: 1850,
    sqft: 3.0208,
  },
  { kind: 'hinge', description: 'Hinge with boring', quantity: 8, unit_cents: 450 },
];

function quotesOf(d: Device) {
  return createQuotesRepo({ getDb: () => d.db, now: () => d.clock.now() });
}

describe('quotes on devices', () => {
  it('prepared and sent offline, pushed on reconnect, pulled and accepted by the homeowner', async () => {
    const joe = await openDevice(backend, 'joe', contractor);
    const home = await openDevice(backend, 'maria', maria);
    // The homeowner's own project; it invites the contractor it knows to quote.
    const p = await home.projects.create({
      name: 'Alvarez kitchen',
      status: 'draft',
      details: {},
      role: 'homeowner',
    });
    expect(await home.sync()).toMatchObject({ ok: true });
    await inviteAndAccept(backend, home, joe, contractor.email, p.id, 'contractor');
    expect(await joe.sync()).toMatchObject({ ok: true });

    // On site, no signal: a draft, an edit, then Send.
    joe.net.offline = true;
    const quotes = quotesOf(joe);
    const draft = await quotes.createDraft(p.id, {
      lines: LINES.slice(0, 1),
      tax_rate: 0,
      valid_until: day(30),
      notes: '',
    });
    const saved = await quotes.saveDraft(draft.id, {
      lines: LINES,
      tax_rate: 8.25,
      valid_until: day(30),
      notes: 'Doors and hinges.',
    });
    expect(saved).toMatchObject({ ok: true, value: { subtotal_cents: 25954, tax_cents: 2141 } });
    expect(await quotes.send(draft.id)).toMatchObject({ ok: true, value: { status: 'sent' } });
    // The draft's edits and its sending fold into one insert.
    expect(await joe.db.outbox.count()).toBe(1);
    expect(await joe.sync()).toMatchObject({ ok: false });
    expect(await joe.db.outbox.count()).toBe(1);
    // Sent on the device: its content can no longer change there.
    expect(
      await quotes.saveDraft(draft.id, { lines: [], tax_rate: 0, valid_until: null, notes: '' }),
    ).toMatchObject({
      ok: false,
      code: 'not_a_draft',
    });

    joe.net.offline = false;
    await settle([joe, home]);
    expect(await joe.db.dead_letters.toArray()).toEqual([]);
    expect(await joe.db.outbox.count()).toBe(0);
    const { rows } = await backend.pg.query<Record<string, unknown>>(
      'select status, revision, total_cents::int as total_cents from public.quotes where id = $1',
      [draft.id],
    );
    expect(rows[0]).toMatchObject({ status: 'sent', revision: 1, total_cents: 28095 });
    const onJoe = await joe.db.quotes.get(draft.id);
    expect(onJoe).toMatchObject({
      status: 'sent',
      total_cents: 28095,
      version: expect.any(Number),
    });
    expect(onJoe?.content_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(onJoe?.sent_at).not.toBeNull();
    const onHome = await home.db.quotes.get(draft.id);
    expect(onHome).toMatchObject({ status: 'sent', total_cents: 28095, lines: LINES });

    // The homeowner signs; both devices hold the accepted, signed row after a sync.
    const accepted = await home.client.rpc('accept_quote', {
      p_quote_id: draft.id,
      p_content_sha256: onHome!.content_sha256,
      p_signer_name: 'Maria Alvarez',
    });
    expect(accepted.error).toBeNull();
    await settle([joe, home]);
    for (const d of [joe, home])
      expect(await d.db.quotes.get(draft.id)).toMatchObject({
        status: 'accepted',
        signer_name: 'Maria Alvarez',
        signed_sha256: onHome!.content_sha256,
      });
    await joe.close();
    await home.close();
  });

  it('a draft stays with its contractor: the homeowner never pulls it, and deleting it offline cancels it', async () => {
    const joe = await openDevice(backend, 'joe2', contractor);
    const home = await openDevice(backend, 'maria2', maria);
    const [project] = (await joe.db.projects.toArray()).filter((x) => !x.deleted_at);
    expect(project?.name).toBe('Alvarez kitchen');
    const quotes = quotesOf(joe);
    const kept = await quotes.createDraft(project!.id, {
      lines: LINES,
      tax_rate: 0,
      valid_until: null,
      notes: '',
    });
    await settle([joe, home]);
    expect(
      (await backend.pg.query('select 1 from public.quotes where id = $1', [kept.id])).rows,
    ).toHaveLength(1);
    expect(await home.db.quotes.get(kept.id)).toBeUndefined();

    joe.net.offline = true;
    const dropped = await quotes.createDraft(project!.id, {
      lines: LINES,
      tax_rate: 0,
      valid_until: null,
      notes: '',
    });
    expect(await quotes.removeDraft(dropped.id)).toEqual({ ok: true, value: undefined });
    expect(await joe.db.quotes.get(dropped.id)).toBeUndefined();
    joe.net.offline = false;
    await settle([joe]);
    expect(
      (await backend.pg.query('select 1 from public.quotes where id = $1', [dropped.id])).rows,
    ).toHaveLength(0);
    await joe.close();
    await home.close();
  });
});
