/**
 * Reviews over HTTP with supabase-js against the local backend (PGlite, and
 * real PostgreSQL in the postgres lane): only the owner of a completed
 * project reviews its contractor, once, 1 to 5 stars and at most 2,000
 * characters, editable for 30 days; the contractor replies once; nobody
 * reviews themselves; who reads the whole row (reviewer, contractor, its
 * org admin, the project's readers), who reads it without the reviewer's
 * and the job's id (a homeowner holding the contractor's quote, through
 * contractor_reviews) and who reads nothing (another contractor, another
 * homeowner, anon); the same through push_changes and pull_changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

type Actor = 'owner' | 'contractor' | 'orgAdmin' | 'viewer' | 'shopper' | 'other' | 'rival';
const ACTORS: Actor[] = ['owner', 'contractor', 'orgAdmin', 'viewer', 'shopper', 'other', 'rival'];

let backend: StartedBackend;
let anon: SupabaseClient;
const clients = {} as Record<Actor, SupabaseClient>;
const ids = {} as Record<Actor, string>;

const DONE = crypto.randomUUID();
const ACTIVE = crypto.randomUUID();
const SELF = crypto.randomUUID();
const SHOPPER_PROJECT = crypto.randomUUID();

function refused(
  res: { error: { code?: string } | null; status: number },
  status: number,
  code: string,
): void {
  expect(res.error, `expected ${status} ${code}`).not.toBeNull();
  expect([res.status, res.error!.code]).toEqual([status, code]);
}

async function reviewCount(): Promise<number> {
  const r = await backend.pg.query<{ n: number }>(`select count(*)::int as n from reviews`);
  return r.rows[0]!.n;
}

async function visible(who: Actor): Promise<string[]> {
  const { data, error } = await clients[who].from('reviews').select('id');
  expect(error).toBeNull();
  return (data ?? []).map((r: { id: string }) => r.id);
}

beforeAll(async () => {
  backend = await startLocalBackend();
  anon = backend.client();
  const role: Record<Actor, string> = {
    owner: 'homeowner',
    contractor: 'contractor',
    orgAdmin: 'org_admin',
    viewer: 'homeowner',
    shopper: 'homeowner',
    other: 'homeowner',
    rival: 'contractor',
  };
  const made = await Promise.all(
    ACTORS.map((a) =>
      backend.signUpConfirmed(`${a.toLowerCase()}-rev@example.com`, `secret-${a}`, {
        role: role[a],
        first_name: a,
        last_name: 'Test',
      }),
    ),
  );
  ACTORS.forEach((a, i) => {
    clients[a] = made[i]!.client;
    ids[a] = made[i]!.userId;
  });
  await backend.pg.query(
    `update profiles set organization_id = (select organization_id from profiles where id = $1) where id = $2`,
    [ids.orgAdmin, ids.contractor],
  );
  for (const [id, status, owner, contractor] of [
    [DONE, 'completed', ids.owner, ids.contractor],
    [ACTIVE, 'active', ids.owner, ids.contractor],
    [SELF, 'completed', ids.contractor, ids.contractor],
    [SHOPPER_PROJECT, 'draft', ids.shopper, null],
  ] as const) {
    await backend.pg.query(
      `insert into projects (id, name, status, user_id, owner_user_id, assigned_contractor_id, details)
       values ($1, 'Job', $2, $3, $3, $4, '{}')`,
      [id, status, owner, contractor],
    );
  }
  // The completed jobs are signed off (trusted setup): a review needs the sign-off.
  await backend.pg.query(
    `insert into project_signoffs (project_id, signer_name, signed_sha256)
     select unnest($1::uuid[]), 'Signer', repeat('0', 64)`,
    [[DONE, SELF]],
  );
  await backend.pg.query(
    `insert into project_members (project_id, user_id, role) values ($1, $2, 'viewer')`,
    [DONE, ids.viewer],
  );
  // The shopper holds a sent quote from the contractor (trusted setup).
  await backend.pg.query(
    `insert into quotes (project_id, contractor_id, status, lines, valid_until, sent_at)
     values ($1, $2, 'sent', '[{"kind":"labor","description":"Install","quantity":1,"unit_cents":1000}]',
             current_date + 30, now())`,
    [SHOPPER_PROJECT, ids.contractor],
  );
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

let reviewId = '';

describe('writing a review', () => {
  it('refuses stars out of range and an over-long text with the words of the field', async () => {
    for (const rating of [0, 6]) {
      const res = await clients.owner
        .from('reviews')
        .insert({ project_id: DONE, reviewer_id: ids.owner, contractor_id: ids.owner, rating });
      refused(res, 400, '22023');
      expect(res.error!.message).toBe('review.rating_invalid');
    }
    refused(
      await clients.owner.from('reviews').insert({
        project_id: DONE,
        reviewer_id: ids.owner,
        contractor_id: ids.contractor,
        rating: 4,
        body: 'x'.repeat(2001),
      }),
      400,
      '22023',
    );
  });

  it('only the owner of a completed project, never the contractor, a member or a stranger; anon 401', async () => {
    const row = (who: Actor, project: string) => ({
      project_id: project,
      reviewer_id: ids[who],
      contractor_id: ids.contractor,
      rating: 5,
    });
    refused(await clients.owner.from('reviews').insert(row('owner', ACTIVE)), 409, 'PT409');
    for (const who of ['contractor', 'viewer', 'other', 'orgAdmin'] as const)
      refused(await clients[who].from('reviews').insert(row(who, DONE)), 403, '42501');
    refused(await clients.owner.from('reviews').insert(row('viewer', DONE)), 403, '42501');
    refused(await anon.from('reviews').insert(row('owner', DONE)), 401, '42501');
    // Its own project, assigned to itself: nobody reviews themselves.
    refused(await clients.contractor.from('reviews').insert(row('contractor', SELF)), 403, '42501');
    expect(await reviewCount()).toBe(0);
  });

  it('the owner reviews the project contractor once; the server names the contractor', async () => {
    const res = await clients.owner
      .from('reviews')
      .insert({
        project_id: DONE,
        reviewer_id: ids.owner,
        contractor_id: ids.rival,
        rating: 5,
        body: 'Clean work, doors hung straight.',
        reply: 'Thanks from me (forged)',
      })
      .select()
      .single();
    expect(res.error).toBeNull();
    expect(res.data).toMatchObject({ contractor_id: ids.contractor, rating: 5, reply: null });
    reviewId = res.data!.id;
    refused(
      await clients.owner.from('reviews').insert({
        project_id: DONE,
        reviewer_id: ids.owner,
        contractor_id: ids.contractor,
        rating: 1,
      }),
      409,
      'PT409',
    );
  });
});

describe('changing it and replying', () => {
  it('the reviewer edits stars and text but never the reply; the contractor never the stars', async () => {
    const edit = await clients.owner
      .from('reviews')
      .update({ rating: 4, body: 'Clean work; one drawer front re-made.' })
      .eq('id', reviewId)
      .select()
      .single();
    expect(edit.error).toBeNull();
    expect(edit.data).toMatchObject({ rating: 4, version: 2 });
    refused(
      await clients.owner.from('reviews').update({ reply: 'me too' }).eq('id', reviewId),
      403,
      '42501',
    );
    refused(
      await clients.contractor.from('reviews').update({ rating: 5 }).eq('id', reviewId),
      403,
      '42501',
    );
  });

  it('the contractor replies once (stamped); a second reply is refused', async () => {
    const reply = await clients.contractor
      .from('reviews')
      .update({ reply: 'Thank you, Hannah!' })
      .eq('id', reviewId)
      .select()
      .single();
    expect(reply.error).toBeNull();
    expect(reply.data!.replied_at).not.toBeNull();
    refused(
      await clients.contractor.from('reviews').update({ reply: 'Edited reply' }).eq('id', reviewId),
      409,
      'PT409',
    );
  });

  it('after 30 days the review stands', async () => {
    const old = crypto.randomUUID();
    const project = crypto.randomUUID();
    await backend.pg.query(
      `insert into projects (id, name, status, user_id, owner_user_id, assigned_contractor_id, details)
       values ($1, 'Old job', 'completed', $2, $2, $3, '{}')`,
      [project, ids.owner, ids.contractor],
    );
    await backend.pg.query(
      `insert into reviews (id, project_id, reviewer_id, contractor_id, rating, created_at)
       values ($1, $2, $3, $4, 3, now() - interval '31 days')`,
      [old, project, ids.owner, ids.contractor],
    );
    refused(await clients.owner.from('reviews').update({ rating: 1 }).eq('id', old), 409, 'PT409');
  });

  it('nobody deletes a review', async () => {
    const res = await clients.owner.from('reviews').delete().eq('id', reviewId);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await reviewCount()).toBe(2);
  });
});

describe('who reads reviews', () => {
  it('the whole row: reviewer, contractor, its org admin and the project viewer; nobody else', async () => {
    for (const who of ['owner', 'contractor', 'orgAdmin', 'viewer'] as const)
      expect(await visible(who)).toContain(reviewId);
    for (const who of ['shopper', 'other', 'rival'] as const)
      expect(await visible(who)).toEqual([]);
    refused(await anon.from('reviews').select('id'), 401, '42501');
  });

  it("a homeowner holding its quote reads it without the reviewer's or the job's id; others read none", async () => {
    const { data, error } = await clients.shopper.rpc('contractor_reviews', {
      p_contractor_ids: [ids.contractor],
    });
    expect(error).toBeNull();
    const rows = data as Record<string, unknown>[];
    expect(rows.map((r) => r.id)).toContain(reviewId);
    for (const r of rows) {
      expect(Object.keys(r).sort()).toEqual(
        [
          'body',
          'contractor_id',
          'created_at',
          'id',
          'rating',
          'replied_at',
          'reply',
          'reviewer_name',
          'updated_at',
        ].sort(),
      );
      expect(JSON.stringify(r)).not.toContain(ids.owner);
      expect(JSON.stringify(r)).not.toContain(DONE);
    }
    expect(rows.find((r) => r.id === reviewId)!.reviewer_name).toBe('owner T.');
    for (const who of ['other', 'rival'] as const) {
      const none = await clients[who].rpc('contractor_reviews', {
        p_contractor_ids: [ids.contractor],
      });
      expect([none.error, none.data]).toEqual([null, []]);
    }
    refused(
      await anon.rpc('contractor_reviews', { p_contractor_ids: [ids.contractor] }),
      401,
      '42501',
    );
    const many = Array.from({ length: 51 }, () => crypto.randomUUID());
    refused(
      await clients.shopper.rpc('contractor_reviews', { p_contractor_ids: many }),
      400,
      '22023',
    );
    refused(
      await clients.shopper.rpc('contractor_reviews', { p_contractor_ids: ['not-a-uuid'] }),
      400,
      '22P02',
    );
  });

  it('through pull_changes the same; through push_changes the same rules', async () => {
    const pulled = await clients.viewer.rpc('pull_changes', { p_table: 'reviews', p_cursor: '0' });
    expect(pulled.error).toBeNull();
    expect((pulled.data as { rows: { id: string }[] }).rows.map((r) => r.id)).toContain(reviewId);
    const shopper = await clients.shopper.rpc('pull_changes', {
      p_table: 'reviews',
      p_cursor: '0',
    });
    expect((shopper.data as { rows: unknown[] }).rows).toEqual([]);
    const none = await clients.rival.rpc('pull_changes', { p_table: 'reviews', p_cursor: '0' });
    expect((none.data as { rows: unknown[] }).rows).toEqual([]);

    const project = crypto.randomUUID();
    await backend.pg.query(
      `insert into projects (id, name, status, user_id, owner_user_id, assigned_contractor_id, details)
       values ($1, 'Pushed job', 'completed', $2, $2, $3, '{}')`,
      [project, ids.owner, ids.contractor],
    );
    await backend.pg.query(
      `insert into project_signoffs (project_id, signer_name, signed_sha256) values ($1, 'Signer', repeat('0', 64))`,
      [project],
    );
    const op = (who: Actor, changes: Record<string, unknown>, kind = 'insert', id?: string) => ({
      op_id: crypto.randomUUID(),
      table: 'reviews',
      id: id ?? crypto.randomUUID(),
      kind,
      base_version: kind === 'insert' ? null : 1,
      changes,
    });
    const { data, error } = await clients.owner.rpc('push_changes', {
      p_ops: [
        op('owner', { project_id: project, reviewer_id: ids.owner, rating: 6 }),
        op('owner', { project_id: project, reviewer_id: ids.owner, rating: 5, body: 'Great' }),
      ],
    });
    expect(error).toBeNull();
    const res = data as { status: string; code: string | null; row: { id: string } | null }[];
    expect(res.map((r) => [r.status, r.code])).toEqual([
      ['rejected', '22023'],
      ['applied', null],
    ]);
    const replied = await clients.contractor.rpc('push_changes', {
      p_ops: [op('contractor', { reply: 'Thanks!' }, 'update', res[1]!.row!.id)],
    });
    expect((replied.data as { status: string }[])[0]!.status).toBe('applied');
    const forged = await clients.rival.rpc('push_changes', {
      p_ops: [op('rival', { project_id: project, reviewer_id: ids.rival, rating: 1 })],
    });
    expect((forged.data as { status: string; code: string }[])[0]).toMatchObject({
      status: 'rejected',
      code: '42501',
    });
  });
});
