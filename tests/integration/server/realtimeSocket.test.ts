/**
 * The local Realtime endpoint under bad input, over raw `ws` sockets
 * speaking Phoenix vsn 2.0.0: a malformed frame, an oversized frame, a flood
 * of frames and a silent socket each close that socket only, while another
 * socket keeps being answered; an upgrade without an API key is refused; a
 * join without a token is refused and receives nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

let backend: StartedBackend;
let userId: string;
const open: WebSocket[] = [];

beforeAll(async () => {
  backend = await startLocalBackend({
    realtimeLimits: { maxFrameBytes: 4096, silenceMs: 1500, framesPerSecond: 5, frameBurst: 20 },
  });
  userId = (await backend.signUpConfirmed('sock@example.com', 'Secret-pass-1', {})).userId;
});
afterAll(async () => {
  for (const ws of open) ws.terminate();
  await backend?.stop();
});

function wsUrl(apikey: string | null): string {
  const u = new URL('/realtime/v1/websocket', backend.url.replace(/^http/, 'ws'));
  if (apikey) u.searchParams.set('apikey', apikey);
  u.searchParams.set('vsn', '2.0.0');
  return u.toString();
}

/** An open socket and the frames it receives (parsed). */
async function connect(): Promise<{ ws: WebSocket; frames: unknown[][]; closed: Promise<number> }> {
  const ws = new WebSocket(wsUrl(backend.anonKey));
  open.push(ws);
  const frames: unknown[][] = [];
  ws.on('message', (d: Buffer) => frames.push(JSON.parse(d.toString('utf8')) as unknown[]));
  const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, frames, closed };
}

/** Sends a heartbeat and resolves with its reply. */
async function heartbeat(s: { ws: WebSocket; frames: unknown[][] }, ref: string): Promise<unknown> {
  s.ws.send(JSON.stringify([null, ref, 'phoenix', 'heartbeat', {}]));
  for (let i = 0; i < 200; i++) {
    const reply = s.frames.find((f) => f[1] === ref);
    if (reply) return reply[4];
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('no heartbeat reply');
}

describe('the Realtime endpoint under bad input', () => {
  it('answers heartbeats', async () => {
    const s = await connect();
    expect(await heartbeat(s, 'h1')).toEqual({ status: 'ok', response: {} });
  });

  it('refuses an upgrade without an API key (401)', async () => {
    const ws = new WebSocket(wsUrl(null));
    const status = await new Promise<number>((resolve) =>
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(status).toBe(401);
  });

  it('closes a socket that sends a malformed frame, and only that one', async () => {
    const bad = await connect();
    const good = await connect();
    bad.ws.send('{"not": "a phoenix message"');
    expect(await bad.closed).toBe(1003);
    expect(await heartbeat(good, 'h2')).toEqual({ status: 'ok', response: {} });
  });

  it('closes a socket that sends an oversized frame (1009), and only that one', async () => {
    const big = await connect();
    const good = await connect();
    big.ws.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', { pad: 'x'.repeat(8192) }]));
    expect(await big.closed).toBe(1009);
    expect(await heartbeat(good, 'h3')).toEqual({ status: 'ok', response: {} });
  });

  it('closes a socket that floods frames (1008), and only that one', async () => {
    const flood = await connect();
    const good = await connect();
    for (let i = 0; i < 200; i++)
      flood.ws.send(JSON.stringify([null, String(i), 'phoenix', 'heartbeat', {}]));
    expect(await flood.closed).toBe(1008);
    expect(await heartbeat(good, 'h4')).toEqual({ status: 'ok', response: {} });
  });

  it('closes a socket that stops heartbeating', async () => {
    const silent = await connect();
    const code = await silent.closed;
    expect(code).toBe(1006);
  });

  it('refuses a join without a token with a Phoenix error reply, and delivers nothing to it', async () => {
    const s = await connect();
    const topic = `realtime:user:${userId}`;
    s.ws.send(JSON.stringify(['1', '1', topic, 'phx_join', { config: { private: true } }]));
    for (let i = 0; i < 200 && !s.frames.some((f) => f[1] === '1'); i++)
      await new Promise((r) => setTimeout(r, 10));
    const reply = s.frames.find((f) => f[1] === '1');
    expect(reply?.[3]).toBe('phx_reply');
    expect(reply?.[4]).toMatchObject({ status: 'error' });
    await backend.pg.query(`select realtime.send('{}'::jsonb, 'poke', $1, true)`, [
      `user:${userId}`,
    ]);
    expect(await heartbeat(s, 'h5')).toEqual({ status: 'ok', response: {} });
    expect(s.frames.filter((f) => f[3] === 'broadcast')).toEqual([]);
  });
});
