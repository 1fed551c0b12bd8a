/**
 * A homeowner's talk with each bidding contractor stays between the two of
 * them, over HTTP with supabase-js against the local backend (PGlite, and
 * real PostgreSQL in the postgres lane). Two contractors join her job by
 * measure visits she accepted; each writes to her and reads only his own
 * conversation (REST and pull_changes), whatever `bidder_id` he sends; she
 * reads every conversation and writes into the one she picks, never into a
 * stranger's; after she accepts one of them, the contractor of record reads
 * the job's thread and his own conversation, still not his rival's. No
 * token, a stranger and a changed conversation on edit are refused or
 * ignored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

type Actor = 'owner' | 'amy' | 'ben' | 'stranger';
const ACTORS: Actor[] = ['owner', 'amy', 'ben', 'stranger'];

let backend: StartedBackend;
let anon: SupabaseClient;
const clients = {} as Record<Actor, SupabaseClient>;
const ids = {} as Record<Actor, string>;
const JOB = crypto.randomUUID();
const HOUR = 3_600_000;
const at = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

interface PushResult {
  status: string;
  code: string | null;
  message: string | null;
  row: { id: string; bidder_id: string | null } | null;
}

async function push(who: Actor, ops: Record<string, unknown>[]): Promise<PushResult[]> {
  const { data, error } = await clients[who].rpc('push_changes', {
    p_ops: ops.map((o) => ({ op_id: crypto.randomUUID(), ...o })),
  });
  if (error) throw new Error(`push_changes: ${error.message}`);
  return data as PushResult[];
}

/** Sends a message as `who` through push_changes; the stored row. */
async function send(who: Actor, body: string, bidderId?: string | null) {
  const changes: Record<string, unknown> = {
    project_id: JOB,
    author_id: ids[who],
    body,
    attachments: [],
  };
  if (bidderId !== undefined) changes.bidder_id = bidderId;
  const [res] = await push(who, [
    { table: 'messages', id: crypto.randomUUID(), kind: 'insert', changes },
  ]);
  return res!;
}

async function bodiesByRest(who: Actor): Promise<string[]> {
  const { data, error } = await clients[who].from('messages').select('body');
  expect(error).toBeNull();
  return (data ?? []).map((r: { body: string }) => r.body).sort();
}

async function bodiesByPull(who: Actor): Promise<string[]> {
  const { data, error } = await clients[who].rpc('pull_changes', {
    p_table: 'messages',
    p_cursor: '0',
  });
  expect(error).toBeNull();
  return (data as { rows: { body: string }[] }).rows.map((r) => r.body).sort();
}

async function reads(who: Actor): Promise<string[]> {
  const [rest, pulled] = await Promise.all([bodiesByRest(who), bodiesByPull(who)]);
  expect(pulled).toEqual(rest);
  return rest;
}

/** `who` proposes a measure visit on the job and the homeowner accepts its slot. */
async function measureVisitAccepted(who: Actor): Promise<void> {
  const { data, error } = await clients[who]
    .from('visits')
    .insert({
      project_id: JOB,
      kind: 'measure',
      slots: [{ starts_at: at(48), ends_at: at(49) }],
      message: 'I can come measure.',
    })
    .select('id')
    .single();
  expect(error).toBeNull();
  const ok = await clients.owner
    .from('visits')
    .update({ status: 'scheduled', chosen_slot: 0 })
    .eq('id', (data as { id: string }).id)
    .select('id');
  expect(ok.error).toBeNull();
  expect(ok.data).toHaveLength(1);
}

beforeAll(async () => {
  backend = await startLocalBackend();
  anon = backend.client();
  const role: Record<Actor, string> = {
    owner: 'homeowner',
    amy: 'contractor',
    ben: 'contractor',
    stranger: 'contractor',
  };
  const made = await Promise.all(
    ACTORS.map((a) =>
      backend.signUpConfirmed(`${a}-bids@example.com`, `secret-${a}`, {
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
  await backend.pg.query(`update profiles set service_areas = '{627}' where id = any($1::uuid[])`, [
    [ids.amy, ids.ben, ids.stranger],
  ]);
  await backend.pg.query(
    `insert into projects (id, name, status, user_id, owner_user_id, details)
     values ($1, 'Kitchen refresh', 'active', $2, $2, '{}')`,
    [JOB, ids.owner],
  );
  await backend.pg.query(`insert into quote_requests (project_id, zip) values ($1, '62701')`, [
    JOB,
  ]);
  await measureVisitAccepted('amy');
  await measureVisitAccepted('ben');
}, 120_000);

afterAll(async () => {
  await backend?.stop();
});

describe('conversations with bidders', () => {
  it('both measuring contractors are on the job as bidders', async () => {
    const r = await backend.pg.query<{ amy: boolean; ben: boolean; stranger: boolean }>(
      `select private.is_bidder($1, $2) as amy, private.is_bidder($1, $3) as ben,
              private.is_bidder($1, $4) as stranger`,
      [JOB, ids.amy, ids.ben, ids.stranger],
    );
    expect(r.rows[0]).toEqual({ amy: true, ben: true, stranger: false });
  });

  it('a bidder writes into his own conversation, whatever conversation he names', async () => {
    expect((await send('amy', 'Amy: cabinets look solid')).row!.bidder_id).toBe(ids.amy);
    expect((await send('amy', 'Amy: naming Ben', ids.ben)).row!.bidder_id).toBe(ids.amy);
    expect((await send('ben', 'Ben: I can do it cheaper', null)).row!.bidder_id).toBe(ids.ben);
    const rest = await clients.ben
      .from('messages')
      .insert({ project_id: JOB, author_id: ids.ben, body: 'Ben by REST', bidder_id: ids.amy })
      .select('bidder_id')
      .single();
    expect(rest.error).toBeNull();
    expect(rest.data).toEqual({ bidder_id: ids.ben });
  });

  it('the homeowner writes into the conversation she picks, or the job thread; never a stranger', async () => {
    expect((await send('owner', 'To Amy: Tuesday works', ids.amy)).row!.bidder_id).toBe(ids.amy);
    expect((await send('owner', 'To Ben: Amy quoted $4,100', ids.ben)).row!.bidder_id).toBe(
      ids.ben,
    );
    expect((await send('owner', 'Note for the household')).row!.bidder_id).toBeNull();
    const stranger = await send('owner', 'To a stranger', ids.stranger);
    expect([stranger.status, stranger.message]).toEqual(['rejected', 'message.bidder_invalid']);
    const self = await send('owner', 'To myself', ids.owner);
    expect([self.status, self.message]).toEqual(['rejected', 'message.bidder_invalid']);
  });

  it('each bidder reads his conversation and what the homeowner wrote to the whole job, never a rival’s; the homeowner reads them all (REST and pull)', async () => {
    expect(await reads('amy')).toEqual([
      'Amy: cabinets look solid',
      'Amy: naming Ben',
      'Note for the household',
      'To Amy: Tuesday works',
    ]);
    expect(await reads('ben')).toEqual([
      'Ben by REST',
      'Ben: I can do it cheaper',
      'Note for the household',
      'To Ben: Amy quoted $4,100',
    ]);
    expect(await reads('owner')).toHaveLength(7);
    expect(await reads('stranger')).toEqual([]);
    const none = await anon.from('messages').select('body');
    expect(none.data ?? []).toEqual([]);
  });

  it('a bidder cannot write in another bidder’s name or move his message to another conversation', async () => {
    const forged = await clients.amy
      .from('messages')
      .insert({ project_id: JOB, author_id: ids.ben, body: 'As Ben' });
    expect(forged.error?.message).toBe('message.author_mismatch');
    const { data } = await clients.amy
      .from('messages')
      .select('id')
      .eq('body', 'Amy: cabinets look solid')
      .single();
    const moved = await clients.amy
      .from('messages')
      .update({ bidder_id: null, body: 'Amy: cabinets look solid (edited)' })
      .eq('id', (data as { id: string }).id)
      .select('bidder_id')
      .single();
    expect(moved.error).toBeNull();
    expect(moved.data).toEqual({ bidder_id: ids.amy });
    expect(await reads('ben')).not.toContain('Amy: cabinets look solid (edited)');
  });

  it('the contractor of record reads the job thread and his conversation, never his rival’s', async () => {
    await backend.pg.query(`select private.sync_assign_project($1, $2)`, [JOB, ids.amy]);
    expect(await reads('amy')).toEqual([
      'Amy: cabinets look solid (edited)',
      'Amy: naming Ben',
      'Note for the household',
      'To Amy: Tuesday works',
    ]);
    expect(await reads('ben')).toEqual([
      'Ben by REST',
      'Ben: I can do it cheaper',
      'Note for the household',
      'To Ben: Amy quoted $4,100',
    ]);
    // Now on the job's side, Amy writes to the job's thread, not to a conversation.
    expect((await send('amy', 'Amy: starting Monday')).row!.bidder_id).toBeNull();
    expect(await reads('ben')).not.toContain('Amy: starting Monday');
  });
});
