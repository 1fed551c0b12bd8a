/**
 * The local backend's Realtime service: the hub that receives the
 * database's and the clients' broadcasts (./hub.ts), the WebSocket endpoint
 * `/realtime/v1/websocket` (./socket.ts), attached to the HTTP server, and
 * the broadcast API `/realtime/v1/api/broadcast` (./http.ts).
 */
import type { ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ApiEnv, BackendContext } from '../context.ts';
import type { SqlDatabase } from '../sqlDatabase.ts';
import { createRealtimeHub } from './hub.ts';
import { broadcastRoutes } from './http.ts';
import { DEFAULT_REALTIME_LIMITS, type RealtimeLimits } from './limits.ts';
import { createRealtimeEndpoint } from './socket.ts';

export type { RealtimeLimits } from './limits.ts';

export interface RealtimeService {
  /** Listen for broadcasts on this database instance (again after a supervised reopen). */
  listenOn(db: SqlDatabase): Promise<void>;
  /** Accept WebSocket upgrades on `server`. */
  attach(server: ServerType): void;
  /** The broadcast API, to mount at `/realtime/v1`. */
  routes(): Hono<ApiEnv>;
  /** Open sockets. */
  sockets(): number;
  /** Close every socket and the listener. */
  close(): Promise<void>;
}

/** The service; `ctx` is read lazily (it is built after the first database opens). */
export function createRealtime(opts: {
  ctx: () => BackendContext;
  databaseUrl: string | undefined;
  getDb: () => SqlDatabase;
  log: (line: string) => void;
  limits?: Partial<RealtimeLimits> | undefined;
}): RealtimeService {
  const hub = createRealtimeHub({
    databaseUrl: opts.databaseUrl,
    getDb: opts.getDb,
    log: opts.log,
  });
  const limits = { ...DEFAULT_REALTIME_LIMITS, ...opts.limits };
  let endpoint: ReturnType<typeof createRealtimeEndpoint> | null = null;
  const get = (): ReturnType<typeof createRealtimeEndpoint> =>
    (endpoint ??= createRealtimeEndpoint(opts.ctx(), hub, limits));
  return {
    listenOn: (db) => hub.listenOn(db),
    attach(server) {
      const e = get();
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) =>
        e.onUpgrade(req, socket, head),
      );
    },
    routes: () => broadcastRoutes(opts.ctx, hub, limits),
    sockets: () => endpoint?.sockets() ?? 0,
    async close() {
      endpoint?.close();
      await hub.close();
    },
  };
}
