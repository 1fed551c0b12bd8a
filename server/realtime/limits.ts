/**
 * The bounds of one Realtime socket (socket.ts enforces them through
 * connection.ts): frame size and rate, queued joins, channels, silence and
 * send buffer.
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
}

export const DEFAULT_REALTIME_LIMITS: RealtimeLimits = {
  maxFrameBytes: 64 * 1024,
  framesPerSecond: 10,
  frameBurst: 40,
  maxQueued: 8,
  maxChannels: 10,
  silenceMs: 60_000,
  maxBufferedBytes: 1024 * 1024,
};
