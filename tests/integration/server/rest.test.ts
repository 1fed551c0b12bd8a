import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';
import { FIXTURE_MIGRATIONS, email } from './fixtures.ts';

let b: StartedBackend;
let alice: { client: SupabaseClient; userId: string; accessToken: string };
let bob: { client: SupabaseClient; userId: string; accessToken: string };

beforeAll(async () => {
  b = await startLocalBackend({ migrationsDir: FIXTURE_MIGRATIONS });
  alice = await b.signUpConfirmed(email('alice'), 'secret123');
  bob = await b.signUpConfirmed(email('bob'), 'secret123');
  const rows = [
    { id: 1, name: 'Oak door', price: 10.5, category: 'door' },
    { id: 2, name: 'Maple door', price: 20, category: 'door' },
    { id: 3, name: 'Hinge', price: 2.25, category: 'hardware' },
    { id: 4, name: 'Pull, brass', price: null, category: 'hardware' },
    { id: 5, name: 'Drawer front', price: 15, category: null },
  ];
  const { error } = await alice.client.from('items').insert(rows);
  if (error) throw new Error(error.message);
});
afterAll(async () => {
  await b.stop();
});

function ids(data: unknown): number[] {
  return (data as { id: number }[]).map((r) => r.id);
}

describe('/rest/v1 select', () => {
  it('selects columns with aliases', async () => {
    const { data, error, status } = await alice.client
      .from('items')
      .select('id, label:name')
      .eq('id', 1);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([{ id: 1, label: 'Oak door' }]);
  });

  it('filters eq neq gt gte lt lte in is like ilike and not', async () => {
    const t = () => alice.client.from('items').select('id').order('id');
    expect(ids((await t().eq('category', 'door')).data)).toEqual([1, 2]);
    expect(ids((await t().neq('category', 'door')).data)).toEqual([3, 4]);
    expect(ids((await t().gt('price', 10.5)).data)).toEqual([2, 5]);
    expect(ids((await t().gte('price', 10.5)).data)).toEqual([1, 2, 5]);
    expect(ids((await t().lt('price', 10.5)).data)).toEqual([3]);
    expect(ids((await t().lte('price', 10.5)).data)).toEqual([1, 3]);
    expect(ids((await t().in('id', [2, 4, 99])).data)).toEqual([2, 4]);
    expect(ids((await t().in('name', ['Pull, brass', 'Hinge'])).data)).toEqual([3, 4]);
    expect(ids((await t().is('price', null)).data)).toEqual([4]);
    expect(ids((await t().not('price', 'is', null)).data)).toEqual([1, 2, 3, 5]);
    expect(ids((await t().like('name', '%door')).data)).toEqual([1, 2]);
    expect(ids((await t().ilike('name', '%DOOR%')).data)).toEqual([1, 2]);
    expect(ids((await t().not('category', 'in', '(door)')).data)).toEqual([3, 4]);
  });

  it('or with nested and', async () => {
    const { data, error } = await alice.client
      .from('items')
      .select('id')
      .or('id.eq.5,and(category.eq.door,price.gt.15)')
      .order('id');
    expect(error).toBeNull();
    expect(ids(data)).toEqual([2, 5]);
  });

  it('orders on several columns with nulls placement', async () => {
    const { data } = await alice.client
      .from('items')
      .select('id')
      .order('category', { ascending: false, nullsFirst: false })
      .order('price', { ascending: true, nullsFirst: true });
    expect(ids(data)).toEqual([4, 3, 1, 2, 5]);
  });

  it('limit, offset, range and exact counts in Content-Range', async () => {
    const lim = await alice.client
      .from('items')
      .select('id', { count: 'exact' })
      .order('id')
      .limit(2);
    expect(ids(lim.data)).toEqual([1, 2]);
    expect(lim.count).toBe(5);
    const rng = await alice.client
      .from('items')
      .select('id', { count: 'exact' })
      .order('id')
      .range(2, 3);
    expect(ids(rng.data)).toEqual([3, 4]);
    expect(rng.count).toBe(5);
    const res = await fetch(`${b.url}/rest/v1/items?select=id&order=id&offset=1&limit=2`, {
      headers: {
        apikey: b.anonKey,
        authorization: `Bearer ${alice.accessToken}`,
        prefer: 'count=exact',
      },
    });
    expect(res.headers.get('content-range')).toBe('1-2/5');
    const hdr = await fetch(`${b.url}/rest/v1/items?select=id`, {
      headers: {
        apikey: b.anonKey,
        authorization: `Bearer ${alice.accessToken}`,
        range: '0-1',
        'range-unit': 'items',
      },
    });
    expect(((await hdr.json()) as unknown[]).length).toBe(2);
    expect(hdr.headers.get('content-range')).toBe('0-1/*');
  });

  it('head with count=exact gives the true total and no body', async () => {
    const { count, data, error } = await alice.client
      .from('items')
      .select('*', { count: 'exact', head: true })
      .eq('category', 'door');
    expect(error).toBeNull();
    expect(count).toBe(2);
    expect(data).toBeNull();
  });

  it('single object: one row as an object, else 406 PGRST116', async () => {
    const one = await alice.client.from('items').select('name').eq('id', 3).single();
    expect(one.data).toEqual({ name: 'Hinge' });
    const many = await alice.client.from('items').select('id').single();
    expect(many.status).toBe(406);
    expect(many.error).toMatchObject({
      code: 'PGRST116',
      message: 'JSON object requested, multiple (or no) rows returned',
      details: 'The result contains 5 rows',
    });
    const none = await alice.client.from('items').select('id').eq('id', 99).single();
    expect(none.status).toBe(406);
    expect(none.error?.details).toBe('The result contains 0 rows');
    const maybe = await alice.client.from('items').select('id').eq('id', 99).maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toBeNull();
  });

  it('reads views', async () => {
    const { data } = await alice.client.from('item_names').select('*').eq('id', 2);
    expect(data).toEqual([{ id: 2, name: 'Maple door' }]);
  });
});

describe('/rest/v1 writes', () => {
  it('insert returns 201 with representation, or no body with minimal', async () => {
    const rep = await alice.client
      .from('notes')
      .insert({ title: 'first', n: 1 })
      .select('title, n, user_id');
    expect(rep.status).toBe(201);
    expect(rep.data).toEqual([{ title: 'first', n: 1, user_id: alice.userId }]);
    const min = await alice.client
      .from('notes')
      .insert([{ title: 'second' }, { title: 'third', n: 3 }]);
    expect(min.status).toBe(201);
    expect(min.data).toBeNull();
    const all = await alice.client.from('notes').select('title').order('title');
    expect(all.data).toEqual([{ title: 'first' }, { title: 'second' }, { title: 'third' }]);
  });

  it('jsonb round-trips exactly', async () => {
    const body = {
      nested: { deep: { list: [1, 2.5, -3e-7, { x: null }] } },
      numberLikeStrings: ['14.50', '007', '1e3', ''],
      unicode: 'é ü 日本 🙂 "quoted" \\ back',
      bools: [true, false],
      empty: {},
      emptyList: [],
      big: 12345678901234,
    };
    const ins = await alice.client
      .from('notes')
      .insert({ title: 'json', body })
      .select('body')
      .single();
    expect(ins.data).toEqual({ body });
    const read = await alice.client.from('notes').select('body').eq('title', 'json').single();
    expect(read.data).toEqual({ body });
    const echoed = await alice.client.rpc('echo', { doc: body });
    expect(echoed.data).toEqual(body);
  });

  it('upsert merges duplicates on the given conflict columns, or ignores them', async () => {
    await alice.client.from('notes').insert({ title: 'up', n: 1 });
    const merged = await alice.client
      .from('notes')
      .upsert({ user_id: alice.userId, title: 'up', n: 2 }, { onConflict: 'user_id,title' })
      .select('title, n');
    expect(merged.status).toBe(201);
    expect(merged.data).toEqual([{ title: 'up', n: 2 }]);
    const ignored = await alice.client
      .from('notes')
      .upsert(
        { user_id: alice.userId, title: 'up', n: 9 },
        { onConflict: 'user_id,title', ignoreDuplicates: true },
      )
      .select('title, n');
    expect(ignored.data).toEqual([]);
    const now = await alice.client.from('notes').select('n').eq('title', 'up').single();
    expect(now.data).toEqual({ n: 2 });
    const byPk = await alice.client
      .from('items')
      .upsert({ id: 3, name: 'Hinge 110°', price: 2.25, category: 'hardware' })
      .select('name');
    expect(byPk.data).toEqual([{ name: 'Hinge 110°' }]);
  });

  it('patch with filters updates only matching rows', async () => {
    await alice.client.from('notes').insert([
      { title: 'p1', n: 1 },
      { title: 'p2', n: 1 },
    ]);
    const r = await alice.client
      .from('notes')
      .update({ n: 5, done: true })
      .eq('title', 'p1')
      .select('title, n, done');
    expect(r.status).toBe(200);
    expect(r.data).toEqual([{ title: 'p1', n: 5, done: true }]);
    const min = await alice.client.from('notes').update({ n: 6 }).eq('title', 'p2');
    expect(min.status).toBe(204);
    expect((await alice.client.from('notes').select('n').eq('title', 'p2').single()).data).toEqual({
      n: 6,
    });
  });

  it('delete with filters', async () => {
    await alice.client.from('notes').insert([{ title: 'd1' }, { title: 'd2' }]);
    const r = await alice.client.from('notes').delete().eq('title', 'd1').select('title');
    expect(r.data).toEqual([{ title: 'd1' }]);
    const min = await alice.client.from('notes').delete().in('title', ['d2']);
    expect(min.status).toBe(204);
    expect((await alice.client.from('notes').select('id').in('title', ['d1', 'd2'])).data).toEqual(
      [],
    );
  });

  it('RLS: another user sees nothing, cannot update or delete, and cannot insert as someone else (403)', async () => {
    await alice.client.from('notes').insert({ title: 'private' });
    expect((await bob.client.from('notes').select('id').eq('title', 'private')).data).toEqual([]);
    const upd = await bob.client.from('notes').update({ n: 1 }).eq('title', 'private').select();
    expect(upd.data).toEqual([]);
    const del = await bob.client.from('notes').delete().eq('title', 'private').select();
    expect(del.data).toEqual([]);
    expect(
      (await alice.client.from('notes').select('id').eq('title', 'private')).data,
    ).toHaveLength(1);
    const forged = await bob.client.from('notes').insert({ title: 'x', user_id: alice.userId });
    expect(forged.status).toBe(403);
    expect(forged.error).toMatchObject({
      code: '42501',
      message: 'new row violates row-level security policy for table "notes"',
    });
    const anon = await b.client().from('notes').insert({ title: 'anon' });
    expect(anon.status).toBe(401);
    expect(anon.error?.code).toBe('42501');
  });
});

describe('/rest/v1 rpc', () => {
  it('returns scalars, sets, composites, jsonb and void as PostgREST does', async () => {
    expect((await alice.client.rpc('add', { a: 2, b: 40 })).data).toBe(42);
    expect((await alice.client.rpc('add', { a: 2 })).data).toBe(3);
    expect((await alice.client.rpc('series', { n: 3 })).data).toEqual([1, 2, 3]);
    const notes = await alice.client.rpc('my_notes');
    expect(Array.isArray(notes.data)).toBe(true);
    expect((notes.data as { user_id: string }[]).every((n) => n.user_id === alice.userId)).toBe(
      true,
    );
    const first = await alice.client.rpc('first_note');
    expect(first.data).toMatchObject({ user_id: alice.userId });
    const me = await alice.client.rpc('whoami');
    expect(me.data).toMatchObject({
      uid: alice.userId,
      current_user: 'authenticated',
      role: 'authenticated',
    });
    const v = await alice.client.rpc('nothing', { x: 'y' });
    expect(v.status).toBe(204);
    expect(v.error).toBeNull();
    const get = await alice.client.rpc('add', { a: 1, b: 1 }, { get: true });
    expect(get.data).toBe(2);
  });

  it('raised exceptions are 400 P0001; unknown functions 404 PGRST202', async () => {
    const f = await alice.client.rpc('fail', { msg: 'nope' });
    expect(f.status).toBe(400);
    expect(f.error).toMatchObject({ code: 'P0001', message: 'nope' });
    const u = await alice.client.rpc('no_such_fn', { a: 1 });
    expect(u.status).toBe(404);
    expect(u.error?.code).toBe('PGRST202');
  });
});

describe('/rest/v1 errors', () => {
  it('maps constraint violations: 409 unique and fk, 400 check and invalid input', async () => {
    await alice.client.from('notes').insert({ title: 'uniq' });
    const dup = await alice.client.from('notes').insert({ title: 'uniq' });
    expect(dup.status).toBe(409);
    expect(dup.error?.code).toBe('23505');
    expect(dup.error).toHaveProperty('details');
    expect(dup.error).toHaveProperty('hint');
    const fk = await alice.client
      .from('items')
      .insert({ id: 50, note_id: '00000000-0000-0000-0000-000000000001' });
    expect(fk.status).toBe(409);
    expect(fk.error?.code).toBe('23503');
    const check = await alice.client.from('notes').insert({ title: 'neg', n: -1 });
    expect(check.status).toBe(400);
    expect(check.error?.code).toBe('23514');
    const type = await alice.client.from('notes').insert({ title: 'type', n: 'many' });
    expect(type.status).toBe(400);
    expect(type.error?.code).toBe('22P02');
    const filterType = await alice.client.from('items').select('id').eq('id', 'abc');
    expect(filterType.status).toBe(400);
    expect(filterType.error?.code).toBe('22P02');
  });

  it('unknown table is 404 PGRST205; unknown column 400; bad filter 400 PGRST100', async () => {
    const t = await alice.client.from('nope').select();
    expect(t.status).toBe(404);
    expect(t.error).toEqual({
      code: 'PGRST205',
      message: "Could not find the table 'public.nope' in the schema cache",
      details: null,
      hint: null,
    });
    const c = await alice.client.from('items').select('id, wat');
    expect(c.status).toBe(400);
    expect(c.error?.code).toBe('42703');
    const f = await alice.client.from('items').select('id').eq('wat', 1);
    expect(f.status).toBe(400);
    const ins = await alice.client.from('items').insert({ id: 60, wat: 1 });
    expect(ins.status).toBe(400);
    expect(ins.error?.code).toBe('PGRST204');
    const res = await fetch(`${b.url}/rest/v1/items?id=zz.1`, {
      headers: { apikey: b.anonKey, authorization: `Bearer ${alice.accessToken}` },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('PGRST100');
  });

  it('identifiers and values cannot inject SQL', async () => {
    const v = await alice.client.from('items').select('id').eq('name', "x'; drop table items; --");
    expect(v.data).toEqual([]);
    const col = await fetch(
      `${b.url}/rest/v1/items?select=id&${encodeURIComponent('id;drop table items')}=eq.1`,
      {
        headers: { apikey: b.anonKey, authorization: `Bearer ${alice.accessToken}` },
      },
    );
    expect(col.status).toBe(400);
    const tbl = await fetch(
      `${b.url}/rest/v1/${encodeURIComponent('items"; drop table items; --')}`,
      {
        headers: { apikey: b.anonKey, authorization: `Bearer ${alice.accessToken}` },
      },
    );
    expect(tbl.status).toBe(404);
    expect(
      (await alice.client.from('items').select('id', { count: 'exact', head: true })).count,
    ).toBeGreaterThan(0);
  });

  it('picks up tables created after start (schema cache reload on miss)', async () => {
    await b.pg.exec(
      `create table public.late (id int primary key); grant all on public.late to authenticated; insert into public.late values (7);`,
    );
    expect((await alice.client.from('late').select('id')).data).toEqual([{ id: 7 }]);
  });
});
