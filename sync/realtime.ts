/**
 * Realtime pokes for the sync engine: the leader tab joins the private
 * Realtime channel `user:<id>` (supabase-js's Realtime client), on which the
 * server broadcasts `poke` ("something you can read changed; pull now") after
 * every write the user may read. A poke, and every join or rejoin (a missed
 * poke is then covered), asks the engine for a sync; the rows still come
 * only from `pull_changes`. Nothing here is needed for sync to work: when
 * Realtime is unavailable (disabled, blocked, refused) the engine's
 * interval, focus and reconnect pulls go on as before, and a closed socket
 * is never taken as a sign of being offline.
 */
import type { RealtimeChannel } from '@supabase/supabase-js';
import type { SyncClient } from './transport';
import type { Connection } from './connection';

/** The broadcast event the server sends (supabase/migrations, realtime_pokes). */
export const POKE_EVENT = 'poke';

/** The private topic of a user's pokes. */
export function pokeTopic(userId: string): string {
  return `user:${userId}`;
}

export interface PokeOptions {
  supabase: SyncClient;
  userId: string;
  /** A poke arrived (the engine syncs, coalesced). */
  onPoke: () => void;
  /** The channel was joined or rejoined: the server answered, and anything missed is pulled now. */
  onJoined: () => void;
}

/** A joined (or joining) poke channel. */
export interface PokeChannel {
  /** Leaves the channel (sign-out, stop, or the connection is no longer online). */
  leave(): Promise<void>;
}

/**
 * Joins the user's poke channel. The access token comes from supabase-js's
 * session (refreshed tokens reach the channel through supabase-js). Errors
 * never throw: a refused or failed join is retried by the Realtime client
 * with its own backoff while the engine's other pulls carry on.
 */
export function joinPokes(options: PokeOptions): PokeChannel {
  const { supabase, userId } = options;
  let channel: RealtimeChannel | null = null;
  let left = false;
  const ready = supabase.realtime
    .setAuth()
    .catch(() => undefined)
    .then(() => {
      if (left) return;
      try {
        channel = supabase
          .channel(pokeTopic(userId), { config: { private: true } })
          .on('broadcast', { event: POKE_EVENT }, () => options.onPoke())
          .subscribe((status) => {
            // Compared as text: a value import of supabase-js's enum would split its chunk.
            if (String(status) === 'SUBSCRIBED' && !left) options.onJoined();
          });
      } catch {
        // No WebSocket here (or it refused to open): sync goes on with its other pulls.
        channel = null;
      }
    });
  return {
    async leave() {
      left = true;
      await ready;
      const c = channel;
      channel = null;
      if (c) await supabase.removeChannel(c).catch(() => undefined);
    },
  };
}

/** The poke channel kept in step with the connection; `stop()` leaves it for good. */
export interface PokeFollower {
  stop(): void;
}

/**
 * Keeps the user's poke channel joined while the connection is online and
 * left otherwise, until `stop()` (sign-out, user switch, losing leadership).
 * A poke or a (re)join calls `syncNow` (the engine coalesces: one run in
 * flight, one queued). A join is evidence that the server answers; a closed
 * socket is no evidence at all (REST runs and probes decide the state).
 */
export function followPokes(options: {
  supabase: SyncClient;
  userId: string;
  connection: Connection;
  syncNow: () => Promise<unknown>;
}): PokeFollower {
  const { connection } = options;
  // An engine started without a user (tests of the engine alone) has no topic.
  if (options.userId === 'anonymous') return { stop: () => undefined };
  let channel: PokeChannel | null = null;
  let stopped = false;
  const follow = (): void => {
    const want = !stopped && connection.state() === 'online';
    if (want && !channel) {
      channel = joinPokes({
        supabase: options.supabase,
        userId: options.userId,
        onPoke: () => void options.syncNow(),
        onJoined: () => {
          connection.report('answered');
          void options.syncNow();
        },
      });
    } else if (!want && channel) {
      void channel.leave();
      channel = null;
    }
  };
  const off = connection.onChange(follow);
  follow();
  return {
    stop() {
      stopped = true;
      off();
      follow();
    },
  };
}
