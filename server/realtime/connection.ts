/**
 * One Realtime socket: the Phoenix channel messages realtime-js sends,
 * answered under the socket's bounds (see ./socket.ts): a frame rate, a
 * queue of frames waiting for the database, a send buffer. Text frames are
 * JSON (./frames.ts); binary frames are realtime-js 2.0.0's client
 * broadcasts. The channels themselves (joins, broadcasts, token updates,
 * refusals) are ./channels.ts. A frame that is not a message closes the
 * socket (1003); every message gets its answer.
 */
import type { RawData, WebSocket } from 'ws';
import type { BackendContext } from '../context.ts';
import { socketChannels } from './channels.ts';
import type { RealtimeHub } from './hub.ts';
import { decodeBinaryFrame, decodeFrame, encodeFrame, type Frame } from './frames.ts';
import type { RealtimeLimits } from './limits.ts';

/** A socket with the time of its last frame (for the silence limit). */
export type TrackedSocket = WebSocket & { lastSeen?: number };

/** Serves `ws` (protocol `vsn`) until it closes. */
export function serveSocket(
  ws: TrackedSocket,
  vsn: string,
  ctx: BackendContext,
  hub: RealtimeHub,
  limits: RealtimeLimits,
): void {
  const state = ws;
  state.lastSeen = Date.now();
  let tokens = limits.frameBurst;
  let refilledAt = Date.now();
  let queued = 0;
  let chain: Promise<void> = Promise.resolve();

  const send = (frame: Frame): void => {
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > limits.maxBufferedBytes) {
      ws.terminate();
      return;
    }
    ws.send(encodeFrame(frame, vsn));
  };
  const channels = socketChannels({
    ctx,
    hub,
    limits,
    send,
    isOpen: () => ws.readyState === ws.OPEN,
  });

  /** The message in `data`; `answered` when it was refused (and answered) already; null when it is none (the socket is closed). */
  function decode(data: RawData, isBinary: boolean): Frame | 'answered' | null {
    if (!isBinary) return decodeFrame(data);
    const decoded = decodeBinaryFrame(data);
    if (!decoded) return null;
    if (decoded.refusal) {
      const f = decoded.frame;
      send({
        joinRef: f.joinRef,
        ref: f.ref,
        topic: f.topic,
        event: 'phx_reply',
        payload: { status: 'error', response: { reason: decoded.refusal } },
      });
      return 'answered';
    }
    return decoded.frame;
  }

  ws.on('message', (data: RawData, isBinary: boolean) => {
    state.lastSeen = Date.now();
    const now = Date.now();
    tokens = Math.min(
      limits.frameBurst,
      tokens + ((now - refilledAt) / 1000) * limits.framesPerSecond,
    );
    refilledAt = now;
    tokens -= 1;
    if (tokens < 0) return ws.close(1008, 'too many frames');
    const frame = decode(data, isBinary);
    if (!frame) return ws.close(1003, 'malformed frame');
    if (frame === 'answered') return;
    if (queued >= limits.maxQueued) return ws.close(1008, 'too many frames waiting');
    queued += 1;
    chain = chain
      .then(() => channels.handle(frame))
      .catch((e: unknown) => ctx.log(`realtime: ${(e as Error).message}`))
      .finally(() => {
        queued -= 1;
      });
  });
  ws.on('close', () => channels.leaveAll());
  ws.on('error', () => ws.terminate());
}
