/**
 * Where the database's broadcasts meet the sockets: `realtime.send()` (in
 * server/sql/bootstrap.sql) raises a NOTIFY on `realtime_broadcast` at
 * commit; the hub listens for it (PGlite: `db.listen` in the process;
 * PostgreSQL: LISTEN on one dedicated `pg` connection, reconnected when it
 * drops) and hands each broadcast to the channels joined to its topic:
 * private messages to private channels, public ones to public channels (as
 * hosted keeps the two apart). Client broadcasts (from a socket or the
 * broadcast API) go through the same hub. It also deletes old rows of realtime.messages now and then, as
 * hosted drops old partitions.
 */
import pg from 'pg';
import type { SqlDatabase } from '../sqlDatabase.ts';
import { isPostgres } from '../postgres.ts';

/** The NOTIFY channel realtime.send() raises. */
export const BROADCAST_CHANNEL = 'realtime_broadcast';
/** How often, and after how long, local messages are deleted. */
const PRUNE_EVERY_MS = 5 * 60_000;
const PRUNE_AGE = '5 minutes';
const RECONNECT_MS = 1000;

/** One broadcast from the database: sub-topic (`user:<id>`), event and JSON payload. */
export interface Broadcast {
  topic: string;
  event: string;
  payload: unknown;
  private: boolean;
}

/** A joined channel that receives the broadcasts of its topic. */
export type Receiver = (message: Broadcast) => void;

export interface RealtimeHub {
  /** Receive the broadcasts of `topic` (a sub-topic such as `user:<id>`) on a private or public channel; returns the unsubscribe. */
  subscribe(topic: string, isPrivate: boolean, receiver: Receiver): () => void;
  /** Hand a broadcast to its topic's receivers, except `sender` (a channel without `self`). */
  deliver(message: Broadcast, sender?: Receiver): void;
  /** Listen on this database (a PGlite instance, or a pool whose URL is `databaseUrl`). Again after a reopen. */
  listenOn(db: SqlDatabase): Promise<void>;
  /** Receivers currently subscribed, over all topics. */
  size(): number;
  close(): Promise<void>;
}

type Listenable = {
  listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>>;
};

/** Private and public channels of one name are separate streams. */
const key = (topic: string, isPrivate: boolean): string =>
  `${isPrivate ? 'private' : 'public'}:${topic}`;

function parseBroadcast(text: string): Broadcast | null {
  try {
    const m = JSON.parse(text) as Partial<Broadcast>;
    if (typeof m.topic !== 'string' || typeof m.event !== 'string') return null;
    return {
      topic: m.topic,
      event: m.event,
      payload: m.payload ?? {},
      private: m.private === true,
    };
  } catch {
    return null;
  }
}

/**
 * A hub. `databaseUrl` (DATABASE_URL mode) is where the dedicated LISTEN
 * connection goes; without it the database must be PGlite. `log` gets one
 * line per lost listener connection.
 */
export function createRealtimeHub(opts: {
  databaseUrl?: string | undefined;
  getDb: () => SqlDatabase;
  log: (line: string) => void;
}): RealtimeHub {
  const topics = new Map<string, Set<Receiver>>();
  let count = 0;
  let closed = false;
  let unlistenPglite: (() => Promise<void>) | null = null;
  let client: pg.Client | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;

  const onText = (text: string): void => {
    const message = parseBroadcast(text);
    if (message) hub.deliver(message);
  };

  async function connectListener(url: string): Promise<void> {
    if (closed) return;
    const c = new pg.Client({ connectionString: url });
    client = c;
    const retry = (): void => {
      if (closed || client !== c) return;
      client = null;
      c.removeAllListeners('notification');
      void c.end().catch(() => {});
      reconnectTimer = setTimeout(() => {
        reconnectTimer = null;
        void connectListener(url).catch(() => retry());
      }, RECONNECT_MS);
    };
    c.on('error', (e) => {
      opts.log(`realtime: listener connection lost (${e.message}); reconnecting`);
      retry();
    });
    c.on('end', retry);
    c.on('notification', (n) => {
      if (n.channel === BROADCAST_CHANNEL && n.payload) onText(n.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${BROADCAST_CHANNEL}`);
    } catch (e) {
      opts.log(`realtime: cannot listen (${(e as Error).message}); retrying`);
      retry();
    }
  }

  const pruneTimer = setInterval(() => {
    void opts
      .getDb()
      .query(`select realtime.prune_local_messages($1::interval)`, [PRUNE_AGE])
      .catch(() => {});
  }, PRUNE_EVERY_MS);
  pruneTimer.unref();

  const hub: RealtimeHub = {
    subscribe(sub, isPrivate, receiver) {
      const topic = key(sub, isPrivate);
      let set = topics.get(topic);
      if (!set) topics.set(topic, (set = new Set()));
      set.add(receiver);
      count += 1;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        count -= 1;
        set.delete(receiver);
        if (set.size === 0 && topics.get(topic) === set) topics.delete(topic);
      };
    },
    deliver(message, sender) {
      for (const receiver of topics.get(key(message.topic, message.private)) ?? [])
        if (receiver !== sender) receiver(message);
    },
    async listenOn(db) {
      if (closed) return;
      if (isPostgres(db)) {
        if (!client && opts.databaseUrl) await connectListener(opts.databaseUrl);
        return;
      }
      await unlistenPglite?.().catch(() => {});
      unlistenPglite = await (db as unknown as Listenable).listen(BROADCAST_CHANNEL, onText);
    },
    size: () => count,
    async close() {
      closed = true;
      clearInterval(pruneTimer);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      topics.clear();
      const c = client;
      client = null;
      await c?.end().catch(() => {});
      // PGlite's unlisten is not awaited: the instance is closed right after.
      unlistenPglite = null;
    },
  };
  return hub;
}
