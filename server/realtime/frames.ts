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
