/**
 * supabase-js's Realtime transport for clients in Node 20 (tests, benches):
 * Node 20 has no WebSocket and the app does not use Realtime, so this one
 * never connects. Pass as `createClient(url, key, { realtime: NO_REALTIME })`.
 */
class NoWebSocket {
  constructor() {
    throw new Error('Realtime is not used');
  }
}

/** The `realtime` option of a supabase-js client that never opens a socket. */
export const NO_REALTIME = { transport: NoWebSocket as unknown as typeof WebSocket };
