/**
 * The HTTP edge of the local backend against clients that misbehave: an
 * upload just over the limit gets its 413 (not a reset connection) even
 * from a client that sends everything before reading; every answer says
 * `nosniff`; signed URLs refuse a lifetime that is not 1 s to 7 days; and
 * connections that send their headers or body too slowly (slowloris) are
 * answered 408 and closed, while idle keep-alive connections are not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';
import { FIXTURE_MIGRATIONS, email } from './fixtures.ts';

let b: StartedBackend;
let slow: StartedBackend;
let staticDir: string;
let alice: Awaited<ReturnType<StartedBackend['signUpConfirmed']>>;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'http-hardening-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>app</title>');
  // The default upload limit (50 MiB), as served.
  b = await startLocalBackend({ migrationsDir: FIXTURE_MIGRATIONS, staticDir, log: () => {} });
  alice = await b.signUpConfirmed(email('edge'), 'secret123');
  slow = await startLocalBackend({
    migrationsDir: FIXTURE_MIGRATIONS,
    log: () => {},
    httpTimeouts: { headersMs: 1_000, requestMs: 3_000, checkIntervalMs: 200 },
  });
}, 120_000);
afterAll(async () => {
  await b?.stop();
  await slow?.stop();
  rmSync(staticDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A raw TCP connection to `backend`, collecting what the server sends until it closes. */
function rawSocket(backend: StartedBackend): {
  socket: Socket;
  received: () => string;
  closed: Promise<void>;
} {
  const socket = connect(Number(new URL(backend.url).port), '127.0.0.1');
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => (text += d));
  socket.on('error', () => {});
  const closed = new Promise<void>((r) => socket.on('close', () => r()));
  return { socket, received: () => text, closed };
}

describe('uploads over the limit', () => {
  it('50 MiB + 1 byte from a client that sends it all before reading: the 413 Storage error, no reset', async () => {
    const size = 50 * 1024 * 1024 + 1;
    const path = `${alice.userId}/too-big.bin`;
    const { socket, received, closed } = rawSocket(b);
    await new Promise<void>((r) => socket.once('connect', () => r()));
    socket.write(
      `POST /storage/v1/object/test-files/${path} HTTP/1.1\r\nHost: localhost\r\n` +
        `apikey: ${b.anonKey}\r\nauthorization: Bearer ${alice.accessToken}\r\n` +
        `content-type: application/octet-stream\r\ncontent-length: ${size}\r\nconnection: close\r\n\r\n`,
    );
    // 1 MiB at a time with pauses, as a real uplink does (slower than the whole body at once).
    const chunk = new Uint8Array(1024 * 1024);
    let writeError: string | null = null;
    socket.on('error', (e: NodeJS.ErrnoException) => (writeError = e.code ?? e.message));
    for (let i = 0; i < 50 && !writeError; i++) {
      if (!socket.write(chunk)) await new Promise((r) => socket.once('drain', r));
      await sleep(20);
    }
    socket.end(new Uint8Array(1));
    await closed;
    expect(writeError).toBeNull();
    const text = received();
    expect(text.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({
      statusCode: '413',
      error: 'Payload too large',
      message: 'The object exceeded the maximum allowed size',
    });
    const rows = await b.pg.query('select 1 from storage.objects where name = $1', [path]);
    expect(rows.rows).toHaveLength(0);
  });
});

describe('X-Content-Type-Options', () => {
  it('is nosniff on every answer: API, errors, preflight, config, mail viewer, static app', async () => {
    const auth = { apikey: b.anonKey, authorization: `Bearer ${alice.accessToken}` };
    const answers = await Promise.all([
      fetch(`${b.url}/rest/v1/notes?select=id`, { headers: auth }),
      fetch(`${b.url}/rest/v1/no_such_table`, { headers: auth }),
      fetch(`${b.url}/rest/v1/notes?select=id`, { headers: { apikey: 'not-a-jwt' } }),
      fetch(`${b.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: b.anonKey, 'content-type': 'application/json' },
        body: '{',
      }),
      fetch(`${b.url}/storage/v1/object/test-files/${alice.userId}/none.txt`, { headers: auth }),
      fetch(`${b.url}/auth/v1/recover`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
      }),
      fetch(`${b.url}/local-config.js`),
      fetch(`${b.url}/_local/mail?to=x@example.com`),
      fetch(`${b.url}/`),
      fetch(`${b.url}/some/app/route`),
    ]);
    expect(answers.map((r) => r.status)).toEqual([
      200, 404, 401, 400, 404, 204, 200, 200, 200, 200,
    ]);
    for (const r of answers) expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('signed URL lifetime', () => {
  it('refuses expiresIn that is not a whole number of seconds from 1 to 7 days with a Storage 400', async () => {
    const s = alice.client.storage.from('test-files');
    const path = `${alice.userId}/signed.txt`;
    expect((await s.upload(path, new Blob(['x']))).error).toBeNull();
    // Storage's error shape, with the code the app words (src/remote/errorCodes.ts) as its message.
    const message = 'request.body_invalid';
    for (const bad of [-60, 0, 1.5, 604_801, 1e300]) {
      const r = await s.createSignedUrl(path, bad);
      expect({ bad, error: r.error }).toMatchObject({
        bad,
        error: { status: 400, statusCode: '400', message },
      });
      const many = await s.createSignedUrls([path], bad);
      expect(many.error).toMatchObject({ status: 400, message });
    }
    const raw = await fetch(`${b.url}/storage/v1/object/sign/test-files/${path}`, {
      method: 'POST',
      headers: {
        apikey: b.anonKey,
        authorization: `Bearer ${alice.accessToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ expiresIn: '60' }),
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ statusCode: '400', error: 'InvalidRequest', message });
    const good = await s.createSignedUrl(path, 604_800);
    expect(good.error).toBeNull();
    expect(await (await fetch(good.data!.signedUrl)).text()).toBe('x');
  });
});

describe('slow clients', () => {
  it('connections sending their headers slowly get 408 and are closed', async () => {
    const conns = Array.from({ length: 5 }, () => rawSocket(slow));
    let stop = false;
    const drip = conns.map(async ({ socket }, i) => {
      socket.write(`GET /rest/v1/notes?n=${i} HTTP/1.1\r\nHost: localhost\r\n`);
      while (!stop && !socket.destroyed) {
        socket.write(`x-slow-${i}: still sending\r\n`);
        await sleep(150);
      }
    });
    await Promise.all(conns.map((c) => c.closed));
    stop = true;
    await Promise.all(drip);
    for (const c of conns) expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a body sent too slowly gets 408 and the connection is closed', async () => {
    const { socket, received, closed } = rawSocket(slow);
    socket.write(
      `POST /rest/v1/notes HTTP/1.1\r\nHost: localhost\r\napikey: ${slow.anonKey}\r\n` +
        `content-type: application/json\r\ncontent-length: 1000\r\n\r\n{`,
    );
    let done = false;
    void closed.then(() => (done = true));
    while (!done) {
      socket.write(' ');
      await sleep(150);
    }
    expect(received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('an idle keep-alive connection is not cut by the header timeout', async () => {
    const { socket, received } = rawSocket(slow);
    const get = `GET /local-config.js HTTP/1.1\r\nHost: localhost\r\n\r\n`;
    socket.write(get);
    await sleep(2_500); // idle for more than twice the header timeout
    expect(socket.destroyed).toBe(false);
    socket.write(get);
    await sleep(300);
    expect(received().match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
    socket.destroy();
  });
});
