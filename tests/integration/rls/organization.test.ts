/**
 * The organization admin over HTTP: invites contractors into the organization
 * (same token and mail path as project invitations), assigns and reassigns
 * the organization's projects to its contractors (checked on the server;
 * nobody else can), and a contractor who leaves loses the organization's
 * projects like a removed member.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend.ts';

let backend: StartedBackend;
type Who = 'admin' | 'carl' | 'dana' | 'homeowner' | 'otherAdmin' | 'outsider';
const EMAIL: Record<Who, string> = {
  admin: 'boss@example.com',
  carl: 'carl@example.com',
  dana: 'dana@example.com',
  homeowner: 'hanna@example.com',
  otherAdmin: 'otherboss@example.com',
  outsider: 'outsider@example.com',
};
const c = {} as Record<Who, SupabaseClient>;
const id = {} as Record<Who, string>;

async function status(r: { error: unknown }): Promise<number | undefined> {
  return (r.error as { context?: Response } | null)?.context?.status;
}

async function token(email: string): Promise<string> {
  const link = (await backend.readMail(email))[0]!.links[0]!;
  return new URLSearchParams(new URL(link).hash.slice(1)).get('token')!;
}

async function canRead(who: Who, projectId: string): Promise<boolean> {
  const { data } = await c[who].from('projects').select('id').eq('id', projectId);
  return (data ?? []).length === 1;
}

beforeAll(async () => {
  backend = await startLocalBackend();
  const roles: Record<Who, string> = {
    admin: 'org_admin',
    carl: 'contractor',
    dana: 'contractor',
    homeowner: 'homeowner',
    otherAdmin: 'org_admin',
    outsider: 'contractor',
  };
  const all = Object.keys(EMAIL) as Who[];
  const made = await Promise.all(
    all.map((w) =>
      backend.signUpConfirmed(EMAIL[w], `secret-${w}`, {
        role: roles[w],
        first_name: w,
        organization_id: crypto.randomUUID(),
      }),
    ),
  );
  all.forEach((w, i) => {
    c[w] = made[i]!.client;
    id[w] = made[i]!.userId;
  });
}, 120_000);
afterAll(async () => {
  await backend?.stop();
});

describe('organization admin', () => {
  it('invites contractors into the organization; only a contractor account joins; nobody else invites', async () => {
    // The organization never comes from signup metadata.
    const carlOrg = await backend.pg.query<{ organization_id: string | null }>(
      'select organization_id from profiles where id = $1',
      [id.carl],
    );
    expect(carlOrg.rows[0]!.organization_id).toBeNull();

    for (const w of ['carl', 'dana'] as const) {
      const sent = await c.admin.functions.invoke('org-invite', { body: { email: EMAIL[w] } });
      expect(sent.error).toBeNull();
      expect((await backend.readMail(EMAIL[w]))[0]!.subject).toBe(
        'Team invitation: admin invited you to join their team',
      );
      const joined = await c[w].rpc('accept_project_invite', { p_token: await token(EMAIL[w]) });
      expect(joined.error).toBeNull();
    }
    const orgs = await backend.pg.query<{ id: string; organization_id: string }>(
      'select id, organization_id from profiles where id = any($1)',
      [[id.admin, id.carl, id.dana]],
    );
    expect(new Set(orgs.rows.map((r) => r.organization_id)).size).toBe(1);
    const team = await c.admin.rpc('org_contractors');
    expect((team.data as { email: string }[]).map((t) => t.email).sort()).toEqual(
      [EMAIL.admin, EMAIL.carl, EMAIL.dana].sort(),
    );
    expect((await c.carl.rpc('org_contractors')).data).toEqual([]);

    // A homeowner account cannot join; a contractor or another org's admin cannot invite into this one.
    expect(
      (await c.admin.functions.invoke('org-invite', { body: { email: EMAIL.homeowner } })).error,
    ).toBeNull();
    const refused = await c.homeowner.rpc('accept_project_invite', {
      p_token: await token(EMAIL.homeowner),
    });
    expect(refused.error?.message).toBe('invite.org_contractor_only');
    expect(
      await status(
        await c.carl.functions.invoke('org-invite', { body: { email: EMAIL.outsider } }),
      ),
    ).toBe(403);
    expect(
      await status(await c.admin.functions.invoke('org-invite', { body: { email: EMAIL.carl } })),
    ).toBe(409);
    // Invited by another organization's admin while already in one: refused.
    expect(
      (await c.otherAdmin.functions.invoke('org-invite', { body: { email: EMAIL.carl } })).error,
    ).toBeNull();
    const twice = await c.carl.rpc('accept_project_invite', { p_token: await token(EMAIL.carl) });
    expect(twice.error?.message).toBe('invite.other_organization');
    // Pending invitations and revoke.
    expect(
      (await c.admin.functions.invoke('org-invite', { body: { email: EMAIL.outsider } })).error,
    ).toBeNull();
    const pending = (await c.admin.rpc('org_invites_of')).data as { id: string; email: string }[];
    const toOutsider = pending.find((p) => p.email === EMAIL.outsider)!;
    expect(
      (await c.otherAdmin.rpc('revoke_project_invite', { p_invite_id: toOutsider.id })).error?.code,
    ).toBe('42501');
    expect(
      (await c.admin.rpc('revoke_project_invite', { p_invite_id: toOutsider.id })).error,
    ).toBeNull();
    expect(
      (await c.outsider.rpc('accept_project_invite', { p_token: await token(EMAIL.outsider) }))
        .error?.message,
    ).toBe('invite.cancelled');
  });

  it("assigns and reassigns the organization's projects to its contractors only; nobody else can", async () => {
    const p = crypto.randomUUID();
    const made = await c.carl.from('projects').insert({
      id: p,
      name: 'Lee kitchen',
      status: 'active',
      details: {},
      user_id: id.carl,
      assigned_contractor_id: id.carl,
    });
    expect(made.error).toBeNull();
    expect(await canRead('admin', p)).toBe(true);

    expect(
      (await c.carl.rpc('assign_project', { p_project_id: p, p_contractor_id: id.dana })).error
        ?.code,
    ).toBe('42501');
    expect(
      (await c.otherAdmin.rpc('assign_project', { p_project_id: p, p_contractor_id: id.dana }))
        .error?.code,
    ).toBe('42501');
    const outsider = await c.admin.rpc('assign_project', {
      p_project_id: p,
      p_contractor_id: id.outsider,
    });
    expect(outsider.error?.message).toBe('organization.not_a_contractor');
    expect(await canRead('carl', p)).toBe(true);

    expect(
      (await c.admin.rpc('assign_project', { p_project_id: p, p_contractor_id: id.dana })).error,
    ).toBeNull();
    expect(await canRead('dana', p)).toBe(true);
    expect(await canRead('carl', p)).toBe(false);
    expect(await canRead('admin', p)).toBe(true);
    const members = await backend.pg.query<{ user_id: string; deleted_at: string | null }>(
      'select user_id, deleted_at from project_members where project_id = $1',
      [p],
    );
    expect(members.rows.find((m) => m.user_id === id.dana)!.deleted_at).toBeNull();
    expect(members.rows.find((m) => m.user_id === id.carl)!.deleted_at).not.toBeNull();
    // Carl's pull of memberships carries the revocation for his device.
    const pulled = await c.carl.rpc('pull_changes', { p_table: 'project_members', p_cursor: '0' });
    expect(
      (pulled.data as { rows: { project_id: string; deleted_at: string | null }[] }).rows
        .filter((r) => r.project_id === p)
        .map((r) => r.deleted_at !== null),
    ).toEqual([true]);

    // Back to Carl: his revocation is lifted.
    expect(
      (await c.admin.rpc('assign_project', { p_project_id: p, p_contractor_id: id.carl })).error,
    ).toBeNull();
    expect(await canRead('carl', p)).toBe(true);
    expect(await canRead('dana', p)).toBe(false);
    // Directly through the API the assignment is still immutable.
    await c.admin.from('projects').update({ assigned_contractor_id: id.dana }).eq('id', p);
    expect(
      (
        await backend.pg.query<{ a: string }>(
          'select assigned_contractor_id as a from projects where id = $1',
          [p],
        )
      ).rows[0]!.a,
    ).toBe(id.carl);
  });

  it("a contractor who leaves loses the organization's projects; they go to the admin", async () => {
    const p = crypto.randomUUID();
    expect(
      (
        await c.dana.from('projects').insert({
          id: p,
          name: 'Park bath',
          status: 'draft',
          details: {},
          user_id: id.dana,
          assigned_contractor_id: id.dana,
        })
      ).error,
    ).toBeNull();
    expect((await c.carl.rpc('remove_org_member', { p_user_id: id.dana })).error?.code).toBe(
      '42501',
    );
    expect((await c.admin.rpc('remove_org_member', { p_user_id: id.dana })).error).toBeNull();
    expect(await canRead('dana', p)).toBe(false);
    expect(await canRead('admin', p)).toBe(true);
    const row = await backend.pg.query<{ a: string }>(
      'select assigned_contractor_id as a from projects where id = $1',
      [p],
    );
    expect(row.rows[0]!.a).toBe(id.admin);
    const prof = await backend.pg.query<{ organization_id: string | null }>(
      'select organization_id from profiles where id = $1',
      [id.dana],
    );
    expect(prof.rows[0]!.organization_id).toBeNull();
    // Carl leaves by himself.
    expect((await c.carl.rpc('remove_org_member', { p_user_id: id.carl })).error).toBeNull();
    expect((await c.admin.rpc('org_contractors')).data).toEqual([
      expect.objectContaining({ email: EMAIL.admin }),
    ]);
  });
});
