/**
 * Realtime holds against one address or one account taking it over, and
 * against a deleted account, over raw `ws` sockets speaking Phoenix vsn
 * 2.0.0 (small limits set for the test): sockets past the cap from one
 * address are refused 429 before the upgrade, and a closed socket frees its
 * place; joins past the cap of one account are refused while another
 * account still joins; a deleted account's still-valid token joins nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

let backend: StartedBackend;
const open: WebSocket[] = [];

beforeAll(async () => {
  backend = await startLocalBackend({
    realtimeLimits: { socketsPerAddress: 4, joinsPerAccount: 3, maxChannels: 10 },
  });
}, 60_000);
afterAll(async () => {
  for (const ws of open) if (ws.readyState === WebSocket.OPEN) ws.terminate();
  await backend?.stop();
});

function wsUrl(): string {
  const u = new URL('/realtime/v1/websocket', backend.url.replace(/^http/, 'ws'));
  u.searchParams.set('apikey', backend.anonKey);
  u.searchParams.set('vsn', '2.0.0');
  return u.toString();
}

interface Sock {
  ws: WebSocket;
  frames: unknown[][];
  closed: Promise<number>;
}

/** An open socket, or the HTTP status that refused it. */
async function connect(): Promise<Sock | number> {
  const ws = new WebSocket(wsUrl());
  open.push(ws);
  const frames: unknown[][] = [];
  ws.on('error', () => {});
  ws.on('message', (d: Buffer) => frames.push(JSON.parse(d.toString('utf8')) as unknown[]));
  const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
  return new Promise<Sock | number>((resolve) => {
    ws.once('open', () => resolve({ ws, frames, closed }));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
  });
}

async function sock(): Promise<Sock> {
  const s = await connect();
  if (typeof s === 'number') throw new Error(`refused ${s}`);
  return s;
}

/** Joins `user:<id>` with `token` on `s`; the reply's payload. */
async function join(s: Sock, id: string, token: string, ref: string): Promise<unknown> {
  s.ws.send(
    JSON.stringify([
      ref,
      ref,
      `realtime:user:${id}`,
      'phx_join',
      { config: { private: true, broadcast: { self: false } }, access_token: token },
    ]),
  );
  for (let i = 0; i < 500; i++) {
    const reply = s.frames.find((f) => f[1] === ref && f[3] === 'phx_reply');
    if (reply) return reply[4];
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('no join reply');
}

describe('Realtime caps', () => {
  it('refuses a socket past the cap of one address (429), and frees a place when one closes', async () => {
    const socks = [await sock(), await sock(), await sock(), await sock()];
    expect(await connect()).toBe(429);
    socks[0]!.ws.close();
    await socks[0]!.closed;
    let again: Sock | number = 429;
    for (let i = 0; i < 50 && again === 429; i++) {
      again = await connect();
      if (again === 429) await new Promise((r) => setTimeout(r, 20));
    }
    expect(typeof again).toBe('object');
    for (const s of [...socks.slice(1), again as Sock]) {
      s.ws.close();
      await s.closed;
    }
  });

  it("refuses joins past the cap of one account over all its sockets; another account's join still goes", async () => {
    const a = await backend.signUpConfirmed('caps-a@example.com', 'Secret-pass-1', {});
    const b = await backend.signUpConfirmed('caps-b@example.com', 'Secret-pass-1', {});
    const s1 = await sock();
    const s2 = await sock();
    const ok = { status: 'ok', response: {} };
    expect(await join(s1, a.userId, a.accessToken, 'j1')).toEqual(ok);
    expect(await join(s2, a.userId, a.accessToken, 'j2')).toEqual(ok);
    const s3 = await sock();
    expect(await join(s3, a.userId, a.accessToken, 'j3')).toEqual(ok);
    const s4 = await sock();
    expect(await join(s4, a.userId, a.accessToken, 'j4')).toMatchObject({
      status: 'error',
      response: { reason: expect.stringMatching(/Too many channels for this account/) },
    });
    s1.ws.close();
    await s1.closed;
    expect(await join(s4, b.userId, b.accessToken, 'j5')).toEqual(ok);
    for (const s of [s2, s3, s4]) {
      s.ws.close();
      await s.closed;
    }
  });

  it("refuses a deleted account's token, which still verifies", async () => {
    const gone = await backend.signUpConfirmed('caps-gone@example.com', 'Secret-pass-1', {});
    const before = await sock();
    expect(await join(before, gone.userId, gone.accessToken, 'd1')).toEqual({
      status: 'ok',
      response: {},
    });
    before.ws.close();
    await before.closed;
    const deleted = await gone.client.rpc('delete_my_account');
    expect(deleted.error).toBeNull();
    const after = await sock();
    expect(await join(after, gone.userId, gone.accessToken, 'd2')).toMatchObject({
      status: 'error',
      response: { reason: expect.stringMatching(/Unauthorized/) },
    });
    after.ws.close();
    await after.closed;
  });
});
