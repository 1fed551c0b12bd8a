/**
 * The local Realtime endpoint, `/realtime/v1/websocket`: the part of
 * Realtime's Phoenix channel protocol that `@supabase/realtime-js` uses for
 * broadcast channels. Frames are JSON (vsn 2.0.0 arrays
 * `[join_ref, ref, topic, event, payload]`, or 1.0.0 objects), plus 2.0.0's
 * binary client broadcasts; WebSocket framing is the `ws` library's. The
 * socket's apikey must verify. Channels (joins checked by the
 * realtime.messages policies, client broadcasts, token updates, refusals
 * always answered) are ./channels.ts; the server sends `broadcast` (from
 * realtime.send, the broadcast API and other clients) and `phx_reply`.
 * Bounds per socket: frame size (`maxPayload`), a frame rate, a queue of
 * frames waiting for the database, channels per socket, a send buffer, and
 * a silence limit (a client that stops heartbeating is closed). Anything
 * malformed closes that socket only. Across sockets (./caps.ts): sockets per
 * client address (refused 429 before the upgrade) and joins per account.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { BackendContext } from '../context.ts';
import type { RealtimeHub } from './hub.ts';
import { realtimeCaps } from './caps.ts';
import { serveSocket, type TrackedSocket } from './connection.ts';
import { DEFAULT_REALTIME_LIMITS, type RealtimeLimits } from './limits.ts';

export const REALTIME_PATH = '/realtime/v1/websocket';

export interface RealtimeEndpoint {
  /** The HTTP server's `upgrade` listener. */
  onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Open sockets. */
  sockets(): number;
  /** Closes every socket (going away). */
  close(): void;
}

/** The endpoint on `hub`, checking tokens and policies through `ctx`. */
export function createRealtimeEndpoint(
  ctx: BackendContext,
  hub: RealtimeHub,
  limits: RealtimeLimits = DEFAULT_REALTIME_LIMITS,
): RealtimeEndpoint {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: limits.maxFrameBytes,
    perMessageDeflate: false,
    clientTracking: true,
  });
  const silenceCheck = setInterval(
    () => {
      const now = Date.now();
      for (const ws of wss.clients) {
        const seen = (ws as TrackedSocket).lastSeen ?? now;
        if (now - seen > limits.silenceMs) ws.terminate();
      }
    },
    Math.max(250, Math.floor(limits.silenceMs / 4)),
  );
  silenceCheck.unref();

  function refuseUpgrade(socket: Duplex, status: string): void {
    socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }

  return {
    onUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== REALTIME_PATH) return refuseUpgrade(socket, '404 Not Found');
      const apikey = url.searchParams.get('apikey');
      const vsn = url.searchParams.get('vsn') ?? '1.0.0';
      if (vsn !== '1.0.0' && vsn !== '2.0.0') return refuseUpgrade(socket, '400 Bad Request');
      socket.on('error', () => socket.destroy());
      void (apikey ? ctx.verify(apikey) : Promise.resolve({ ok: false as const })).then((r) => {
        if (!r.ok) return refuseUpgrade(socket, '401 Unauthorized');
        const release = realtimeCaps(ctx, limits).sockets.take(req.socket.remoteAddress ?? '');
        if (!release) return refuseUpgrade(socket, '429 Too Many Requests');
        socket.once('close', release);
        wss.handleUpgrade(req, socket, head, (ws) => {
          ws.once('close', release);
          serveSocket(ws, vsn, ctx, hub, limits);
        });
      });
    },
    sockets: () => wss.clients.size,
    close() {
      clearInterval(silenceCheck);
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}
