/**
 * team_review_stats over HTTP with supabase-js against the local backend
 * (PGlite, and real PostgreSQL in the postgres lane): the org admin gets
 * each person's average rating and median first-reply time to homeowners'
 * messages, computed in the database; a contractor, a homeowner, an admin
 * of another organization (its own people only) and anon do not get them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

type Actor = 'admin' | 'joe' | 'sam' | 'maria' | 'ann' | 'otherAdmin';
const ACTORS: Actor[] = ['admin', 'joe', 'sam', 'maria', 'ann', 'otherAdmin'];
const ROLE: Record<Actor, string> = {
  admin: 'org_admin',
  joe: 'contractor',
  sam: 'contractor',
  maria: 'homeowner',
  ann: 'homeowner',
  otherAdmin: 'org_admin',
};

let backend: StartedBackend;
const clients = {} as Record<Actor, SupabaseClient>;
const ids = {} as Record<Actor, string>;
const KITCHEN = crypto.randomUUID();
const BATH = crypto.randomUUID();
const T0 = Date.parse('2026-10-05T14:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

async function message(project: string, author: Actor, minutes: number): Promise<void> {
  await backend.pg.query(
    `insert into messages (project_id, author_id, body, created_at, updated_at) values ($1, $2, 'm', $3, $3)`,
    [project, ids[author], at(minutes)],
  );
}

beforeAll(async () => {
  backend = await startLocalBackend();
  const made = await Promise.all(
    ACTORS.map((a) =>
      backend.signUpConfirmed(`${a.toLowerCase()}-trs@example.com`, `secret-${a}`, {
        role: ROLE[a],
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
    `update profiles set organization_id = (select organization_id from profiles where id = $1) where id = any($2)`,
    [ids.admin, [ids.joe, ids.sam]],
  );
  for (const [id, owner] of [
    [KITCHEN, ids.maria],
    [BATH, ids.ann],
  ] as const) {
    await backend.pg.query(
      `insert into projects (id, name, status, user_id, owner_user_id, assigned_contractor_id, details)
       values ($1, 'Job', 'completed', $2, $2, $3, '{}')`,
      [id, owner, ids.joe],
    );
  }
  // Trusted setup: two reviews of Joe (4 and 5 stars), written in October.
  for (const [project, reviewer, rating] of [
    [KITCHEN, ids.maria, 4],
    [BATH, ids.ann, 5],
  ] as const) {
    await backend.pg.query(
      `insert into reviews (project_id, reviewer_id, contractor_id, rating, body, created_at, updated_at)
       values ($1, $2, $3, $4, 'ok', $5, $5)`,
      [project, reviewer, ids.joe, rating, at(0)],
    );
  }
  // Maria asks three times; Joe answers after 10, 30 and 20 minutes (median 20);
  // Sam writes once, at 90 minutes. Joe's own messages do not count as asked.
  await message(KITCHEN, 'maria', 0);
  await message(KITCHEN, 'joe', 10);
  await message(KITCHEN, 'maria', 60);
  await message(KITCHEN, 'joe', 90);
  await message(KITCHEN, 'sam', 90);
  await message(KITCHEN, 'maria', 120);
  await message(KITCHEN, 'joe', 140);
  // Ann's question on the bath is never answered: it does not count.
  await message(BATH, 'ann', 5);
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

describe('team_review_stats', () => {
  it('gives the org admin each person’s average rating and median first-reply time', async () => {
    const { data, error } = await clients.admin.rpc('team_review_stats', {
      p_from: '2026-10-01',
      p_to: '2026-10-31',
    });
    expect(error).toBeNull();
    const byId = Object.fromEntries(
      (data as { by_member: { contractor_id: string }[] }).by_member.map((m) => [
        m.contractor_id,
        m,
      ]),
    );
    expect(byId[ids.joe]).toMatchObject({
      name: 'joe Test',
      average_rating: 4.5,
      review_count: 2,
      median_first_reply_minutes: 20,
      replies_counted: 3,
    });
    // Sam's one message answers the first question (after 90 minutes) and the
    // second (after 30): median 60; the third he never answered.
    expect(byId[ids.sam]).toMatchObject({
      average_rating: null,
      review_count: 0,
      median_first_reply_minutes: 60,
      replies_counted: 2,
    });
    expect(byId[ids.admin]).toMatchObject({ review_count: 0, median_first_reply_minutes: null });
    expect(byId[ids.maria]).toBeUndefined();
  });

  it('counts only the period asked', async () => {
    const { data, error } = await clients.admin.rpc('team_review_stats', {
      p_from: '2026-11-01',
      p_to: '2026-11-30',
    });
    expect(error).toBeNull();
    const joe = (data as { by_member: Record<string, unknown>[] }).by_member.find(
      (m) => m.contractor_id === ids.joe,
    );
    expect(joe).toMatchObject({ average_rating: null, median_first_reply_minutes: null });
  });

  it('refuses everyone but an org admin with 42501, and another admin sees only its people', async () => {
    for (const who of ['joe', 'maria'] as const) {
      const res = await clients[who].rpc('team_review_stats', {
        p_from: '2026-10-01',
        p_to: '2026-10-31',
      });
      expect([res.status, res.error?.code]).toEqual([403, '42501']);
    }
    const anon = await backend
      .client()
      .rpc('team_review_stats', { p_from: '2026-10-01', p_to: '2026-10-31' });
    expect(anon.error).not.toBeNull();
    expect(anon.status).toBeGreaterThanOrEqual(400);
    expect(anon.status).toBeLessThan(500);
    const other = await clients.otherAdmin.rpc('team_review_stats', {
      p_from: '2026-10-01',
      p_to: '2026-10-31',
    });
    expect(other.error).toBeNull();
    const people = (other.data as { by_member: { contractor_id: string }[] }).by_member;
    expect(people.map((m) => m.contractor_id)).toEqual([ids.otherAdmin]);
  });

  it('answers a bad period with 400 22023', async () => {
    for (const args of [
      { p_from: '2026-10-31', p_to: '2026-10-01' },
      { p_from: '2000-01-01', p_to: '2026-10-01' },
      { p_from: null, p_to: '2026-10-01' },
    ]) {
      const res = await clients.admin.rpc('team_review_stats', args as never);
      expect([res.status, res.error?.code]).toEqual([400, '22023']);
    }
  });
});
