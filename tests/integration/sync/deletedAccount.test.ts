/**
 * Through the local backend (PGlite and PostgreSQL), with supabase-js: a
 * signed-in user cannot write the sync bookkeeping tables directly, and the
 * access token of an account deleted since it was issued is refused on
 * every write (REST, RPC, Storage) with 401, as GoTrue refuses a session
 * whose user is gone; nothing of it is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';

let backend: StartedBackend;

beforeAll(async () => {
  backend = await startLocalBackend();
});
afterAll(async () => {
  await backend?.stop();
});

const GONE = 'User from sub claim in JWT does not exist';

function insertOp(id: string, userId: string, name = 'Kitchen') {
  return {
    op_id: crypto.randomUUID(),
    table: 'projects',
    id,
    kind: 'insert',
    changes: { name, user_id: userId, owner_user_id: userId },
  };
}

describe('sync bookkeeping through the API', () => {
  it('a signed-in user cannot insert, change or delete sync_ops or sync_conflicts; push_changes records', async () => {
    const { client, userId } = await backend.signUpConfirmed(
      'bookkeeping@example.com',
      'Secret-1',
      {
        role: 'homeowner',
      },
    );
    const op = insertOp(crypto.randomUUID(), userId);
    const pushed = await client.rpc('push_changes', { p_ops: [op] });
    expect(pushed.error).toBeNull();

    const forged = await client
      .from('sync_ops')
      .insert({ op_id: crypto.randomUUID(), result: { status: 'applied' } });
    expect(forged).toMatchObject({ status: 403, error: { code: '42501' } });
    const edited = await client
      .from('sync_ops')
      .update({ result: { status: 'rejected' } })
      .eq('op_id', op.op_id);
    expect(edited).toMatchObject({ status: 403, error: { code: '42501' } });
    const wiped = await client.from('sync_ops').delete().eq('op_id', op.op_id);
    expect(wiped).toMatchObject({ status: 403, error: { code: '42501' } });
    const conflict = await client.from('sync_conflicts').insert({
      op_id: crypto.randomUUID(),
      table_name: 'projects',
      row_id: op.id,
      path: ['name'],
    });
    expect(conflict).toMatchObject({ status: 403, error: { code: '42501' } });

    const own = await client.from('sync_ops').select('op_id, result');
    expect(own.data).toMatchObject([{ op_id: op.op_id, result: { status: 'applied' } }]);
  });
});

describe('a deleted account’s access token', () => {
  it('is refused on every write: REST, RPC and Storage answer 401, and nothing is written', async () => {
    const { client, userId } = await backend.signUpConfirmed('leaver@example.com', 'Secret-2', {
      role: 'homeowner',
    });
    const projectId = crypto.randomUUID();
    const before = await client.rpc('push_changes', { p_ops: [insertOp(projectId, userId)] });
    expect(before.error).toBeNull();
    const deleted = await client.rpc('delete_my_account');
    expect(deleted.error).toBeNull();

    // The client still holds the access token it had before the deletion.
    const forged = await client
      .from('sync_ops')
      .insert({ op_id: crypto.randomUUID(), result: { status: 'applied' } });
    expect(forged).toMatchObject({ status: 401, error: { code: 'PGRST301', message: GONE } });
    const pushed = await client.rpc('push_changes', {
      p_ops: [insertOp(crypto.randomUUID(), userId, 'Ghost')],
    });
    expect(pushed).toMatchObject({ status: 401, error: { code: 'PGRST301', message: GONE } });
    const inserted = await client
      .from('projects')
      .insert({ id: crypto.randomUUID(), name: 'Ghost', user_id: userId, owner_user_id: userId });
    expect(inserted).toMatchObject({ status: 401, error: { code: 'PGRST301' } });
    const patched = await client.from('profiles').update({ first_name: 'Ghost' }).eq('id', userId);
    expect(patched).toMatchObject({ status: 401, error: { code: 'PGRST301' } });

    const upload = await client.storage
      .from('project-files')
      .upload(`projects/${projectId}/ghost.jpg`, new Blob([new Uint8Array(10)]), {
        contentType: 'image/jpeg',
      });
    expect(upload.error).toMatchObject({ status: 401, statusCode: '401', message: GONE });

    const left = await backend.pg.query<{ ops: number; projects: number; objects: number }>(
      `select (select count(*)::int from public.sync_ops where user_id = $1) as ops,
              (select count(*)::int from public.projects where name = 'Ghost') as projects,
              (select count(*)::int from storage.objects where name like '%ghost.jpg') as objects`,
      [userId],
    );
    expect(left.rows[0]).toEqual({ ops: 0, projects: 0, objects: 0 });
  });
});
