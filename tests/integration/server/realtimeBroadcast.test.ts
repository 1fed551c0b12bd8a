/**
 * Realtime as hosted serves it, with supabase-js (realtime-js over `ws`) as
 * the client, on both protocol versions (2.0.0 sends a client broadcast as a
 * binary frame, 1.0.0 as JSON):
 *
 *   - public channels: refused with `PrivateOnly` while "Allow public
 *     access" is off (the default, and the app's setting); joined, and
 *     broadcast between clients, when it is on;
 *   - client broadcasts on private channels, allowed or refused by the
 *     realtime.messages INSERT policies (a test policy here: the app has
 *     none, so its own channels stay receive-only), refusals answered;
 *   - `channel.httpSend` and the batch API `/realtime/v1/api/broadcast`,
 *     attacked: no token, a bad token, another user's private topic, huge
 *     and malformed bodies, too many messages, a flood;
 *   - refused frames always get a `phx_reply` error, never silence.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

type User = { client: SupabaseClient; userId: string; accessToken: string };
const opened: SupabaseClient[] = [];

/** A supabase-js client whose Realtime uses `token` and protocol `vsn`. */
async function realtimeClient(
  b: StartedBackend,
  token: string,
  vsn: '1.0.0' | '2.0.0' = '2.0.0',
): Promise<SupabaseClient> {
  const c = createClient(b.url, b.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    accessToken: () => Promise.resolve(token),
    realtime: {
      transport: WebSocket as unknown as typeof globalThis.WebSocket,
      vsn,
      timeout: 5000,
    },
  });
  opened.push(c);
  await c.realtime.setAuth(token);
  return c;
}

/** Subscribes `channel`; resolves with the status and the error's message. */
function subscribe(channel: RealtimeChannel): Promise<{ status: string; error?: string }> {
  return new Promise((resolve) =>
    channel.subscribe((status, err) => {
      if (String(status) !== 'CLOSED') resolve({ status, error: err?.message });
    }),
  );
}

/** A channel of `client` on `topic`, collecting the `event` broadcasts it receives. */
function listen(
  client: SupabaseClient,
  topic: string,
  config: { private?: boolean; self?: boolean; ack?: boolean },
  got: unknown[],
): RealtimeChannel {
  const channel = client.channel(topic, {
    config: { private: config.private, broadcast: { self: config.self, ack: config.ack } },
  });
  channel.on('broadcast', { event: 'note' }, (m: { payload: unknown }) => got.push(m.payload));
  return channel;
}

afterAll(async () => {
  for (const c of opened) await c.removeAllChannels();
});

describe('private channels (public access off, the default)', () => {
  let b: StartedBackend;
  let alice: User;
  let bob: User;
  beforeAll(async () => {
    b = await startLocalBackend();
    alice = await b.signUpConfirmed('alice-rt@example.com', 'alice-password');
    bob = await b.signUpConfirmed('bob-rt@example.com', 'bob-password');
    // A room scheme of the test's own: anyone signed in reads `room:*`; only `room:open` may be sent to.
    await b.pg.exec(`
      create policy test_rooms_read on realtime.messages for select to authenticated
        using (realtime.messages.extension = 'broadcast' and realtime.topic() like 'room:%');
      create policy test_rooms_send on realtime.messages for insert to authenticated
        with check (realtime.messages.extension = 'broadcast' and realtime.topic() = 'room:open');
    `);
  });
  afterAll(async () => {
    await b?.stop();
  });

  it('a public channel is refused with PrivateOnly, answered at once', async () => {
    const c = await realtimeClient(b, alice.accessToken);
    const r = await subscribe(c.channel('lobby'));
    expect(r.status).toBe('CHANNEL_ERROR');
    expect(r.error).toContain('PrivateOnly');
  });

  for (const vsn of ['2.0.0', '1.0.0'] as const) {
    it(`protocol ${vsn}: a broadcast the INSERT policy allows reaches the others (and the sender with self)`, async () => {
      const sender = await realtimeClient(b, alice.accessToken, vsn);
      const other = await realtimeClient(b, bob.accessToken, vsn);
      const mine: unknown[] = [];
      const theirs: unknown[] = [];
      const a = listen(sender, 'room:open', { private: true, self: true, ack: true }, mine);
      const o = listen(other, 'room:open', { private: true }, theirs);
      expect((await subscribe(a)).status).toBe('SUBSCRIBED');
      expect((await subscribe(o)).status).toBe('SUBSCRIBED');
      const sent = await a.send({ type: 'broadcast', event: 'note', payload: { text: vsn } });
      expect(sent).toBe('ok');
      await vi.waitFor(() => expect(theirs).toEqual([{ text: vsn }]));
      await vi.waitFor(() => expect(mine).toEqual([{ text: vsn }]));
    });

    it(`protocol ${vsn}: a broadcast the policy refuses is answered with an error and reaches no one`, async () => {
      const sender = await realtimeClient(b, alice.accessToken, vsn);
      const other = await realtimeClient(b, bob.accessToken, vsn);
      const theirs: unknown[] = [];
      const a = listen(sender, 'room:closed', { private: true, ack: true }, []);
      const o = listen(other, 'room:closed', { private: true }, theirs);
      expect((await subscribe(a)).status).toBe('SUBSCRIBED');
      expect((await subscribe(o)).status).toBe('SUBSCRIBED');
      // Answered "error", not left to time out.
      expect(await a.send({ type: 'broadcast', event: 'note', payload: { x: 1 } })).toBe('error');
      // A later allowed broadcast on another room arrives; the refused one never did.
      const later: unknown[] = [];
      const o2 = listen(other, 'room:open', { private: true }, later);
      const a2 = listen(sender, 'room:open', { private: true, ack: true }, []);
      await subscribe(o2);
      await subscribe(a2);
      expect(await a2.send({ type: 'broadcast', event: 'note', payload: { x: 2 } })).toBe('ok');
      await vi.waitFor(() => expect(later).toEqual([{ x: 2 }]));
      expect(theirs).toEqual([]);
    });
  }

  it("the app's own channel stays receive-only: the user's broadcast to their own topic is refused", async () => {
    const c = await realtimeClient(b, alice.accessToken);
    const ch = listen(c, `user:${alice.userId}`, { private: true, ack: true }, []);
    expect((await subscribe(ch)).status).toBe('SUBSCRIBED');
    expect(await ch.send({ type: 'broadcast', event: 'poke', payload: {} })).toBe('error');
  });

  it('httpSend: allowed by policy is delivered; refused by policy or for a public topic rejects with the reason', async () => {
    const other = await realtimeClient(b, bob.accessToken);
    const theirs: unknown[] = [];
    await subscribe(listen(other, 'room:open', { private: true }, theirs));
    const sender = await realtimeClient(b, alice.accessToken);
    const open = sender.channel('room:open', { config: { private: true } });
    await expect(open.httpSend('note', { via: 'http' })).resolves.toEqual({ success: true });
    await vi.waitFor(() => expect(theirs).toEqual([{ via: 'http' }]));
    const closed = sender.channel('room:closed', { config: { private: true } });
    await expect(closed.httpSend('note', { via: 'http' })).rejects.toThrow(
      'realtime.topic_not_allowed',
    );
    const bobsTopic = sender.channel(`user:${bob.userId}`, { config: { private: true } });
    await expect(bobsTopic.httpSend('poke', {})).rejects.toThrow('realtime.topic_not_allowed');
    const lobby = sender.channel('lobby');
    await expect(lobby.httpSend('note', {})).rejects.toThrow('realtime.private_only');
  });

  it('the batch API: 202 for what may be sent; another user’s private topic is skipped, as hosted does', async () => {
    const bobsInbox: unknown[] = [];
    const bc = await realtimeClient(b, bob.accessToken);
    const inbox = bc.channel(`user:${bob.userId}`, { config: { private: true } });
    inbox.on('broadcast', { event: 'poke' }, (m: { payload: unknown }) =>
      bobsInbox.push(m.payload),
    );
    expect((await subscribe(inbox)).status).toBe('SUBSCRIBED');
    const roomGot: unknown[] = [];
    await subscribe(listen(bc, 'room:open', { private: true }, roomGot));
    const res = await fetch(`${b.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: {
        apikey: b.anonKey,
        authorization: `Bearer ${alice.accessToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        messages: [
          { topic: `user:${bob.userId}`, event: 'poke', payload: { forged: true }, private: true },
          { topic: 'room:open', event: 'note', payload: { batch: 1 }, private: true },
        ],
      }),
    });
    expect(res.status).toBe(202);
    await vi.waitFor(() => expect(roomGot).toEqual([{ batch: 1 }]));
    expect(bobsInbox).toEqual([]);
  });

  it('the batch API refuses no token, a bad token, huge, malformed and oversized bodies with 4xx', async () => {
    const url = `${b.url}/realtime/v1/api/broadcast`;
    const ok = { messages: [{ topic: 'room:open', event: 'note', payload: {}, private: true }] };
    const post = (headers: Record<string, string>, body: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    const auth = { apikey: b.anonKey, authorization: `Bearer ${alice.accessToken}` };
    const cases: [Record<string, string>, string, number][] = [
      [{}, JSON.stringify(ok), 401],
      [{ apikey: 'not-a-jwt' }, JSON.stringify(ok), 401],
      [{ ...auth, authorization: `Bearer ${alice.accessToken}x` }, JSON.stringify(ok), 401],
      [auth, '{"messages": [', 400],
      [auth, JSON.stringify({ messages: [] }), 422],
      [auth, JSON.stringify({ messages: [{ topic: '', event: 'e', payload: {} }] }), 422],
      [auth, JSON.stringify({ messages: [{ topic: 't', event: 'e', payload: 'text' }] }), 422],
      [auth, JSON.stringify({ messages: Array.from({ length: 101 }, () => ok.messages[0]) }), 422],
      [
        auth,
        JSON.stringify({ messages: [{ ...ok.messages[0], payload: { s: 'x'.repeat(300_000) } }] }),
        413,
      ],
    ];
    for (const [headers, body, status] of cases) {
      const res = await post(headers, body);
      expect({ body: body.slice(0, 40), status: res.status }).toEqual({
        body: body.slice(0, 40),
        status,
      });
      // PostgREST-shaped: a code in `message` (what realtime-js shows), its data in `details`
      const json = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(json).sort()).toEqual(['code', 'details', 'hint', 'message']);
      expect(json.message).toMatch(/^realtime\.[a-z_]+$/);
      expect(json.code).toEqual(expect.any(String));
      expect(json.hint).toBeNull();
    }
  });

  it("httpSend's endpoint refuses a bad topic, a wrong media type, no token, a missing or malformed payload with 4xx", async () => {
    const auth = { apikey: b.anonKey, authorization: `Bearer ${alice.accessToken}` };
    const json = { ...auth, 'content-type': 'application/json' };
    const cases: [string, Record<string, string>, string, number][] = [
      [`/${'t'.repeat(300)}/events/note`, json, '{}', 422],
      ['/%E0%A4%A/events/note?private=true', json, '{}', 403],
      ['/room:open/events/note?private=true', { ...auth, 'content-type': 'text/plain' }, 'x', 415],
      ['/room:open/events/note?private=true', { 'content-type': 'application/json' }, '{}', 401],
      ['/room:open/events/note?private=true', json, '', 422],
      ['/room:open/events/note?private=true', json, '{"a":', 400],
      [
        '/room:open/events/note?private=true',
        json,
        JSON.stringify({ s: 'x'.repeat(600_000) }),
        413,
      ],
    ];
    for (const [path, headers, body, status] of cases) {
      const res = await fetch(`${b.url}/realtime/v1/api/broadcast${path}`, {
        method: 'POST',
        headers,
        body,
      });
      expect({ path: path.slice(0, 30), status: res.status }).toEqual({
        path: path.slice(0, 30),
        status,
      });
      expect(((await res.json()) as { message?: unknown }).message).toMatch(/^realtime\.[a-z_]+$/);
    }
  });

  it('a flood of the broadcast API is cut off with 429 and the next caller is still served', async () => {
    const headers = {
      apikey: b.anonKey,
      authorization: `Bearer ${alice.accessToken}`,
      'content-type': 'application/json',
    };
    const body = JSON.stringify({
      messages: Array.from({ length: 50 }, () => ({
        topic: 'room:open',
        event: 'note',
        payload: {},
        private: true,
      })),
    });
    const statuses = await Promise.all(
      Array.from({ length: 8 }, () =>
        fetch(`${b.url}/realtime/v1/api/broadcast`, { method: 'POST', headers, body }).then(
          (r) => r.status,
        ),
      ),
    );
    expect(statuses).toContain(429);
    expect(statuses.every((s) => s === 202 || s === 429)).toBe(true);
    const bobSends = await fetch(`${b.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${bob.accessToken}` },
      body: JSON.stringify({
        messages: [{ topic: 'room:open', event: 'note', payload: {}, private: true }],
      }),
    });
    expect(bobSends.status).toBe(202);
  });
});

describe('refused frames are answered on both protocols', () => {
  let b: StartedBackend;
  beforeAll(async () => {
    b = await startLocalBackend();
  });
  afterAll(async () => {
    await b?.stop();
  });

  /** Opens a raw socket; `next()` resolves with each decoded frame in turn. */
  async function raw(vsn: '1.0.0' | '2.0.0') {
    const ws = new WebSocket(
      `${b.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${b.anonKey}&vsn=${vsn}`,
    );
    const frames: unknown[] = [];
    const waiting: ((f: unknown) => void)[] = [];
    ws.on('message', (d: Buffer) => {
      const f = JSON.parse(d.toString()) as unknown;
      const w = waiting.shift();
      if (w) w(f);
      else frames.push(f);
    });
    await new Promise((r) => ws.once('open', r));
    const next = (): Promise<unknown> =>
      frames.length > 0 ? Promise.resolve(frames.shift()) : new Promise((r) => waiting.push(r));
    const reply = async (): Promise<{ ref: unknown; status: unknown; reason: unknown }> => {
      const f = await next();
      const [ref, event, payload] = Array.isArray(f)
        ? [f[1], f[3], f[4]]
        : [
            (f as { ref: unknown }).ref,
            (f as { event: unknown }).event,
            (f as { payload: unknown }).payload,
          ];
      expect(event).toBe('phx_reply');
      const p = payload as { status: unknown; response: { reason?: unknown } };
      return { ref, status: p.status, reason: p.response.reason };
    };
    const send = (
      joinRef: string | null,
      ref: string,
      topic: string,
      event: string,
      payload: unknown,
    ) =>
      ws.send(
        JSON.stringify(
          vsn === '2.0.0'
            ? [joinRef, ref, topic, event, payload]
            : { join_ref: joinRef, ref, topic, event, payload },
        ),
      );
    return { ws, send, reply };
  }

  for (const vsn of ['2.0.0', '1.0.0'] as const) {
    it(`protocol ${vsn}: a frame for a channel not joined, presence and a public join each get an error reply`, async () => {
      const s = await raw(vsn);
      try {
        s.send(null, '1', 'realtime:room:x', 'broadcast', {
          type: 'broadcast',
          event: 'e',
          payload: {},
        });
        expect(await s.reply()).toMatchObject({
          ref: '1',
          status: 'error',
          reason: 'unmatched topic',
        });
        s.send('2', '2', 'realtime:lobby', 'phx_join', { config: { private: false } });
        expect(await s.reply()).toMatchObject({
          ref: '2',
          status: 'error',
          reason: expect.stringContaining('PrivateOnly') as unknown,
        });
        s.send(null, '3', 'realtime:lobby', 'presence', {
          type: 'presence',
          event: 'track',
          payload: {},
        });
        expect(await s.reply()).toMatchObject({ ref: '3', status: 'error' });
      } finally {
        s.ws.close();
      }
    });
  }

  it('protocol 2.0.0: a binary broadcast for a channel not joined, and one with a binary payload, are answered', async () => {
    const s = await raw('2.0.0');
    try {
      const frame = (ref: string, encoding: number, payload: Buffer): Buffer => {
        const topic = 'realtime:room:x';
        const head = Buffer.from([3, 0, ref.length, topic.length, 1, 0, encoding]);
        return Buffer.concat([
          head,
          Buffer.from(ref),
          Buffer.from(topic),
          Buffer.from('e'),
          payload,
        ]);
      };
      s.ws.send(frame('7', 1, Buffer.from('{"a":1}')));
      expect(await s.reply()).toMatchObject({
        ref: '7',
        status: 'error',
        reason: 'unmatched topic',
      });
      s.ws.send(frame('8', 0, Buffer.from([1, 2, 3])));
      expect(await s.reply()).toMatchObject({ ref: '8', status: 'error' });
    } finally {
      s.ws.close();
    }
  });

  it('a truncated broadcast frame, or one of an unknown kind, closes that socket only (1003)', async () => {
    const url = `${b.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${b.anonKey}&vsn=2.0.0`;
    for (const bytes of [
      Buffer.from([3, 0, 1, 200, 1, 0, 1, 0x31]), // says 200 topic bytes, has none
      Buffer.from([9, 0, 0, 0, 0, 0, 1]), // not a client broadcast
      Buffer.from([3]),
    ]) {
      const ws = new WebSocket(url);
      await new Promise((r) => ws.once('open', r));
      const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
      ws.send(bytes);
      expect(await closed).toBe(1003);
    }
    // The server still serves the next socket.
    const c = await realtimeClient(b, b.anonKey);
    const r = await subscribe(c.channel('lobby'));
    expect(r.error).toContain('PrivateOnly');
  });
});

describe('public access on (REALTIME_PRIVATE_ONLY=false)', () => {
  let b: StartedBackend;
  beforeAll(async () => {
    b = await startLocalBackend({ realtimePrivateOnly: false });
  });
  afterAll(async () => {
    await b?.stop();
  });

  for (const vsn of ['2.0.0', '1.0.0'] as const) {
    it(`protocol ${vsn}: anon clients join a public channel and broadcast to each other`, async () => {
      const a = await realtimeClient(b, b.anonKey, vsn);
      const o = await realtimeClient(b, b.anonKey, vsn);
      const mine: unknown[] = [];
      const theirs: unknown[] = [];
      const ca = listen(a, `lobby-${vsn}`, { self: true }, mine);
      const co = listen(o, `lobby-${vsn}`, {}, theirs);
      expect((await subscribe(ca)).status).toBe('SUBSCRIBED');
      expect((await subscribe(co)).status).toBe('SUBSCRIBED');
      expect(await ca.send({ type: 'broadcast', event: 'note', payload: { hi: vsn } })).toBe('ok');
      await vi.waitFor(() => expect(theirs).toEqual([{ hi: vsn }]));
      await vi.waitFor(() => expect(mine).toEqual([{ hi: vsn }]));
    });
  }

  it('httpSend to a public channel reaches its subscribers; a private channel of the same name does not get it', async () => {
    const listener = await realtimeClient(b, b.anonKey);
    const pub: unknown[] = [];
    await subscribe(listen(listener, 'square', {}, pub));
    const sender = await realtimeClient(b, b.anonKey);
    await expect(sender.channel('square').httpSend('note', { n: 1 })).resolves.toEqual({
      success: true,
    });
    await vi.waitFor(() => expect(pub).toEqual([{ n: 1 }]));
    // anon may not send to a private topic (no INSERT policy for anon). A new client: realtime-js
    // hands back the existing channel of a topic, whatever the config.
    const other = await realtimeClient(b, b.anonKey);
    await expect(
      other.channel('square', { config: { private: true } }).httpSend('note', { n: 2 }),
    ).rejects.toThrow('realtime.topic_not_allowed');
    expect(pub).toEqual([{ n: 1 }]);
  });

  it('a public join with a bad access token is refused', async () => {
    const c = await realtimeClient(b, 'not-a-jwt');
    const r = await subscribe(c.channel('lobby'));
    expect(r.status).toBe('CHANNEL_ERROR');
  });
});
