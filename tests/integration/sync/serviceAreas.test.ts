import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServiceAreas } from '../../../src/domain/serviceAreas';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import { openDevice, settle } from './harness';

let backend: StartedBackend;
const sam = { email: 'sam-areas@example.com', password: 'Secret-pass-1' };

beforeAll(async () => {
  backend = await startLocalBackend();
  await backend.signUpConfirmed(sam.email, sam.password, { role: 'contractor' });
});
afterAll(async () => {
  await backend?.stop();
});

describe('service areas sync with the profile', () => {
  it('typed on one device, pushed through the outbox, pulled by another, stored as text[]', async () => {
    const a = await openDevice(backend, 'a', sam);
    const b = await openDevice(backend, 'b', sam);
    const parsed = parseServiceAreas('62701, 627 62702');
    if (!parsed.ok) throw new Error(parsed.message);
    await a.profile.update({ service_areas: parsed.areas });
    expect(await a.db.outbox.count()).toBe(1);
    await settle([a, b]);
    const { rows } = await backend.pg.query<{ service_areas: string[] }>(
      'select service_areas from public.profiles where id = $1',
      [a.userId],
    );
    expect(rows[0]?.service_areas).toEqual(['62701', '627', '62702']);
    expect((await b.db.profiles.get(b.userId))?.service_areas).toEqual(['62701', '627', '62702']);
    // The same list again queues nothing.
    await a.profile.update({ service_areas: ['62701', '627', '62702'] });
    expect(await a.db.outbox.count()).toBe(0);
    await a.close();
    await b.close();
  });

  it('the server refuses what the field refuses (a 4-digit entry), with nothing stored', async () => {
    const a = await openDevice(backend, 'c', sam);
    const { error } = await a.client
      .from('profiles')
      .update({ service_areas: ['6270'] })
      .eq('id', a.userId);
    expect(error?.code).toBe('23514');
    const { rows } = await backend.pg.query<{ service_areas: string[] }>(
      'select service_areas from public.profiles where id = $1',
      [a.userId],
    );
    expect(rows[0]?.service_areas).toEqual(['62701', '627', '62702']);
    await a.close();
  });
});
