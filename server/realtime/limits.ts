/**
 * The bounds of one Realtime socket (socket.ts enforces them through
 * connection.ts): frame size and rate, queued joins, channels, silence and
 * send buffer; of the broadcast API (http.ts): body size, messages per
 * call and per second; and across sockets (caps.ts): sockets per address,
 * joins per account.
 */

/** Limits of one socket; the defaults suit realtime-js (a heartbeat every 25 s, one channel). */
export interface RealtimeLimits {
  /** Largest frame accepted, bytes; larger closes the socket (1009). */
  maxFrameBytes: number;
  /** Frames per second sustained, and the burst above it; more closes the socket (1008). */
  framesPerSecond: number;
  frameBurst: number;
  /** Frames waiting for the database (joins); more closes the socket (1008). */
  maxQueued: number;
  maxChannels: number;
  /** A socket silent this long (no heartbeat, no frame) is closed. */
  silenceMs: number;
  /** Unsent bytes after which a slow reader is dropped. */
  maxBufferedBytes: number;
  /** Largest body of the broadcast API (`/realtime/v1/api/broadcast`), bytes; larger is 413. */
  maxBroadcastBodyBytes: number;
  /** Messages in one call of the batch broadcast API; more is 422. */
  maxBroadcastMessages: number;
  /** Messages per second one caller may send through the broadcast API (and the burst); more is 429. */
  broadcastsPerSecond: number;
  /** Open sockets from one client address; more are refused (HTTP 429) before the upgrade. */
  socketsPerAddress: number;
  /** Joined channels of one account over all its sockets; more joins get an error reply. */
  joinsPerAccount: number;
}

export const DEFAULT_REALTIME_LIMITS: RealtimeLimits = {
  maxFrameBytes: 64 * 1024,
  framesPerSecond: 10,
  frameBurst: 40,
  maxQueued: 8,
  maxChannels: 10,
  silenceMs: 60_000,
  maxBufferedBytes: 1024 * 1024,
  maxBroadcastBodyBytes: 256 * 1024,
  maxBroadcastMessages: 100,
  broadcastsPerSecond: 100,
  // A shop's office or a family behind one router: a socket per open tab, far below this.
  socketsPerAddress: 200,
  // One channel per device and tab (the user's own topic); a contractor's phone, tablet and office.
  joinsPerAccount: 50,
};
