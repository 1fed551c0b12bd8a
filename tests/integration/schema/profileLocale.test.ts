/**
 * `profiles.locale`, the language a person chose: written by its owner through push_changes like
 * the profile's other fields, pulled back to every device of theirs; a value that is not a
 * language tag's shape is refused, and no one sets another person's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { asUser, createDb, createUser, tryAsUser } from './pgliteDb.ts';
import { pullAll, push } from './syncRpc.ts';

let db: PGlite;
let crew: string;
let other: string;

const setLocale = (id: string, locale: unknown) => ({
  op_id: crypto.randomUUID(),
  table: 'profiles',
  id,
  kind: 'update',
  base_version: null,
  changes: { locale },
});

beforeAll(async () => {
  db = await createDb();
  crew = await createUser(db, 'locale-crew@example.com', { role: 'contractor' });
  other = await createUser(db, 'locale-other@example.com', { role: 'homeowner' });
});

afterAll(async () => {
  await db?.close();
});

describe('profiles.locale', () => {
  it('starts empty (follow the browser) and its owner sets it; a pull brings it to their other devices', async () => {
    const before = await pullAll(db, crew, 'profiles', '0');
    expect(before.rows.find((r) => r.id === crew)).toMatchObject({ locale: null });
    const [r] = await push(db, crew, [setLocale(crew, 'es')]);
    expect(r).toMatchObject({ status: 'applied' });
    const after = await pullAll(db, crew, 'profiles', '0');
    expect(after.rows.find((r) => r.id === crew)).toMatchObject({ locale: 'es' });
    const [back] = await push(db, crew, [setLocale(crew, null)]);
    expect(back).toMatchObject({ status: 'applied' });
  });

  it.each([
    ['a sentence', 'Spanish please'],
    ['markup', '<b>es</b>'],
    ['SQL', "es'; drop table profiles; --"],
    ['an upper-case language', 'ES'],
    ['empty', ''],
    ['a number', 7],
  ])('refuses %s', async (_what, value) => {
    const [r] = await push(db, crew, [setLocale(crew, value)]);
    expect(r?.status).toBe('rejected');
    expect(r?.code).toMatch(/^(23514|22P02|22023)$/);
  });

  it('refuses a huge value with the text rule’s code, not a 500', async () => {
    const [r] = await push(db, crew, [setLocale(crew, 'es-' + 'abcdefgh-'.repeat(20_000))]);
    expect(r).toMatchObject({ status: 'rejected', code: '23514' });
  });

  it('no one sets another person’s language: not through push_changes, not through the table', async () => {
    const [r] = await push(db, crew, [setLocale(other, 'es')]);
    expect(r?.status).toBe('rejected');
    await asUser(db, crew, (tx) =>
      tx.query(`update public.profiles set locale = 'es' where id = $1`, [other]),
    );
    const anon = await tryAsUser(db, null, (tx) =>
      tx.query(`update public.profiles set locale = 'es' where id = $1`, [other]),
    );
    expect(anon.ok).toBe(false);
    const { rows } = await db.query<{ locale: string | null }>(
      'select locale from public.profiles where id = $1',
      [other],
    );
    expect(rows[0]?.locale).toBeNull();
  });
});
