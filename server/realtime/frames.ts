/**
 * Phoenix channel messages as JSON text: vsn 2.0.0 sends arrays
 * `[join_ref, ref, topic, event, payload]`, vsn 1.0.0 objects with the same
 * fields. Checked with zod; anything else is malformed.
 */
import type { RawData } from 'ws';
import { z } from 'zod';

/** One Phoenix message. */
export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

const ref = z.string().max(255).nullable();
const topic = z.string().min(1).max(255);
const event = z.string().min(1).max(255);
const asArray = z.tuple([ref, ref, topic, event, z.unknown()]);
const asObject = z.object({
  join_ref: ref.optional(),
  ref: ref.optional(),
  topic,
  event,
  payload: z.unknown(),
});

function text(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/** The message in a text frame, or null when it is not one. */
export function decodeFrame(data: RawData): Frame | null {
  let value: unknown;
  try {
    value = JSON.parse(text(data));
  } catch {
    return null;
  }
  const arr = asArray.safeParse(value);
  if (arr.success) {
    const [joinRef, r, t, e, payload] = arr.data;
    return { joinRef, ref: r, topic: t, event: e, payload };
  }
  const obj = asObject.safeParse(value);
  if (!obj.success) return null;
  return {
    joinRef: obj.data.join_ref ?? null,
    ref: obj.data.ref ?? null,
    topic: obj.data.topic,
    event: obj.data.event,
    payload: obj.data.payload,
  };
}

/** The text frame of `frame` in the socket's protocol version. */
export function encodeFrame(frame: Frame, vsn: string): string {
  if (vsn === '2.0.0')
    return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload]);
  return JSON.stringify({
    join_ref: frame.joinRef,
    ref: frame.ref,
    topic: frame.topic,
    event: frame.event,
    payload: frame.payload,
  });
}

/** The kind byte of a client broadcast in realtime-js's binary frames (protocol 2.0.0). */
const USER_BROADCAST_PUSH = 3;
const JSON_ENCODING = 1;

/**
 * A client broadcast sent as a binary frame (realtime-js 2.0.0 sends every
 * `channel.send({ type: 'broadcast' })` this way): kind 3, then the lengths
 * of join_ref, ref, topic, event and metadata, the payload encoding (1 JSON,
 * 0 binary), those strings, then the payload. Returns the frame as the text
 * protocol would carry it, `{ refusal, frame }` when it is well formed but
 * cannot be served (a binary payload; the frame still gets an answer), or
 * null when it is not a broadcast frame at all.
 */
export function decodeBinaryFrame(data: RawData): { frame: Frame; refusal?: string } | null {
  const buf = Array.isArray(data)
    ? Buffer.concat(data)
    : data instanceof ArrayBuffer
      ? Buffer.from(data)
      : data;
  if (buf.length < 7 || buf[0] !== USER_BROADCAST_PUSH) return null;
  const lengths = [buf[1]!, buf[2]!, buf[3]!, buf[4]!, buf[5]!];
  let at = 7;
  const parts: string[] = [];
  for (const n of lengths) {
    if (at + n > buf.length) return null;
    parts.push(buf.subarray(at, at + n).toString('utf8'));
    at += n;
  }
  const [joinRef, ref, topic, event] = parts as [string, string, string, string, string];
  if (topic === '' || event === '') return null;
  const frame: Frame = {
    joinRef: joinRef === '' ? null : joinRef,
    ref: ref === '' ? null : ref,
    topic,
    event: 'broadcast',
    payload: { type: 'broadcast', event, payload: null },
  };
  if (buf[6] !== JSON_ENCODING)
    return { frame, refusal: 'binary payloads are not offered by this backend' };
  try {
    (frame.payload as { payload: unknown }).payload = JSON.parse(
      buf.subarray(at).toString('utf8'),
    ) as unknown;
  } catch {
    return { frame, refusal: 'the payload is not JSON' };
  }
  return { frame };
}
