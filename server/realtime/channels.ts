/**
 * The channels of one Realtime socket, as hosted Realtime serves them:
 *
 *   - `phx_join` of a private channel (`config.private: true`) checks the
 *     access token as REST does, then the realtime.messages SELECT policies
 *     (./authorize.ts); a public channel needs only a valid token (if one is
 *     sent) and is refused with `PrivateOnly` while "Allow public access" is
 *     off (`realtimePrivateOnly`, the default);
 *   - a client `broadcast` goes to the other sockets joined to the channel
 *     (and back to the sender with `broadcast.self`); on a private channel it
 *     needs the realtime.messages INSERT policies (checked once per token);
 *     with `broadcast.ack` it is answered `ok`;
 *   - `access_token` re-checks the channel; a token that runs out or is
 *     refused closes it (`system` error, then `phx_close`);
 *   - every refused frame is answered with a `phx_reply` error, never
 *     dropped: presence, unknown events, a topic not joined.
 */
import type { BackendContext } from '../context.ts';
import type { Claims } from '../db.ts';
import { mayJoin, mayWrite } from './authorize.ts';
import type { Frame } from './frames.ts';
import { realtimeCaps } from './caps.ts';
import type { Receiver, RealtimeHub } from './hub.ts';
import type { RealtimeLimits } from './limits.ts';

interface Joined {
  joinRef: string | null;
  sub: string;
  isPrivate: boolean;
  /** The sender receives its own broadcasts (`config.broadcast.self`). */
  self: boolean;
  /** Accepted broadcasts are answered `ok` (`config.broadcast.ack`). */
  ack: boolean;
  claims: Claims | null;
  /** The INSERT policies' answer for `claims`, once asked. */
  writable: boolean | null;
  receiver: Receiver;
  leave: () => void;
  expiry: NodeJS.Timeout | null;
}

/** The channels of one socket. */
export interface SocketChannels {
  /** Serve one frame (in arrival order). */
  handle(f: Frame): Promise<void>;
  /** Leave every channel (the socket closed). */
  leaveAll(): void;
}

type Checked = { claims: Claims | null } | { reason: string };

/** Channels that send through `send` while `isOpen()`. */
export function socketChannels(opts: {
  ctx: BackendContext;
  hub: RealtimeHub;
  limits: RealtimeLimits;
  send: (frame: Frame) => void;
  isOpen: () => boolean;
}): SocketChannels {
  const { ctx, hub, limits, send } = opts;
  const channels = new Map<string, Joined>();

  const reply = (f: Frame, status: 'ok' | 'error', response: Record<string, unknown>): void =>
    send({
      joinRef: f.joinRef,
      ref: f.ref,
      topic: f.topic,
      event: 'phx_reply',
      payload: { status, response },
    });
  const refuse = (f: Frame, reason: string): void => reply(f, 'error', { reason });

  function leave(topic: string): void {
    const joined = channels.get(topic);
    if (!joined) return;
    joined.leave();
    if (joined.expiry) clearTimeout(joined.expiry);
    channels.delete(topic);
  }

  function closeChannel(topic: string, message: string): void {
    const joined = channels.get(topic);
    if (!joined) return;
    const base = { joinRef: joined.joinRef, ref: null, topic };
    send({
      ...base,
      event: 'system',
      payload: { channel: joined.sub, extension: 'system', message, status: 'error' },
    });
    send({ ...base, event: 'phx_close', payload: {} });
    leave(topic);
  }

  function expireAt(topic: string, claims: Claims | null): NodeJS.Timeout | null {
    if (typeof claims?.exp !== 'number') return null;
    const ms = Math.max(0, claims.exp * 1000 - Date.now());
    const t = setTimeout(() => closeChannel(topic, 'Token has expired'), Math.min(ms, 2 ** 31 - 1));
    t.unref();
    return t;
  }

  /** The claims of `token` for the channel `sub`, or the refusal's reason. */
  async function check(token: unknown, sub: string, isPrivate: boolean): Promise<Checked> {
    if (typeof token !== 'string' || token === '')
      return isPrivate ? { reason: 'InvalidJWTToken: no access token' } : { claims: null };
    const verified = await ctx.verify(token);
    if (!verified.ok) return { reason: `InvalidJWTToken: ${verified.error}` };
    if (!isPrivate) return { claims: verified.claims };
    const allowed = await mayJoin(ctx.pg, verified.claims, sub).catch(() => null);
    if (allowed === null) return { reason: 'Unavailable: the database did not answer; try again' };
    if (!allowed)
      return {
        reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${sub}`,
      };
    return { claims: verified.claims };
  }

  async function join(f: Frame): Promise<void> {
    const payload = (f.payload ?? {}) as { config?: unknown; access_token?: unknown };
    const config = (typeof payload.config === 'object' && payload.config) || {};
    const { broadcast, postgres_changes: pgChanges } = config as Record<string, unknown>;
    const bc = (typeof broadcast === 'object' && broadcast) || {};
    if (!f.topic.startsWith('realtime:')) return refuse(f, 'unmatched topic');
    const sub = f.topic.slice('realtime:'.length);
    const isPrivate = (config as { private?: unknown }).private === true;
    if (!isPrivate && ctx.realtimePrivateOnly)
      return refuse(f, 'PrivateOnly: This project only allows private channels');
    if (Array.isArray(pgChanges) && pgChanges.length > 0)
      return refuse(f, 'postgres_changes is not offered by this backend');
    if (!channels.has(f.topic) && channels.size >= limits.maxChannels)
      return refuse(f, 'ChannelRateLimitReached: Too many channels');
    const result = await check(payload.access_token, sub, isPrivate);
    leave(f.topic);
    if ('reason' in result) return refuse(f, result.reason);
    if (!opts.isOpen()) return;
    // Joins are counted per signed-in account; a public channel's anonymous joins only by socket.
    const account = result.claims?.sub;
    const held = account ? realtimeCaps(ctx, limits).joins.take(account) : () => {};
    if (!held) return refuse(f, 'ChannelRateLimitReached: Too many channels for this account');
    const topic = f.topic;
    const receiver: Receiver = (m) =>
      send({
        joinRef: null,
        ref: null,
        topic,
        event: 'broadcast',
        payload: { type: 'broadcast', event: m.event, payload: m.payload },
      });
    channels.set(topic, {
      joinRef: f.joinRef ?? f.ref,
      sub,
      isPrivate,
      self: (bc as { self?: unknown }).self === true,
      ack: (bc as { ack?: unknown }).ack === true,
      claims: result.claims,
      writable: null,
      receiver,
      expiry: expireAt(topic, result.claims),
      leave: ((unsubscribe) => () => {
        unsubscribe();
        held();
      })(hub.subscribe(sub, isPrivate, receiver)),
    });
    reply(f, 'ok', {});
  }

  async function refreshToken(f: Frame, joined: Joined): Promise<void> {
    const token = (f.payload as { access_token?: unknown } | null)?.access_token;
    const result = await check(token, joined.sub, joined.isPrivate);
    if ('reason' in result) return closeChannel(f.topic, result.reason);
    if (joined.expiry) clearTimeout(joined.expiry);
    joined.claims = result.claims;
    joined.writable = null;
    joined.expiry = expireAt(f.topic, result.claims);
    if (f.ref !== null) reply(f, 'ok', {});
  }

  async function clientBroadcast(f: Frame, joined: Joined): Promise<void> {
    const body = (f.payload ?? {}) as { event?: unknown; payload?: unknown };
    if (typeof body.event !== 'string' || body.event === '' || body.event.length > 255)
      return refuse(f, 'a broadcast needs an event name (1 to 255 characters)');
    if (joined.isPrivate) {
      if (joined.writable === null && joined.claims) {
        const allowed = await mayWrite(ctx.pg, joined.claims, joined.sub).catch(() => null);
        if (allowed === null)
          return refuse(f, 'Unavailable: the database did not answer; try again');
        if (channels.get(f.topic) === joined) joined.writable = allowed;
      }
      if (joined.writable !== true)
        return refuse(
          f,
          `Unauthorized: You do not have permissions to write to this Channel topic: ${joined.sub}`,
        );
    }
    hub.deliver(
      {
        topic: joined.sub,
        event: body.event,
        payload: body.payload ?? {},
        private: joined.isPrivate,
      },
      joined.self ? undefined : joined.receiver,
    );
    if (joined.ack) reply(f, 'ok', {});
  }

  return {
    async handle(f) {
      if (f.topic === 'phoenix' && f.event === 'heartbeat') return reply(f, 'ok', {});
      if (f.event === 'phx_join') return join(f);
      const joined = channels.get(f.topic);
      if (!joined) return refuse(f, 'unmatched topic');
      if (f.event === 'phx_leave') {
        leave(f.topic);
        return reply(f, 'ok', {});
      }
      if (f.event === 'access_token') return refreshToken(f, joined);
      if (f.event === 'broadcast') return clientBroadcast(f, joined);
      if (f.event === 'presence') return refuse(f, 'presence is not offered by this backend');
      refuse(f, `${f.event} is not offered by this backend`);
    },
    leaveAll() {
      for (const topic of [...channels.keys()]) leave(topic);
    },
  };
}
