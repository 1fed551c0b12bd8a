/**
 * The RLS matrix over HTTP with supabase-js against the local backend:
 * every role (anon, homeowner, second homeowner, contractor, second
 * contractor, org_admin) × profiles, projects, project_files and the
 * `project-files` bucket × select/insert/update/delete, allowed and denied
 * (product rules "Roles and what they may do"). Each case gets fresh target rows; outcomes are checked
 * in the database, not only in the response.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

type Actor = 'anon' | 'homeowner' | 'homeowner2' | 'contractor' | 'contractor2' | 'orgAdmin';
const ACTORS: Actor[] = [
  'anon',
  'homeowner',
  'homeowner2',
  'contractor',
  'contractor2',
  'orgAdmin',
];

let backend: StartedBackend;
const clients = {} as Record<Actor, SupabaseClient>;
const ids = {} as Record<Exclude<Actor, 'anon'>, string>;

/** Fresh rows for one case: a homeowner project and a contractor client project (in the admin's organization), each with a file row and an object. */
interface Fixture {
  homeProject: string;
  clientProject: string;
  homeFile: string;
  clientFile: string;
  homeObject: string;
  clientObject: string;
}

async function fixture(): Promise<Fixture> {
  const f: Fixture = {
    homeProject: crypto.randomUUID(),
    clientProject: crypto.randomUUID(),
    homeFile: crypto.randomUUID(),
    clientFile: crypto.randomUUID(),
    homeObject: '',
    clientObject: '',
  };
  f.homeObject = `projects/${f.homeProject}/1700000000000.txt`;
  f.clientObject = `projects/${f.clientProject}/1700000000000.txt`;
  await backend.pg.query(
    `insert into projects (id, name, status, user_id, owner_user_id, details) values ($1, 'Home', 'active', $2, $2, '{}')`,
    [f.homeProject, ids.homeowner],
  );
  await backend.pg.query(
    `insert into projects (id, name, status, user_id, assigned_contractor_id, details) values ($1, 'Client', 'draft', $2, $2, '{}')`,
    [f.clientProject, ids.contractor],
  );
  await backend.pg.query(
    `insert into project_files (id, project_id, file_name, file_path, file_size, file_type, user_id) values
       ($1, $2, 'a.txt', $3, 5, 'text/plain', $4), ($5, $6, 'b.txt', $7, 5, 'text/plain', $8)`,
    [
      f.homeFile,
      f.homeProject,
      f.homeObject,
      ids.homeowner,
      f.clientFile,
      f.clientProject,
      f.clientObject,
      ids.contractor,
    ],
  );
  const storage = backend.serviceClient().storage.from('project-files');
  for (const name of [f.homeObject, f.clientObject]) {
    const { error } = await storage.upload(name, new Blob(['hello'], { type: 'text/plain' }), {
      contentType: 'text/plain',
    });
    if (error) throw new Error(`fixture upload failed: ${error.message}`);
  }
  return f;
}

async function one<T>(sql: string, params: unknown[]): Promise<T | undefined> {
  return (await backend.pg.query<T>(sql, params)).rows[0];
}

beforeAll(async () => {
  backend = await startLocalBackend();
  const made = await Promise.all([
    backend.signUpConfirmed('h1@example.com', 'secret-1', {
      role: 'homeowner',
      first_name: 'H',
      last_name: 'One',
    }),
    backend.signUpConfirmed('h2@example.com', 'secret-2', {
      role: 'homeowner',
      first_name: 'H',
      last_name: 'Two',
    }),
    backend.signUpConfirmed('c1@example.com', 'secret-3', {
      role: 'contractor',
      first_name: 'C',
      last_name: 'One',
    }),
    backend.signUpConfirmed('c2@example.com', 'secret-4', {
      role: 'contractor',
      first_name: 'C',
      last_name: 'Two',
    }),
    backend.signUpConfirmed('admin@example.com', 'secret-5', {
      role: 'org_admin',
      first_name: 'A',
      last_name: 'Dmin',
    }),
  ]);
  const names: Exclude<Actor, 'anon'>[] = [
    'homeowner',
    'homeowner2',
    'contractor',
    'contractor2',
    'orgAdmin',
  ];
  names.forEach((n, i) => {
    clients[n] = made[i]!.client;
    ids[n] = made[i]!.userId;
  });
  clients.anon = backend.client();
  // The contractor belongs to the admin's organization (setup as trusted code; no API can do it).
  await backend.pg.query(
    `update profiles set organization_id = (select organization_id from profiles where id = $1) where id = $2`,
    [ids.orgAdmin, ids.contractor],
  );
}, 120_000);

afterAll(async () => {
  await backend.stop();
});

/** Who may read (and so write files of) each fixture project. */
const READERS: Record<'home' | 'client', Actor[]> = {
  home: ['homeowner'],
  client: ['contractor', 'orgAdmin'],
};

describe.each(ACTORS)('as %s', (actor) => {
  // ── projects ──
  it.each(['home', 'client'] as const)('projects select: %s project', async (which) => {
    const f = await fixture();
    const id = which === 'home' ? f.homeProject : f.clientProject;
    const { data } = await clients[actor].from('projects').select('id, name').eq('id', id);
    const allowed = READERS[which].includes(actor);
    expect((data ?? []).map((r) => r.id)).toEqual(allowed ? [id] : []);
  });

  it('projects insert: own project (owner or contractor slot = me)', async () => {
    const id = crypto.randomUUID();
    const userId = actor === 'anon' ? ids.homeowner : ids[actor];
    const slot =
      actor === 'contractor' || actor === 'contractor2'
        ? 'assigned_contractor_id'
        : 'owner_user_id';
    const { error } = await clients[actor]
      .from('projects')
      .insert({ id, name: 'New', status: 'active', details: {}, user_id: userId, [slot]: userId });
    const row = await one<{ id: string }>(`select id from projects where id = $1`, [id]);
    if (actor === 'anon') {
      expect(error).not.toBeNull();
      expect(row).toBeUndefined();
    } else {
      expect(error).toBeNull();
      expect(row?.id).toBe(id);
    }
  });

  it.each([
    ['owner_user_id', 'homeowner'],
    ['assigned_contractor_id', 'contractor'],
  ] as const)('projects insert: with %s = someone else is denied', async (slot, victim) => {
    const id = crypto.randomUUID();
    const me = actor === 'anon' ? ids.homeowner2 : ids[actor];
    const target = ids[victim] === me ? ids.homeowner2 : ids[victim];
    const { error } = await clients[actor]
      .from('projects')
      .insert({ id, name: 'X', status: 'draft', details: {}, user_id: me, [slot]: target });
    expect(error).not.toBeNull();
    expect(await one(`select id from projects where id = $1`, [id])).toBeUndefined();
  });

  it.each(['home', 'client'] as const)('projects update name: %s project', async (which) => {
    const f = await fixture();
    const id = which === 'home' ? f.homeProject : f.clientProject;
    await clients[actor].from('projects').update({ name: 'Renamed' }).eq('id', id);
    const owner = which === 'home' ? 'homeowner' : 'contractor';
    const row = await one<{ name: string }>(`select name from projects where id = $1`, [id]);
    expect(row!.name).toBe(actor === owner ? 'Renamed' : which === 'home' ? 'Home' : 'Client');
  });

  it.each(['home', 'client'] as const)('projects update status: %s project', async (which) => {
    const f = await fixture();
    const id = which === 'home' ? f.homeProject : f.clientProject;
    await clients[actor].from('projects').update({ status: 'completed' }).eq('id', id);
    const row = await one<{ status: string }>(`select status from projects where id = $1`, [id]);
    const mayUpdate =
      which === 'home' ? actor === 'homeowner' : actor === 'contractor' || actor === 'orgAdmin';
    expect(row!.status).toBe(mayUpdate ? 'completed' : which === 'home' ? 'active' : 'draft');
  });

  it('projects update: moving a project to myself or someone else is denied', async () => {
    const f = await fixture();
    const me = actor === 'anon' ? ids.homeowner2 : ids[actor];
    await clients[actor]
      .from('projects')
      .update({ owner_user_id: me, user_id: me })
      .eq('id', f.homeProject);
    await clients[actor]
      .from('projects')
      .update({ assigned_contractor_id: ids.contractor2 })
      .eq('id', f.clientProject);
    const home = await one<{ owner_user_id: string; user_id: string }>(
      `select owner_user_id, user_id from projects where id = $1`,
      [f.homeProject],
    );
    const client = await one<{ assigned_contractor_id: string }>(
      `select assigned_contractor_id from projects where id = $1`,
      [f.clientProject],
    );
    expect(home).toEqual({ owner_user_id: ids.homeowner, user_id: ids.homeowner });
    expect(client).toEqual({ assigned_contractor_id: ids.contractor });
  });

  it.each(['home', 'client'] as const)('projects delete: %s project', async (which) => {
    const f = await fixture();
    const id = which === 'home' ? f.homeProject : f.clientProject;
    await clients[actor].from('projects').delete().eq('id', id);
    const row = await one<{ deleted_at: string | null }>(
      `select deleted_at from projects where id = $1`,
      [id],
    );
    const owner = which === 'home' ? 'homeowner' : 'contractor';
    // Deleting is a tombstone (the row stays, deleted_at set) — only the owner/contractor may.
    expect(row!.deleted_at !== null).toBe(actor === owner);
  });

  // ── profiles ──
  it('profiles select: own row only', async () => {
    const { data } = await clients[actor].from('profiles').select('id');
    expect((data ?? []).map((r) => r.id)).toEqual(actor === 'anon' ? [] : [ids[actor]]);
  });

  it('profiles update: own phone allowed, another profile untouched', async () => {
    const phone = String(Math.floor(Math.random() * 1e10)).padStart(10, '0');
    if (actor !== 'anon') {
      const { error } = await clients[actor]
        .from('profiles')
        .update({ phone })
        .eq('id', ids[actor]);
      expect(error).toBeNull();
      expect(
        (await one<{ phone: string }>(`select phone from profiles where id = $1`, [ids[actor]]))!
          .phone,
      ).toBe(phone);
    }
    const victim = actor === 'homeowner' ? ids.homeowner2 : ids.homeowner;
    const before = await one<{ phone: string | null }>(`select phone from profiles where id = $1`, [
      victim,
    ]);
    await clients[actor].from('profiles').update({ phone: '0000000000' }).eq('id', victim);
    expect(await one(`select phone from profiles where id = $1`, [victim])).toEqual(before);
  });

  it('profiles update: role, organization_id and permissions of one own row are immutable', async () => {
    if (actor === 'anon') return;
    const before = await one(
      `select role, organization_id, permissions from profiles where id = $1`,
      [ids[actor]],
    );
    const r1 = await clients[actor]
      .from('profiles')
      .update({ role: actor === 'orgAdmin' ? 'homeowner' : 'org_admin' })
      .eq('id', ids[actor]);
    const r2 = await clients[actor]
      .from('profiles')
      .update({ organization_id: crypto.randomUUID() })
      .eq('id', ids[actor]);
    const r3 = await clients[actor]
      .from('profiles')
      .update({ permissions: { manage_users: true } })
      .eq('id', ids[actor]);
    expect([r1.error?.code, r2.error?.code, r3.error?.code]).toEqual(['42501', '42501', '42501']);
    expect(
      await one(`select role, organization_id, permissions from profiles where id = $1`, [
        ids[actor],
      ]),
    ).toEqual(before);
  });

  it('profiles insert for another id and delete are denied', async () => {
    const ghost = crypto.randomUUID();
    const ins = await clients[actor]
      .from('profiles')
      .insert({ id: ghost, email: 'ghost@example.com' });
    expect(ins.error).not.toBeNull();
    const target = actor === 'anon' ? ids.homeowner : ids[actor];
    await clients[actor].from('profiles').delete().eq('id', target);
    const row = await one<{ deleted_at: string | null }>(
      `select deleted_at from profiles where id = $1`,
      [target],
    );
    expect(row).toEqual({ deleted_at: null });
  });

  // ── project_files ──
  it.each(['home', 'client'] as const)(
    'project_files select: files of the %s project',
    async (which) => {
      const f = await fixture();
      const project = which === 'home' ? f.homeProject : f.clientProject;
      const { data } = await clients[actor]
        .from('project_files')
        .select('id')
        .eq('project_id', project);
      expect((data ?? []).length).toBe(READERS[which].includes(actor) ? 1 : 0);
    },
  );

  it.each(['home', 'client'] as const)(
    'project_files insert: a row for the %s project',
    async (which) => {
      const f = await fixture();
      const project = which === 'home' ? f.homeProject : f.clientProject;
      const id = crypto.randomUUID();
      const me = actor === 'anon' ? ids.homeowner : ids[actor];
      // The object is stored first (as an upload does): the row's path must name it.
      await backend.pg.query(
        `insert into storage.objects (bucket_id, name) values ('project-files', $1) on conflict do nothing`,
        [`projects/${project}/2.txt`],
      );
      const { error } = await clients[actor].from('project_files').insert({
        id,
        project_id: project,
        file_name: 'c.txt',
        file_path: `projects/${project}/2.txt`,
        file_size: 1,
        file_type: 'text/plain',
        user_id: me,
      });
      const allowed = READERS[which].includes(actor);
      expect(error === null).toBe(allowed);
      expect((await one(`select id from project_files where id = $1`, [id])) !== undefined).toBe(
        allowed,
      );
    },
  );

  it.each(['home', 'client'] as const)(
    'project_files update and delete: the %s project file',
    async (which) => {
      const f = await fixture();
      const file = which === 'home' ? f.homeFile : f.clientFile;
      await clients[actor]
        .from('project_files')
        .update({ file_name: 'renamed.txt' })
        .eq('id', file);
      const allowed = READERS[which].includes(actor);
      expect(
        (await one<{ file_name: string }>(`select file_name from project_files where id = $1`, [
          file,
        ]))!.file_name,
      ).toBe(allowed ? 'renamed.txt' : which === 'home' ? 'a.txt' : 'b.txt');
      await clients[actor].from('project_files').delete().eq('id', file);
      expect(
        (await one<{ deleted_at: string | null }>(
          `select deleted_at from project_files where id = $1`,
          [file],
        ))!.deleted_at !== null,
      ).toBe(allowed);
    },
  );

  // ── storage bucket project-files ──
  it.each(['home', 'client'] as const)(
    'storage download: object of the %s project',
    async (which) => {
      const f = await fixture();
      const { data, error } = await clients[actor].storage
        .from('project-files')
        .download(which === 'home' ? f.homeObject : f.clientObject);
      if (READERS[which].includes(actor)) {
        expect(error).toBeNull();
        expect(await data!.text()).toBe('hello');
      } else {
        expect(error).not.toBeNull();
      }
    },
  );

  it.each(['home', 'client'] as const)(
    'storage upload: into the %s project folder',
    async (which) => {
      const f = await fixture();
      const name = `projects/${which === 'home' ? f.homeProject : f.clientProject}/1700000000001.txt`;
      const { error } = await clients[actor].storage
        .from('project-files')
        .upload(name, new Blob(['new'], { type: 'text/plain' }), { contentType: 'text/plain' });
      const allowed = READERS[which].includes(actor);
      expect(error === null).toBe(allowed);
      expect(
        (await one(
          `select id from storage.objects where bucket_id = 'project-files' and name = $1`,
          [name],
        )) !== undefined,
      ).toBe(allowed);
    },
  );

  it('storage upload outside projects/{id}/ is denied', async () => {
    const { error } = await clients[actor].storage
      .from('project-files')
      .upload(`elsewhere/${crypto.randomUUID()}.txt`, new Blob(['x']), {
        contentType: 'text/plain',
      });
    expect(error).not.toBeNull();
  });

  it.each(['home', 'client'] as const)(
    'storage update and remove: object of the %s project',
    async (which) => {
      const f = await fixture();
      const name = which === 'home' ? f.homeObject : f.clientObject;
      const allowed = READERS[which].includes(actor);
      const up = await clients[actor].storage
        .from('project-files')
        .update(name, new Blob(['changed'], { type: 'text/plain' }), { contentType: 'text/plain' });
      expect(up.error === null).toBe(allowed);
      await clients[actor].storage.from('project-files').remove([name]);
      expect(
        (await one(
          `select id from storage.objects where bucket_id = 'project-files' and name = $1`,
          [name],
        )) === undefined,
      ).toBe(allowed);
    },
  );
});
