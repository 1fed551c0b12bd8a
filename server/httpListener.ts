/**
 * The HTTP listener of the local backend: starting a Node HTTP server for a
 * fetch handler and stopping it again, with keep-alive timeouts chosen so the
 * server never closes a connection a client is about to reuse.
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

type KeepAlive = { keepAliveTimeout: number; headersTimeout: number };

/**
 * Listens on `host`:`port` (port 0 = a free port) with `fetch` answering every
 * request. Resolves once the socket is bound. Errors: rejects with the
 * server's error (EADDRINUSE, EACCES, …) when it cannot bind.
 */
export async function listenHttp(
  fetch: (request: Request) => Response | Promise<Response>,
  port: number,
  host: string,
): Promise<Listening> {
  const server = await new Promise<ServerType>((resolveListen, reject) => {
    const s = serve({ fetch, port, hostname: host }, () => resolveListen(s));
    s.on('error', reject);
    // Longer than clients' idle keep-alive (undici 4 s, browsers more), so the server is never
    // the side that closes a connection a client is about to reuse (ECONNRESET).
    (s as unknown as KeepAlive).keepAliveTimeout = 65_000;
    (s as unknown as KeepAlive).headersTimeout = 66_000;
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
