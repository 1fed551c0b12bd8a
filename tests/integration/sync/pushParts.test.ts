/**
 * A large push answers as one call whichever way the server runs it (on
 * PGlite in consecutive short transactions, on PostgreSQL in one), against
 * the real local backend:
 *   - one result per op, in the order sent, every op applied exactly once;
 *   - an op over a limit anywhere in the call fails the whole call, and
 *     nothing of it is applied;
 *   - an op with \u0000 is rejected alone, the others apply;
 *   - on PGlite, another user's reads are answered while the push is still
 *     being saved (part of it committed, the call not yet answered).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../src/data/outbox';
import { PUSH_CHUNK_OPS } from '../../../server/rest/pushChunks';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import { dbBackend } from '../../support/testDatabase';

let backend: StartedBackend;
let pusher = { id: '', token: '' };
let reader = { id: '', token: '' };

function insertOp(userId: string, name: string, details: Record<string, unknown> = {}) {
  const id = newId();
  return {
    op_id: newId(),
    table: 'projects',
    id,
    kind: 'insert',
    base_version: null,
    changes: {
      name,
      status: 'draft',
      details,
      user_id: userId,
      owner_user_id: null,
      assigned_contractor_id: userId,
    },
  };
}

function headers(token: string): Record<string, string> {
  return {
    apikey: backend.anonKey,
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
  };
}

function push(ops: unknown[]): Promise<Response> {
  return fetch(`${backend.url}/rest/v1/rpc/push_changes`, {
    method: 'POST',
    headers: headers(pusher.token),
    body: JSON.stringify({ p_ops: ops }),
  });
}

async function serverCount(prefix: string): Promise<number> {
  const r = await backend.pg.query<{ n: number }>(
    'select count(*)::int as n from public.projects where name like $1',
    [`${prefix}%`],
  );
  return r.rows[0]!.n;
}

beforeAll(async () => {
  backend = await startLocalBackend();
  const a = await backend.signUpConfirmed('parts-pusher@example.com', 'Secret-pass-1', {
    role: 'contractor',
  });
  const b = await backend.signUpConfirmed('parts-reader@example.com', 'Secret-pass-1', {
    role: 'contractor',
  });
  pusher = { id: a.userId, token: a.accessToken };
  reader = { id: b.userId, token: b.accessToken };
});
afterAll(async () => {
  await backend?.stop();
});

describe('a push larger than one part', () => {
  it('answers one result per op in the order sent, each op applied once', async () => {
    const n = PUSH_CHUNK_OPS * 2 + 7;
    const ops = Array.from({ length: n }, (_, i) => insertOp(pusher.id, `Order ${i}`));
    const res = await push(ops);
    expect(res.status).toBe(200);
    const results = (await res.json()) as { op_id: string; status: string }[];
    expect(results.map((r) => r.op_id)).toEqual(ops.map((o) => o.op_id));
    expect(new Set(results.map((r) => r.status))).toEqual(new Set(['applied']));
    expect(await serverCount('Order ')).toBe(n);

    // Sent again (an answer lost on the way): every op is a duplicate, nothing is added.
    const again = (await (await push(ops)).json()) as { op_id: string; status: string }[];
    expect(again.map((r) => r.op_id)).toEqual(ops.map((o) => o.op_id));
    expect(new Set(again.map((r) => r.status))).toEqual(new Set(['duplicate']));
    expect(await serverCount('Order ')).toBe(n);
  });

  it('an op over a limit in its last part fails the whole call, and nothing is applied', async () => {
    const ops: Record<string, unknown>[] = Array.from({ length: PUSH_CHUNK_OPS * 2 }, (_, i) =>
      insertOp(pusher.id, `Limit ${i}`),
    );
    // More details_patch entries than one op may carry.
    const last = insertOp(pusher.id, 'Limit last');
    ops.push({
      ...last,
      details_patch: Array.from({ length: 1001 }, () => ({ path: ['a'], value: 1 })),
    });
    const res = await push(ops);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('54000');
    expect(await serverCount('Limit ')).toBe(0);
  });

  it('an op with \\u0000 is rejected alone; the other parts apply', async () => {
    const ops = Array.from({ length: PUSH_CHUNK_OPS + 10 }, (_, i) =>
      insertOp(pusher.id, `Nul ${i}`),
    );
    ops[PUSH_CHUNK_OPS + 3] = insertOp(pusher.id, 'Nul bad\u0000');
    const res = await push(ops);
    expect(res.status).toBe(200);
    const results = (await res.json()) as { op_id: string; status: string; code: string | null }[];
    expect(results).toHaveLength(ops.length);
    expect(results[PUSH_CHUNK_OPS + 3]).toMatchObject({ status: 'rejected', code: '22P05' });
    expect(results.filter((r) => r.status === 'applied')).toHaveLength(ops.length - 1);
    expect(await serverCount('Nul ')).toBe(ops.length - 1);
  });

  it.runIf(dbBackend() === 'pglite')(
    "on PGlite another user's reads are answered between the parts of a push",
    async () => {
      const n = PUSH_CHUNK_OPS * 16;
      const ops = Array.from({ length: n }, (_, i) =>
        insertOp(pusher.id, `Between ${i}`, { notes: 'n'.repeat(512) }),
      );
      let answered = false;
      const pushing = push(ops).then(async (res) => {
        answered = true;
        return res;
      });
      // The reader reads without pause; the service role counts what is committed meanwhile.
      const seenWhilePushing = new Set<number>();
      while (!answered) {
        const read = await fetch(`${backend.url}/rest/v1/projects?select=id&limit=1`, {
          headers: headers(reader.token),
        });
        expect(read.status).toBe(200);
        await read.text();
        const committed = await serverCount('Between ');
        if (!answered) seenWhilePushing.add(committed);
      }
      expect((await pushing).status).toBe(200);
      expect(await serverCount('Between ')).toBe(n);
      // Part of the push was saved, and reads were answered, before the push itself was.
      expect([...seenWhilePushing].some((c) => c > 0 && c < n)).toBe(true);
    },
  );
});
