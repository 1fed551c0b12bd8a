/**
 * Reviews through the real engine: the homeowner writes its review of the
 * contractor of a completed project offline, and it reaches the server on
 * reconnect with the contractor set by the server (a job completed but not
 * signed off is refused on the device, as the server refuses it); the contractor's device
 * pulls it and replies once; the homeowner pulls the reply. A second review
 * of the same project is refused on the device; an edit after 30 days is
 * refused by the server and becomes a dead letter the user sees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReviewsRepo } from '../../../src/data/reviewsRepo';
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
  ({ contractor, maria } = await signUpJoeAndMaria(backend, 'review'));
}, 120_000);
afterAll(async () => {
  await backend?.stop();
});

function reviewsOf(d: Device) {
  return createReviewsRepo({ getDb: () => d.db, now: () => d.clock.now() });
}

describe('reviews on devices', () => {
  let joe: Device;
  let home: Device;
  let reviewId = '';

  it('written offline after completion, pushed on reconnect, pulled and answered by the contractor', async () => {
    joe = await openDevice(backend, 'joe', contractor);
    home = await openDevice(backend, 'maria', maria);
    const p = await home.projects.create({
      name: 'Alvarez kitchen',
      status: 'active',
      details: {},
      role: 'homeowner',
    });
    expect(await home.sync()).toMatchObject({ ok: true });
    await inviteAndAccept(backend, home, joe, contractor.email, p.id, 'contractor');
    // Not completed yet: the device refuses the review.
    await settle([home, joe]);
    expect(await reviewsOf(home).write(p.id, 5, 'Great')).toMatchObject({
      ok: false,
    });
    // The job is done (trusted setup: the contractor is assigned, the project completed and signed off).
    await backend.pg.query(
      `update projects set status = 'completed', assigned_contractor_id = $2 where id = $1`,
      [p.id, joe.userId],
    );
    // Completed by its status alone, without the homeowner's sign-off: the device refuses the
    // review as the server would (review.not_signed_off), and nothing is queued.
    await settle([home, joe]);
    const queued = await home.db.outbox.count();
    expect(await reviewsOf(home).write(p.id, 5, 'Great')).toEqual({
      ok: false,
      code: 'not_signed_off',
      data: {},
    });
    expect(await home.db.outbox.count()).toBe(queued);
    await backend.pg.query(
      `insert into project_signoffs (project_id, signer_name, signed_sha256) values ($1, 'Home Owner', repeat('0', 64))`,
      [p.id],
    );
    await settle([home, joe]);
    expect(await home.db.projects.get(p.id)).toMatchObject({ status: 'completed' });

    home.net.offline = true;
    expect(await reviewsOf(home).write(p.id, 0, '')).toEqual({
      ok: false,
      code: 'stars',
      data: {},
    });
    expect(await reviewsOf(home).write(p.id, 4, 'x'.repeat(2001))).toEqual({
      ok: false,
      code: 'tooLong',
      data: {},
    });
    const written = await reviewsOf(home).write(p.id, 4, 'Doors hung true; one hinge late.');
    expect(written).toMatchObject({ ok: true, value: { contractor_id: joe.userId, version: 0 } });
    reviewId = written.ok ? written.value.id : '';
    expect(await reviewsOf(home).write(p.id, 5, 'Again')).toEqual({
      ok: false,
      code: 'already_reviewed',
      data: {},
    });
    const edited = await reviewsOf(home).edit(reviewId, 5, 'Doors hung true.');
    expect(edited.ok).toBe(true);
    expect(await home.sync()).toMatchObject({ ok: false });

    home.net.offline = false;
    await settle([home, joe]);
    expect(await home.db.dead_letters.toArray()).toEqual([]);
    expect(await home.db.outbox.count()).toBe(0);
    const { rows } = await backend.pg.query<Record<string, unknown>>(
      'select rating, body, contractor_id, reviewer_id from public.reviews where project_id = $1',
      [p.id],
    );
    expect(rows).toEqual([
      { rating: 5, body: 'Doors hung true.', contractor_id: joe.userId, reviewer_id: home.userId },
    ]);
    expect(await joe.db.reviews.get(reviewId)).toMatchObject({ rating: 5, reply: null });

    // The contractor replies once; a second reply is refused on the device.
    const reply = await reviewsOf(joe).reply(reviewId, 'Thank you, Maria.');
    expect(reply.ok).toBe(true);
    expect(await reviewsOf(joe).reply(reviewId, 'Again')).toEqual({
      ok: false,
      code: 'already_replied',
      data: {},
    });
    expect(await reviewsOf(joe).edit(reviewId, 1, 'mine')).toEqual({
      ok: false,
      code: 'not_owner',
      data: {},
    });
    await settle([joe, home]);
    expect(await joe.db.dead_letters.toArray()).toEqual([]);
    const onHome = await home.db.reviews.get(reviewId);
    expect(onHome).toMatchObject({ reply: 'Thank you, Maria.', rating: 5 });
    expect(onHome?.replied_at).not.toBeNull();
  });

  it('an edit after 30 days is refused by the server and kept as a dead letter', async () => {
    // The device's clock is behind: it still offers the edit; the server's clock decides.
    home.clock.offsetMs = -31 * 86_400_000;
    await backend.pg.query(`alter table reviews disable trigger reviews_20_stamp_update`);
    try {
      await backend.pg.query(
        `update reviews set created_at = now() - interval '31 days' where id = $1`,
        [reviewId],
      );
    } finally {
      await backend.pg.query(`alter table reviews enable trigger reviews_20_stamp_update`);
    }
    await settle([home]);
    const edited = await reviewsOf(home).edit(reviewId, 1, 'Changed my mind');
    expect(edited.ok).toBe(true);
    await home.sync();
    const letters = await home.db.dead_letters.toArray();
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({ code: 'PT409', label: 'Review', op: { id: reviewId } });
    expect(letters[0]!.message).toBe('review.edit_window_over');
    const { rows } = await backend.pg.query<{ rating: number }>(
      'select rating from public.reviews where id = $1',
      [reviewId],
    );
    expect(rows[0]!.rating).toBe(5);
    // Discarding it brings the server's copy back.
    await home.deadLetters.discard(letters[0]!.id!);
    await settle([home]);
    expect(await home.db.reviews.get(reviewId)).toMatchObject({ rating: 5 });
    home.clock.offsetMs = 0;
  });
});
