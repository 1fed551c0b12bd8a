/**
 * Project membership over HTTP with supabase-js against the local backend:
 * the RLS matrix of the membership identities (the contractor who created the
 * project, a member homeowner, a member viewer, a removed member, a
 * contractor of the same organization who is not on the project, a
 * contractor of another organization, anon) × projects, project_files,
 * project_members, project_invites and the `project-files` bucket ×
 * select/insert/update/delete; the invitation token cases; and pull and
 * revocation for a removed member. Outcomes are checked in the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createHash } from 'node:crypto';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

type Actor =
  | 'creator'
  | 'memberHomeowner'
  | 'memberViewer'
  | 'removedMember'
  | 'orgContractor'
  | 'otherOrgContractor'
  | 'anon';
const ACTORS: Actor[] = [
  'creator',
  'memberHomeowner',
  'memberViewer',
  'removedMember',
  'orgContractor',
  'otherOrgContractor',
  'anon',
];
type User = Exclude<Actor, 'anon'>;

let backend: StartedBackend;
const clients = {} as Record<Actor | 'orgAdmin' | 'stranger', SupabaseClient>;
const ids = {} as Record<User | 'orgAdmin' | 'stranger', string>;
const EMAIL: Record<User | 'orgAdmin' | 'stranger', string> = {
  creator: 'creator@example.com',
  memberHomeowner: 'maria@example.com',
  memberViewer: 'viewer@example.com',
  removedMember: 'removed@example.com',
  orgContractor: 'orgc@example.com',
  otherOrgContractor: 'otherc@example.com',
  orgAdmin: 'admin@example.com',
  stranger: 'stranger@example.com',
};

async function one<T>(sql: string, params: unknown[]): Promise<T | undefined> {
  return (await backend.pg.query<T>(sql, params)).rows[0];
}

/** The token of the newest invitation mail to `email`. */
async function mailedToken(email: string): Promise<string> {
  const link = (await backend.readMail(email))[0]?.links[0] ?? '';
  const token = new URL(link).hash.match(/token=([^&]+)/)?.[1];
  if (!token) throw new Error(`no invitation mail for ${email}: ${link}`);
  return decodeURIComponent(token);
}

async function invite(as: SupabaseClient, projectId: string, email: string, role = 'owner') {
  return as.functions.invoke('project-invite', { body: { project_id: projectId, email, role } });
}

async function accept(as: SupabaseClient, token: string) {
  return as.rpc('accept_project_invite', { p_token: token });
}

/** A fresh project of the creator (contractor) with a file row and object, and the three memberships. */
interface Fixture {
  project: string;
  file: string;
  object: string;
}

async function fixture(): Promise<Fixture> {
  const project = crypto.randomUUID();
  const file = crypto.randomUUID();
  const object = `projects/${project}/1700000000000.txt`;
  await backend.pg.query(
    `insert into projects (id, name, status, user_id, assigned_contractor_id, details) values ($1, 'Alvarez kitchen', 'active', $2, $2, '{}')`,
    [project, ids.creator],
  );
  await backend.pg.query(
    `insert into project_files (id, project_id, file_name, file_path, file_size, file_type, user_id) values ($1, $2, 'a.txt', $3, 5, 'text/plain', $4)`,
    [file, project, object, ids.creator],
  );
  await backend.pg.query(
    `insert into project_members (project_id, user_id, role, deleted_at) values
       ($1, $2, 'owner', null), ($1, $3, 'viewer', null), ($1, $4, 'owner', now())`,
    [project, ids.memberHomeowner, ids.memberViewer, ids.removedMember],
  );
  const { error } = await backend
    .serviceClient()
    .storage.from('project-files')
    .upload(object, new Blob(['hello'], { type: 'text/plain' }), { contentType: 'text/plain' });
  if (error) throw new Error(`fixture upload failed: ${error.message}`);
  return { project, file, object };
}

beforeAll(async () => {
  backend = await startLocalBackend();
  const users: (User | 'orgAdmin' | 'stranger')[] = [
    'creator',
    'memberHomeowner',
    'memberViewer',
    'removedMember',
    'orgContractor',
    'otherOrgContractor',
    'orgAdmin',
    'stranger',
  ];
  const roleOf = (u: string) =>
    u === 'orgAdmin'
      ? 'org_admin'
      : u.endsWith('ontractor') || u === 'creator'
        ? 'contractor'
        : 'homeowner';
  const made = await Promise.all(
    users.map((u) =>
      backend.signUpConfirmed(EMAIL[u], `secret-${u}`, {
        role: roleOf(u),
        first_name: u,
        last_name: 'Test',
      }),
    ),
  );
  users.forEach((u, i) => {
    clients[u] = made[i]!.client;
    ids[u] = made[i]!.userId;
  });
  clients.anon = backend.client();
  await backend.pg.query(`update profiles set phone = '(555) 123-4567' where id = $1`, [
    ids.creator,
  ]);
  // The creator and orgContractor are in the admin's organization; otherOrgContractor in another (trusted setup).
  await backend.pg.query(
    `update profiles set organization_id = (select organization_id from profiles where id = $1) where id = any($2)`,
    [ids.orgAdmin, [ids.creator, ids.orgContractor]],
  );
  await backend.pg.query(`update profiles set organization_id = gen_random_uuid() where id = $1`, [
    ids.otherOrgContractor,
  ]);
}, 180_000);

afterAll(async () => {
  await backend?.stop();
});

const READ: Actor[] = ['creator', 'memberHomeowner', 'memberViewer'];
const WRITE: Actor[] = ['creator', 'memberHomeowner'];

describe.each(ACTORS)('membership matrix as %s', (actor) => {
  it('projects select', async () => {
    const f = await fixture();
    const { data } = await clients[actor].from('projects').select('id').eq('id', f.project);
    expect((data ?? []).map((r) => r.id)).toEqual(READ.includes(actor) ? [f.project] : []);
  });

  it('projects update name and status', async () => {
    const f = await fixture();
    const r = await clients[actor]
      .from('projects')
      .update({ name: 'Renamed', status: 'completed' })
      .eq('id', f.project);
    const row = await one<{ name: string; status: string }>(
      `select name, status from projects where id = $1`,
      [f.project],
    );
    expect(row).toEqual(
      WRITE.includes(actor)
        ? { name: 'Renamed', status: 'completed' }
        : { name: 'Alvarez kitchen', status: 'active' },
    );
    // A viewer sees the project, so its edit is refused with an error rather than silently matching nothing.
    if (actor === 'memberViewer') expect(r.error?.code).toBe('42501');
  });

  it('projects delete: only the creating side', async () => {
    const f = await fixture();
    await clients[actor].from('projects').delete().eq('id', f.project);
    const row = await one<{ deleted_at: string | null }>(
      `select deleted_at from projects where id = $1`,
      [f.project],
    );
    expect(row!.deleted_at !== null).toBe(actor === 'creator');
  });

  it('project_files select, insert, update, delete', async () => {
    const f = await fixture();
    const { data } = await clients[actor]
      .from('project_files')
      .select('id')
      .eq('project_id', f.project);
    expect((data ?? []).length).toBe(READ.includes(actor) ? 1 : 0);
    const id = crypto.randomUUID();
    const me = actor === 'anon' ? ids.creator : ids[actor];
    // The object is stored first (as an upload does): the row's path must name it.
    await backend.pg.query(
      `insert into storage.objects (bucket_id, name) values ('project-files', $1) on conflict do nothing`,
      [`projects/${f.project}/2.jpg`],
    );
    const ins = await clients[actor].from('project_files').insert({
      id,
      project_id: f.project,
      file_name: 'photo.jpg',
      file_path: `projects/${f.project}/2.jpg`,
      file_size: 1,
      file_type: 'image/jpeg',
      user_id: me,
    });
    expect(ins.error === null).toBe(WRITE.includes(actor));
    expect((await one(`select id from project_files where id = $1`, [id])) !== undefined).toBe(
      WRITE.includes(actor),
    );
    const up = await clients[actor]
      .from('project_files')
      .update({ file_name: 'renamed.txt' })
      .eq('id', f.file);
    expect(
      (await one<{ file_name: string }>(`select file_name from project_files where id = $1`, [
        f.file,
      ]))!.file_name,
    ).toBe(WRITE.includes(actor) ? 'renamed.txt' : 'a.txt');
    if (actor === 'memberViewer') expect(up.error?.code).toBe('42501');
    await clients[actor].from('project_files').delete().eq('id', f.file);
    expect(
      (await one<{ deleted_at: string | null }>(
        `select deleted_at from project_files where id = $1`,
        [f.file],
      ))!.deleted_at !== null,
    ).toBe(WRITE.includes(actor));
  });

  it('storage download, upload, update, remove', async () => {
    const f = await fixture();
    const bucket = clients[actor].storage.from('project-files');
    const down = await bucket.download(f.object);
    expect(down.error === null).toBe(READ.includes(actor));
    const name = `projects/${f.project}/1700000000001.jpg`;
    const upl = await bucket.upload(name, new Blob(['new'], { type: 'image/jpeg' }), {
      contentType: 'image/jpeg',
    });
    expect(upl.error === null).toBe(WRITE.includes(actor));
    expect(
      (await one(`select id from storage.objects where bucket_id = 'project-files' and name = $1`, [
        name,
      ])) !== undefined,
    ).toBe(WRITE.includes(actor));
    const upd = await bucket.update(f.object, new Blob(['changed'], { type: 'text/plain' }), {
      contentType: 'text/plain',
    });
    expect(upd.error === null).toBe(WRITE.includes(actor));
    await bucket.remove([f.object]);
    expect(
      (await one(`select id from storage.objects where bucket_id = 'project-files' and name = $1`, [
        f.object,
      ])) === undefined,
    ).toBe(WRITE.includes(actor));
  });

  it("project_members: the job's people for everyone on it, one's own row otherwise; never written through the API", async () => {
    const f = await fixture();
    const { data } = await clients[actor]
      .from('project_members')
      .select('user_id')
      .eq('project_id', f.project);
    const seen = (data ?? []).map((r) => r.user_id as string).sort();
    // Everyone on the job reads all its people (names travel with the job), tombstones
    // included; a removed member reads only its own tombstone; nobody else reads any.
    const expected = ['creator', 'memberHomeowner', 'memberViewer'].includes(actor)
      ? [ids.creator, ids.orgAdmin, ids.memberHomeowner, ids.memberViewer, ids.removedMember].sort()
      : actor === 'removedMember'
        ? [ids.removedMember]
        : [];
    expect(seen).toEqual(expected);
    const me = actor === 'anon' ? ids.stranger : ids[actor];
    const ins = await clients[actor]
      .from('project_members')
      .insert({ project_id: f.project, user_id: me, role: 'owner' });
    expect(ins.error).not.toBeNull();
    await clients[actor]
      .from('project_members')
      .update({ role: 'owner', deleted_at: null })
      .eq('project_id', f.project);
    const rows = (
      await backend.pg.query<{ user_id: string; role: string; deleted_at: string | null }>(
        `select user_id, role, deleted_at from project_members where project_id = $1 order by role`,
        [f.project],
      )
    ).rows;
    expect(rows.find((r) => r.user_id === ids.memberViewer)!.role).toBe('viewer');
    expect(rows.find((r) => r.user_id === ids.removedMember)!.deleted_at).not.toBeNull();
  });

  it('project_invites: not readable or writable through the API', async () => {
    const f = await fixture();
    await backend.pg.query(
      `insert into project_invites (project_id, email, role, token_hash, invited_by) values ($1, 'x@example.com', 'owner', $2, $3)`,
      [f.project, createHash('sha256').update(crypto.randomUUID()).digest('hex'), ids.creator],
    );
    const { data } = await clients[actor]
      .from('project_invites')
      .select('id')
      .eq('project_id', f.project);
    expect(data ?? []).toEqual([]);
    const ins = await clients[actor].from('project_invites').insert({
      project_id: f.project,
      email: 'y@example.com',
      role: 'owner',
      token_hash: 'a'.repeat(64),
      invited_by: ids.creator,
    });
    expect(ins.error).not.toBeNull();
  });

  it("push_changes: a viewer's edit is rejected, a member homeowner's applied", async () => {
    if (actor === 'anon') return;
    const f = await fixture();
    const { data } = await clients[actor].rpc('push_changes', {
      p_ops: [
        {
          op_id: crypto.randomUUID(),
          table: 'projects',
          id: f.project,
          kind: 'update',
          base_version: 1,
          changes: { name: 'Pushed' },
        },
      ],
    });
    const result = (data as { status: string; code: string | null }[])[0]!;
    const row = await one<{ name: string }>(`select name from projects where id = $1`, [f.project]);
    expect(row!.name).toBe(WRITE.includes(actor) ? 'Pushed' : 'Alvarez kitchen');
    expect(result.status).toBe(WRITE.includes(actor) ? 'applied' : 'rejected');
    if (actor === 'memberViewer') expect(result.code).toBe('42501');
  });

  it('push_changes: nobody writes a membership (pulled, never pushed)', async () => {
    if (actor === 'anon') return;
    const f = await fixture();
    const removed = (await one<{ id: string }>(
      `select id from project_members where project_id = $1 and user_id = $2`,
      [f.project, ids.removedMember],
    ))!.id;
    const { data, error } = await clients[actor].rpc('push_changes', {
      p_ops: [
        {
          op_id: crypto.randomUUID(),
          table: 'project_members',
          id: crypto.randomUUID(),
          kind: 'insert',
          changes: { project_id: f.project, user_id: ids[actor], role: 'owner' },
        },
        {
          op_id: crypto.randomUUID(),
          table: 'project_members',
          id: removed,
          kind: 'update',
          changes: { deleted_at: null },
        },
      ],
    });
    expect(error).toBeNull();
    expect(
      (data as { status: string; code: string | null }[]).map((r) => [r.status, r.code]),
    ).toEqual([
      ['rejected', '22023'],
      ['rejected', '22023'],
    ]);
    const rows = await backend.pg.query<{ user_id: string }>(
      `select user_id from project_members where project_id = $1 and deleted_at is null`,
      [f.project],
    );
    expect(rows.rows.map((r) => r.user_id).sort()).toEqual(
      [ids.creator, ids.orgAdmin, ids.memberHomeowner, ids.memberViewer].sort(),
    );
  });
});

describe('invitations', () => {
  async function project(): Promise<string> {
    return (await fixture()).project;
  }

  it('the invited homeowner (existing account) joins by the mailed link; the token is stored only as a hash', async () => {
    const p = await project();
    const sent = await invite(clients.creator, p, 'Stranger@Example.com');
    expect(sent.error).toBeNull();
    expect(sent.data).toMatchObject({ project_id: p, email: EMAIL.stranger, role: 'owner' });
    // The inviter gets the mailed link to pass on (copy, share, QR code), and nothing else of the token.
    const { link, ...rest } = sent.data as { link: string; mailed: boolean };
    expect(JSON.stringify(rest)).not.toMatch(/token/);
    expect(rest.mailed).toBe(true);
    const mail = (await backend.readMail(EMAIL.stranger))[0]!;
    expect(mail.subject).toBe('creator Test invited you to Alvarez kitchen');
    expect(mail.links[0]).toMatch(/\/invite#token=/);
    expect(link).toBe(mail.links[0]);
    const token = await mailedToken(EMAIL.stranger);
    const stored = await one<{ token_hash: string }>(
      `select token_hash from project_invites where project_id = $1`,
      [p],
    );
    expect(stored!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(
      await one(`select 1 from project_invites where token_hash = $1`, [token]),
    ).toBeUndefined();

    const before = await clients.stranger.from('projects').select('id').eq('id', p);
    expect(before.data).toEqual([]);
    const joined = await accept(clients.stranger, token);
    expect(joined.error).toBeNull();
    expect(joined.data).toEqual({ project_id: p, role: 'owner' });
    const after = await clients.stranger.from('projects').select('id').eq('id', p);
    expect(after.data).toEqual([{ id: p }]);
    const member = await one<{ contact: Record<string, string>; email: string }>(
      `select contact, email from project_members where project_id = $1 and user_id = $2`,
      [p, ids.stranger],
    );
    expect(member).toEqual({
      email: EMAIL.stranger,
      contact: { name: 'creator Test', email: EMAIL.creator, phone: '(555) 123-4567' },
    });
    // Reused token: single use.
    const again = await accept(clients.stranger, token);
    expect(again.error?.message).toBe('invite.used');
    await backend.pg.query(`delete from project_members where project_id = $1`, [p]);
  });

  it("a forged token, another user's token, an expired and a revoked token never join", async () => {
    const p = await project();
    const forged = await accept(clients.stranger, 'x'.repeat(43));
    expect(forged.error?.message).toBe('invite.link_invalid');
    const tooShort = await accept(clients.stranger, 'abc');
    expect(tooShort.error?.message).toBe('invite.link_invalid');

    expect((await invite(clients.creator, p, EMAIL.stranger)).error).toBeNull();
    const token = await mailedToken(EMAIL.stranger);
    // Another signed-in user holding the token (e.g. a forwarded mail) cannot use it.
    const other = await accept(clients.otherOrgContractor, token);
    expect(other.error?.code).toBe('42501');
    expect(other.error?.message).toBe('invite.other_email');
    // Not signed in.
    const anon = await accept(clients.anon, token);
    expect(anon.error).not.toBeNull();

    await backend.pg.query(
      `update project_invites set expires_at = now() - interval '1 second' where project_id = $1`,
      [p],
    );
    const expired = await accept(clients.stranger, token);
    expect(expired.error?.message).toBe('invite.expired');

    // Resend: a new link, the old one stops working; then revoke it.
    expect((await invite(clients.creator, p, EMAIL.stranger)).error).toBeNull();
    const fresh = await mailedToken(EMAIL.stranger);
    expect(fresh).not.toBe(token);
    expect((await accept(clients.stranger, token)).error?.message).toBe('invite.link_invalid');
    const pending = await clients.creator.rpc('project_invites_of', { p_project_id: p });
    expect(
      (pending.data as { email: string; expired: boolean }[]).map((i) => [i.email, i.expired]),
    ).toEqual([[EMAIL.stranger, false]]);
    const inviteId = (pending.data as { id: string }[])[0]!.id;
    expect(
      (await clients.otherOrgContractor.rpc('revoke_project_invite', { p_invite_id: inviteId }))
        .error?.code,
    ).toBe('42501');
    expect(
      (await clients.creator.rpc('revoke_project_invite', { p_invite_id: inviteId })).error,
    ).toBeNull();
    const revoked = await accept(clients.stranger, fresh);
    expect(revoked.error?.message).toBe('invite.cancelled');
    expect(
      await one(`select 1 from project_members where project_id = $1 and user_id = $2`, [
        p,
        ids.stranger,
      ]),
    ).toBeUndefined();
  });

  it("only the project's owner or contractor invites; bad input gets a 4xx with a clear message", async () => {
    const p = await project();
    const byViewer = await invite(clients.memberViewer, p, 'someone@example.com');
    expect(byViewer.error).not.toBeNull();
    expect((byViewer.error as { context?: Response }).context?.status).toBe(403);
    const byStranger = await invite(clients.otherOrgContractor, p, 'someone@example.com');
    expect((byStranger.error as { context?: Response }).context?.status).toBe(403);
    const badEmail = await invite(clients.creator, p, 'not-an-email');
    expect((badEmail.error as { context?: Response }).context?.status).toBe(400);
    expect(await (badEmail.error as { context: Response }).context.json()).toMatchObject({
      message: 'invite.email_invalid',
    });
    const badRole = await invite(clients.creator, p, 'someone@example.com', 'admin');
    expect((badRole.error as { context?: Response }).context?.status).toBe(400);
    const already = await invite(clients.creator, p, EMAIL.memberHomeowner);
    expect((already.error as { context?: Response }).context?.status).toBe(409);
    const anon = await invite(clients.anon, p, 'someone@example.com');
    expect((anon.error as { context?: Response }).context?.status).toBe(401);
    expect(await one(`select 1 from project_invites where project_id = $1`, [p])).toBeUndefined();
  });
});

describe('pull and revocation for a removed member', () => {
  async function pull(as: SupabaseClient, table: string, cursor = '0') {
    const { data, error } = await as.rpc('pull_changes', { p_table: table, p_cursor: cursor });
    if (error) throw new Error(error.message);
    return data as {
      rows: { id: string; project_id?: string; user_id?: string; deleted_at: string | null }[];
      cursor: string;
    };
  }

  it('a member pulls the project, its files and its membership; once removed, only the membership tombstone', async () => {
    const f = await fixture();
    const members = await pull(clients.memberHomeowner, 'project_members');
    const mine = members.rows.filter(
      (r) => r.project_id === f.project && r.user_id === ids.memberHomeowner,
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]!.deleted_at).toBeNull();
    expect((await pull(clients.memberHomeowner, 'projects')).rows.map((r) => r.id)).toContain(
      f.project,
    );
    expect((await pull(clients.memberHomeowner, 'project_files')).rows.map((r) => r.id)).toContain(
      f.file,
    );

    // A member cannot remove another member; the creator can.
    expect(
      (
        await clients.memberViewer.rpc('remove_project_member', {
          p_project_id: f.project,
          p_user_id: ids.memberHomeowner,
        })
      ).error?.code,
    ).toBe('42501');
    expect(
      (
        await clients.creator.rpc('remove_project_member', {
          p_project_id: f.project,
          p_user_id: ids.memberHomeowner,
        })
      ).error,
    ).toBeNull();
    await backend.pg.query(`update projects set name = 'Changed after removal' where id = $1`, [
      f.project,
    ]);

    expect((await pull(clients.memberHomeowner, 'projects')).rows.map((r) => r.id)).not.toContain(
      f.project,
    );
    expect(
      (await pull(clients.memberHomeowner, 'project_files')).rows.map((r) => r.id),
    ).not.toContain(f.file);
    const later = await pull(clients.memberHomeowner, 'project_members', members.cursor);
    const tomb = later.rows.filter((r) => r.project_id === f.project);
    expect(tomb).toHaveLength(1);
    expect(tomb[0]!.deleted_at).not.toBeNull();
    // And the removed member's edits are refused.
    const { data } = await clients.memberHomeowner.rpc('push_changes', {
      p_ops: [
        {
          op_id: crypto.randomUUID(),
          table: 'projects',
          id: f.project,
          kind: 'update',
          base_version: 2,
          changes: { name: 'Stale edit' },
        },
      ],
    });
    expect((data as { status: string }[])[0]!.status).toBe('rejected');
    expect(
      (await one<{ name: string }>(`select name from projects where id = $1`, [f.project]))!.name,
    ).toBe('Changed after removal');
  });

  it('a member may leave; being invited again revives the membership with a newer txid', async () => {
    const f = await fixture();
    expect(
      (
        await clients.memberViewer.rpc('remove_project_member', {
          p_project_id: f.project,
          p_user_id: ids.memberViewer,
        })
      ).error,
    ).toBeNull();
    const gone = await one<{ txid: string; deleted_at: string | null }>(
      `select txid::text, deleted_at from project_members where project_id = $1 and user_id = $2`,
      [f.project, ids.memberViewer],
    );
    expect(gone!.deleted_at).not.toBeNull();
    expect(
      (await invite(clients.creator, f.project, EMAIL.memberViewer, 'viewer')).error,
    ).toBeNull();
    expect(
      (await accept(clients.memberViewer, await mailedToken(EMAIL.memberViewer))).error,
    ).toBeNull();
    const back = await one<{ txid: string; deleted_at: string | null }>(
      `select txid::text, deleted_at from project_members where project_id = $1 and user_id = $2`,
      [f.project, ids.memberViewer],
    );
    expect(back!.deleted_at).toBeNull();
    expect(BigInt(back!.txid)).toBeGreaterThan(BigInt(gone!.txid));
  });
});
