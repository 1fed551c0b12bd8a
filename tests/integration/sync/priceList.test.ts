import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';
import { openDevice, settle } from './harness';

let backend: StartedBackend;
const carla = { email: 'carla-prices@example.com', password: 'Secret-pass-1' };

beforeAll(async () => {
  backend = await startLocalBackend();
  await backend.signUpConfirmed(carla.email, carla.password, { role: 'contractor' });
});
afterAll(async () => {
  await backend?.stop();
});

describe('the price list syncs like other profile data', () => {
  it('saved on one device (profile row → outbox → push_changes), pulled by another, stored as jsonb', async () => {
    const a = await openDevice(backend, 'a', carla);
    const b = await openDevice(backend, 'b', carla);
    const list = {
      currency: 'USD',
      doorPerSqFt: 21.5,
      drawerFrontPerSqFt: 14,
      minDoorSqFt: 1.5,
      minDrawerFrontSqFt: 0.5,
      perHinge: 4.25,
    };
    await a.profile.update({ price_list: list });
    expect(await a.db.outbox.count()).toBe(1);
    await settle([a, b]);
    const { rows } = await backend.pg.query<{ price_list: unknown }>(
      'select price_list from public.profiles where id = $1',
      [a.userId],
    );
    expect(rows[0]?.price_list).toEqual(list);
    expect((await b.db.profiles.get(b.userId))?.price_list).toEqual(list);
    // Saving the same list again queues nothing.
    await a.profile.update({ price_list: { ...list } });
    expect(await a.db.outbox.count()).toBe(0);
    await a.close();
    await b.close();
  });

  it('the server refuses a price list that is not an object', async () => {
    const a = await openDevice(backend, 'c', carla);
    const { error } = await a.client
      .from('profiles')
      .update({ price_list: [1, 2] })
      .eq('id', a.userId);
    expect(error?.code).toBe('23514');
    await a.close();
  });
});
