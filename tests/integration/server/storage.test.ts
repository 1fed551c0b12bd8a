import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';
import { FIXTURE_MIGRATIONS, email } from './fixtures.ts';
import { signJwt } from '../../../server/jwt.ts';

let b: StartedBackend;
let dataDir: string;
let alice: { client: SupabaseClient; userId: string; accessToken: string };
let bob: { client: SupabaseClient; userId: string; accessToken: string };
const MAX = 64 * 1024;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'storage-test-'));
  b = await startLocalBackend({ migrationsDir: FIXTURE_MIGRATIONS, dataDir, maxUploadBytes: MAX });
  alice = await b.signUpConfirmed(email('alice'), 'secret123');
  bob = await b.signUpConfirmed(email('bob'), 'secret123');
});
afterAll(async () => {
  await b.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('/storage/v1', () => {
  it('uploads (multipart and raw), downloads, and keeps the bytes under <dataDir>/storage/<bucket>/<path>', async () => {
    const s = alice.client.storage.from('test-files');
    const path = `${alice.userId}/projects/p1/photo.txt`;
    const up = await s.upload(path, new Blob(['hello storage'], { type: 'text/plain' }));
    expect(up.error).toBeNull();
    expect(up.data?.fullPath).toBe(`test-files/${path}`);
    expect(readFileSync(join(dataDir, 'storage', 'test-files', path), 'utf8')).toBe(
      'hello storage',
    );
    const down = await s.download(path);
    expect(await down.data?.text()).toBe('hello storage');
    expect(down.data?.type).toBe('text/plain');

    const raw = await s.upload(`${alice.userId}/raw.bin`, new Uint8Array([0, 1, 2, 255]), {
      contentType: 'application/octet-stream',
    });
    expect(raw.error).toBeNull();
    const bytes = new Uint8Array(
      await (await s.download(`${alice.userId}/raw.bin`)).data!.arrayBuffer(),
    );
    expect([...bytes]).toEqual([0, 1, 2, 255]);

    const auth = await fetch(`${b.url}/storage/v1/object/authenticated/test-files/${path}`, {
      headers: { apikey: b.anonKey, authorization: `Bearer ${alice.accessToken}` },
    });
    expect(await auth.text()).toBe('hello storage');
  });

  it('refuses duplicates unless upsert, and upsert replaces the bytes', async () => {
    const s = alice.client.storage.from('test-files');
    const path = `${alice.userId}/dup.txt`;
    expect((await s.upload(path, new Blob(['one']))).error).toBeNull();
    const dup = await s.upload(path, new Blob(['two']));
    expect(dup.error).toMatchObject({ statusCode: '409' });
    expect((await s.upload(path, new Blob(['three']), { upsert: true })).error).toBeNull();
    expect(await (await s.download(path)).data?.text()).toBe('three');
  });

  it('PUT (update) replaces an existing object and 404s a missing one', async () => {
    const s = alice.client.storage.from('test-files');
    const path = `${alice.userId}/update.txt`;
    await s.upload(path, new Blob(['v1']));
    expect((await s.update(path, new Blob(['v2']))).error).toBeNull();
    expect(await (await s.download(path)).data?.text()).toBe('v2');
    expect((await s.update(`${alice.userId}/nope.txt`, new Blob(['x']))).error).toMatchObject({
      statusCode: '404',
    });
  });

  it('RLS decides as the caller: another user cannot write into, read, list, sign or remove my folder', async () => {
    const mine = `${alice.userId}/secret.txt`;
    await alice.client.storage.from('test-files').upload(mine, new Blob(['mine']));
    const other = bob.client.storage.from('test-files');
    const write = await other.upload(`${alice.userId}/intruder.txt`, new Blob(['x']));
    expect(write.error).toMatchObject({ statusCode: '403' });
    expect(existsSync(join(dataDir, 'storage', 'test-files', alice.userId, 'intruder.txt'))).toBe(
      false,
    );
    expect((await other.download(mine)).error).toMatchObject({ statusCode: '404' });
    expect((await other.list(alice.userId)).data).toEqual([]);
    expect((await other.createSignedUrl(mine, 60)).error).toMatchObject({ statusCode: '404' });
    expect((await other.remove([mine])).data).toEqual([]);
    expect(await (await alice.client.storage.from('test-files').download(mine)).data?.text()).toBe(
      'mine',
    );
    const anon = await b.client().storage.from('test-files').download(mine);
    expect(anon.error).toMatchObject({ statusCode: '404', message: 'Object not found' });
  });

  it('lists one folder level with prefix, limit, offset, sortBy and search', async () => {
    const s = alice.client.storage.from('test-files');
    for (const n of ['b.txt', 'a.txt', 'c.txt', 'sub/deep.txt'])
      await s.upload(`${alice.userId}/list/${n}`, new Blob([n]));
    const all = await s.list(`${alice.userId}/list`);
    expect(all.data?.map((o) => o.name)).toEqual(['a.txt', 'b.txt', 'c.txt', 'sub']);
    expect(all.data?.find((o) => o.name === 'sub')?.id).toBeNull();
    const page = await s.list(`${alice.userId}/list`, {
      limit: 2,
      offset: 1,
      sortBy: { column: 'name', order: 'desc' },
    });
    expect(page.data?.map((o) => o.name)).toEqual(['c.txt', 'b.txt']);
    const search = await s.list(`${alice.userId}/list`, { search: 'b' });
    expect(search.data?.map((o) => o.name)).toEqual(['b.txt']);
  });

  it('sorts by a timestamp column in time order, newest first when asked', async () => {
    const s = alice.client.storage.from('test-files');
    for (const n of ['m.txt', 'k.txt', 'z.txt']) {
      await s.upload(`${alice.userId}/timed/${n}`, new Blob([n]));
      await new Promise((r) => setTimeout(r, 5));
    }
    const newest = await s.list(`${alice.userId}/timed`, {
      sortBy: { column: 'created_at', order: 'desc' },
    });
    expect(newest.data?.map((o) => o.name)).toEqual(['z.txt', 'k.txt', 'm.txt']);
    const oldest = await s.list(`${alice.userId}/timed`, {
      sortBy: { column: 'created_at', order: 'asc' },
    });
    expect(oldest.data?.map((o) => o.name)).toEqual(['m.txt', 'k.txt', 'z.txt']);
  });

  it('removes objects and their bytes', async () => {
    const s = alice.client.storage.from('test-files');
    const path = `${alice.userId}/gone.txt`;
    await s.upload(path, new Blob(['bye']));
    const r = await s.remove([path, `${alice.userId}/never-existed.txt`]);
    expect(r.data?.map((o) => o.name)).toEqual([path]);
    expect(existsSync(join(dataDir, 'storage', 'test-files', path))).toBe(false);
    expect((await s.download(path)).error).toMatchObject({ statusCode: '404' });
  });

  it('signed URLs serve the object without a token until they expire; tampering fails', async () => {
    const s = alice.client.storage.from('test-files');
    const path = `${alice.userId}/signed.txt`;
    await s.upload(path, new Blob(['signed bytes'], { type: 'text/plain' }));
    const one = await s.createSignedUrl(path, 60);
    expect(one.error).toBeNull();
    const res = await fetch(one.data!.signedUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('signed bytes');
    const many = await s.createSignedUrls([path, `${alice.userId}/missing.txt`], 60);
    expect(many.data?.[0]?.signedUrl).toBeTruthy();
    expect(many.data?.[1]).toMatchObject({
      error: 'Either the object does not exist or you do not have access to it',
      signedUrl: null,
    });
    const tampered = await fetch(one.data!.signedUrl.replace('signed.txt', 'dup.txt'));
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toEqual({
      statusCode: '400',
      error: 'InvalidSignature',
      message: 'The url do not match the signature',
    });
    // An URL signed by this backend that expired 10 s ago (a life under 1 s cannot be asked for).
    const iat = Math.floor(Date.now() / 1000) - 70;
    const expiredToken = await signJwt(new TextEncoder().encode(b.backend.jwtSecret), {
      url: `test-files/${path}`,
      iat,
      exp: iat + 60,
    });
    const late = await fetch(
      `${b.url}/storage/v1/object/sign/test-files/${path}?token=${expiredToken}`,
    );
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({
      statusCode: '400',
      error: 'InvalidJWT',
      message: 'jwt expired',
    });
  });

  it('413 with storage error JSON above the size limit; the row is not kept', async () => {
    const path = `${alice.userId}/big.bin`;
    const r = await alice.client.storage.from('test-files').upload(path, new Uint8Array(MAX + 1));
    expect(r.error).toMatchObject({
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });
    const raw = await fetch(`${b.url}/storage/v1/object/test-files/${path}`, {
      method: 'POST',
      headers: {
        apikey: b.anonKey,
        authorization: `Bearer ${alice.accessToken}`,
        'content-type': 'application/octet-stream',
      },
      body: new Uint8Array(MAX + 1),
    });
    expect(raw.status).toBe(413);
    expect(await raw.json()).toEqual({
      statusCode: '413',
      error: 'Payload too large',
      message: 'The object exceeded the maximum allowed size',
    });
    const rows = await b.pg.query('select 1 from storage.objects where name = $1', [path]);
    expect(rows.rows).toHaveLength(0);
  });

  it('a failed file write rolls the row back', async () => {
    const s = alice.client.storage.from('test-files');
    await s.upload(`${alice.userId}/clash/inner.txt`, new Blob(['x']));
    // `<uid>/clash` is a directory on disk, so writing a file there fails after the row insert.
    const r = await s.upload(`${alice.userId}/clash`, new Blob(['y']));
    expect(r.error).toMatchObject({
      statusCode: '409',
      message: 'storage.name_conflict',
    });
    const rows = await b.pg.query('select 1 from storage.objects where name = $1', [
      `${alice.userId}/clash`,
    ]);
    expect(rows.rows).toHaveLength(0);
  });
});
