/**
 * realtime-js as the service worker's build sees it (vite.config.ts aliases
 * the package here for the worker only): the worker pushes and pulls through
 * REST and never opens a channel, and the library is about a sixth of the
 * worker's script. supabase-js creates its realtime client and passes it
 * each new access token; this one takes them and holds no connection.
 * Opening a channel in the worker is a bug, and says so.
 */
export class RealtimeClient {
  constructor(_endpoint: string, _options?: unknown) {}

  /** supabase-js hands over each new access token; there is no socket to give it to. */
  setAuth(_token?: string | null): Promise<void> {
    return Promise.resolve();
  }

  channel(): never {
    throw new Error('Realtime is not available in the service worker');
  }

  getChannels(): [] {
    return [];
  }

  removeChannel(): Promise<'ok'> {
    return Promise.resolve('ok');
  }

  removeAllChannels(): Promise<[]> {
    return Promise.resolve([]);
  }
}
