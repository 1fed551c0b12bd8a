/**
 * The HTTP listener of the local backend: starting a Node HTTP server for a
 * fetch handler and stopping it again, with keep-alive timeouts chosen so the
 * server never closes a connection a client is about to reuse, and header
 * and request timeouts that close connections of clients too slow to send.
 */
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';

/** A listening server, the port it got and the URL clients use for it. */
export interface Listening {
  server: ServerType;
  /** The TCP port actually bound (the asked one, or a free one for port 0). */
  port: number;
  /** `http://<host>:<port>`, with `localhost` for the wildcard and loopback hosts. */
  url: string;
}

/** How long Node waits on a client, in ms; see {@link DEFAULT_HTTP_TIMEOUTS}. */
export interface HttpTimeouts {
  /** From a request's first byte until its headers are complete (slow headers: slowloris). */
  headersMs: number;
  /** From a request's first byte until its body is complete. */
  requestMs: number;
  /** How often Node checks the two above (it closes a late connection at the next check). */
  checkIntervalMs: number;
}

/**
 * Headers within 10 s (a real client sends them at once), a whole request
 * within 2 min (a 50 MB upload needs about 3.5 Mbit/s; a photo far less),
 * checked every 2 s. A late connection gets 408 and is closed, so slow
 * clients cannot pile up open sockets. Idle keep-alive time between
 * requests is not counted: that is the keep-alive timeout's (65 s).
 */
export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 10_000,
  requestMs: 120_000,
  checkIntervalMs: 2_000,
};

/**
 * Listens on `host`:`port` (port 0 = a free port) with `fetch` answering every
 * request, with `timeouts` for slow clients. Resolves once the socket is bound. Errors: rejects with the
 * server's error (EADDRINUSE, EACCES, …) when it cannot bind.
 */
export async function listenHttp(
  fetch: (request: Request) => Response | Promise<Response>,
  port: number,
  host: string,
  timeouts: HttpTimeouts = DEFAULT_HTTP_TIMEOUTS,
): Promise<Listening> {
  const serverOptions = {
    // Longer than clients' idle keep-alive (undici 4 s, browsers more), so the server is never
    // the side that closes a connection a client is about to reuse (ECONNRESET).
    keepAliveTimeout: 65_000,
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    connectionsCheckingInterval: timeouts.checkIntervalMs,
  };
  const server = await new Promise<ServerType>((resolveListen, reject) => {
    const s = serve({ fetch, port, hostname: host, serverOptions }, () => resolveListen(s));
    s.on('error', reject);
  });
  const addr = server.address() as AddressInfo;
  const shownHost =
    host === '0.0.0.0' || host === '127.0.0.1' || host === '::' ? 'localhost' : host;
  return { server, port: addr.port, url: `http://${shownHost}:${addr.port}` };
}

/**
 * Stops accepting connections and drops the open ones (idle keep-alive
 * sockets included, where Node has `closeAllConnections`). Resolves when the
 * server has closed; never rejects.
 */
export async function closeHttp(server: ServerType): Promise<void> {
  await new Promise<void>((r) => {
    server.close(() => r());
    (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
  });
}
