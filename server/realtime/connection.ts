/**
 * One Realtime socket: the Phoenix channel messages realtime-js sends on a
 * private broadcast channel, answered under the socket's bounds (see
 * ./socket.ts). `phx_join` checks the access token as REST does and then
 * the realtime.messages SELECT policy in the database (./authorize.ts);
 * a refused join gets a Phoenix error reply and no broadcast. An
 * `access_token` update re-checks the channel; a token that runs out or is
 * refused closes the channel (`system` error, then `phx_close`), as hosted.
 */
import type { RawData, WebSocket } from 'ws';
import type { BackendContext } from '../context.ts';
import type { Claims } from '../db.ts';
import { mayJoin } from './authorize.ts';
import { realtimeCaps } from './caps.ts';
import type { RealtimeHub } from './hub.ts';
import { decodeFrame, encodeFrame, type Frame } from './frames.ts';
import type { RealtimeLimits } from './limits.ts';

interface Joined {
  joinRef: string | null;
  leave: () => void;
  expiry: NodeJS.Timeout | null;
}

/** A socket with the time of its last frame (for the silence limit). */
export type TrackedSocket = WebSocket & { lastSeen?: number };

/** Serves `ws` (protocol `vsn`) until it closes. */
export function serveSocket(
  ws: TrackedSocket,
  vsn: string,
  ctx: BackendContext,
  hub: RealtimeHub,
  limits: RealtimeLimits,
): void {
  const state = ws;
  state.lastSeen = Date.now();
  const channels = new Map<string, Joined>();
  let tokens = limits.frameBurst;
  let refilledAt = Date.now();
  let queued = 0;
  let chain: Promise<void> = Promise.resolve();

  const send = (frame: Frame): void => {
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > limits.maxBufferedBytes) {
      ws.terminate();
      return;
    }
    ws.send(encodeFrame(frame, vsn));
  };
  const reply = (f: Frame, status: 'ok' | 'error', response: Record<string, unknown>): void =>
    send({
      joinRef: f.joinRef,
      ref: f.ref,
      topic: f.topic,
      event: 'phx_reply',
      payload: { status, response },
    });

  function leave(topic: string): void {
    const joined = channels.get(topic);
    if (!joined) return;
    joined.leave();
    if (joined.expiry) clearTimeout(joined.expiry);
    channels.delete(topic);
  }

  /** Ends a joined channel the way hosted does when its token runs out or is refused. */
  function closeChannel(topic: string, message: string): void {
    const joined = channels.get(topic);
    if (!joined) return;
    const sub = topic.slice('realtime:'.length);
    const base = { joinRef: joined.joinRef, ref: null, topic };
    send({
      ...base,
      event: 'system',
      payload: { channel: sub, extension: 'system', message, status: 'error' },
    });
    send({ ...base, event: 'phx_close', payload: {} });
    leave(topic);
  }

  function expireAt(topic: string, claims: Claims): NodeJS.Timeout | null {
    if (typeof claims.exp !== 'number') return null;
    const ms = Math.max(0, claims.exp * 1000 - Date.now());
    const t = setTimeout(() => closeChannel(topic, 'Token has expired'), Math.min(ms, 2 ** 31 - 1));
    t.unref();
    return t;
  }

  /** The claims of `token` that may join `sub`, or the refusal's reason. */
  async function check(
    token: unknown,
    sub: string,
  ): Promise<{ claims: Claims } | { reason: string }> {
    if (typeof token !== 'string' || token === '')
      return { reason: 'InvalidJWTToken: no access token' };
    const verified = await ctx.verify(token);
    if (!verified.ok) return { reason: `InvalidJWTToken: ${verified.error}` };
    const allowed = await mayJoin(ctx.pg, verified.claims, sub).catch(() => null);
    if (allowed === null) return { reason: 'Unavailable: the database did not answer; try again' };
    if (!allowed)
      return {
        reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${sub}`,
      };
    return { claims: verified.claims };
  }

  async function join(f: Frame): Promise<void> {
    const payload = (f.payload ?? {}) as {
      config?: Record<string, unknown>;
      access_token?: unknown;
    };
    const config = payload.config ?? {};
    if (!f.topic.startsWith('realtime:')) return reply(f, 'error', { reason: 'unmatched topic' });
    const sub = f.topic.slice('realtime:'.length);
    if (config.private !== true)
      return reply(f, 'error', {
        reason: 'PrivateOnly: This project only allows private channels',
      });
    const pgChanges = config.postgres_changes;
    if (Array.isArray(pgChanges) && pgChanges.length > 0)
      return reply(f, 'error', { reason: 'postgres_changes is not offered by this backend' });
    if (!channels.has(f.topic) && channels.size >= limits.maxChannels)
      return reply(f, 'error', { reason: 'ChannelRateLimitReached: Too many channels' });
    const result = await check(payload.access_token, sub);
    if ('reason' in result) {
      leave(f.topic);
      return reply(f, 'error', { reason: result.reason });
    }
    leave(f.topic);
    if (ws.readyState !== ws.OPEN) return;
    const held = realtimeCaps(ctx, limits).joins.take(result.claims.sub ?? result.claims.role);
    if (!held)
      return reply(f, 'error', {
        reason: 'ChannelRateLimitReached: Too many channels for this account',
      });
    const topic = f.topic;
    const unsubscribe = hub.subscribe(sub, (m) =>
      send({
        joinRef: null,
        ref: null,
        topic,
        event: 'broadcast',
        payload: { type: 'broadcast', event: m.event, payload: m.payload },
      }),
    );
    channels.set(topic, {
      joinRef: f.joinRef ?? f.ref,
      expiry: expireAt(topic, result.claims),
      leave: () => {
        unsubscribe();
        held();
      },
    });
    reply(f, 'ok', {});
  }

  async function refreshToken(f: Frame): Promise<void> {
    const joined = channels.get(f.topic);
    if (!joined) return;
    const result = await check(
      (f.payload as { access_token?: unknown } | null)?.access_token,
      f.topic.slice(9),
    );
    if ('reason' in result) return closeChannel(f.topic, result.reason);
    if (joined.expiry) clearTimeout(joined.expiry);
    joined.expiry = expireAt(f.topic, result.claims);
    if (f.ref !== null) reply(f, 'ok', {});
  }

  async function handle(f: Frame): Promise<void> {
    if (f.topic === 'phoenix' && f.event === 'heartbeat') return reply(f, 'ok', {});
    if (f.event === 'phx_join') return join(f);
    if (!channels.has(f.topic)) return reply(f, 'error', { reason: 'unmatched topic' });
    if (f.event === 'phx_leave') {
      leave(f.topic);
      return reply(f, 'ok', {});
    }
    if (f.event === 'access_token') return refreshToken(f);
    // Client broadcasts and presence need an INSERT policy on realtime.messages; the app has none.
    if (f.ref !== null) reply(f, 'error', { reason: `Unauthorized: ${f.event} is not allowed` });
  }

  ws.on('message', (data: RawData, isBinary: boolean) => {
    state.lastSeen = Date.now();
    const now = Date.now();
    tokens = Math.min(
      limits.frameBurst,
      tokens + ((now - refilledAt) / 1000) * limits.framesPerSecond,
    );
    refilledAt = now;
    tokens -= 1;
    if (tokens < 0) return ws.close(1008, 'too many frames');
    // Binary frames are client broadcasts, which private channels without an INSERT policy refuse.
    if (isBinary) return;
    const frame = decodeFrame(data);
    if (!frame) return ws.close(1003, 'malformed frame');
    if (queued >= limits.maxQueued) return ws.close(1008, 'too many frames waiting');
    queued += 1;
    chain = chain
      .then(() => handle(frame))
      .catch((e: unknown) => ctx.log(`realtime: ${(e as Error).message}`))
      .finally(() => {
        queued -= 1;
      });
  });
  ws.on('close', () => {
    for (const topic of [...channels.keys()]) leave(topic);
  });
  ws.on('error', () => ws.terminate());
}
