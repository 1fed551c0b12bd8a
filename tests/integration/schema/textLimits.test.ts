/**
 * The one text rule, both sides: the app's field limits (src/domain/userText.ts
 * TEXT_LIMITS) and the database's agree field by field. The test reads the
 * database's own table (`private.text_limits()`) and every check constraint
 * and limit function that bounds a text, then pushes a value of exactly the
 * limit (applied) and one character more (refused 23514
 * `text.too_long:<field>:<limit>`) for every field the new triggers guard, as
 * a signed-in user through push_changes. It fails when a limit is added,
 * removed or changed on one side only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { TEXT_LIMITS } from '../../../src/domain/userText';
import { createDb, createUser, storeObjects } from './pgliteDb.ts';
import { push } from './syncRpc.ts';

let db: PGlite;
let owner: string;
let projectId: string;

function uuid(): string {
  return crypto.randomUUID();
}

/**
 * A language tag of exactly `n` characters (`es-aaaaaaaa-…`): `profiles.locale` takes only a tag's
 * shape, so its limit is tried with tags.
 */
function languageTag(n: number): string {
  let tag = 'es';
  let rest = n - 2;
  while (rest > 9) {
    const piece = rest - 9 >= 3 ? 9 : rest - 3;
    tag += '-' + 'a'.repeat(piece - 1);
    rest -= piece;
  }
  return tag + '-' + 'a'.repeat(rest - 1);
}

/** A value at a dotted path, as nested objects: ['a','b'] → { a: { b: value } }. */
function nest(path: string[], value: unknown): Record<string, unknown> {
  return path.reduceRight<unknown>((v, key) => ({ [key]: v }), value) as Record<string, unknown>;
}

/** `n` characters, one of them an emoji (a surrogate pair counts as one character on both sides). */
function text(n: number): string {
  return '🚪' + 'x'.repeat(n - 1);
}

beforeAll(async () => {
  db = await createDb();
  owner = await createUser(db, 'text-owner@example.com', { role: 'homeowner' });
  projectId = uuid();
  const [r] = await push(db, owner, [
    {
      op_id: uuid(),
      table: 'projects',
      id: projectId,
      kind: 'insert',
      base_version: null,
      changes: {
        name: 'Kitchen',
        status: 'draft',
        details: {},
        user_id: owner,
        owner_user_id: owner,
      },
    },
  ]);
  expect(r?.status).toBe('applied');
});

afterAll(async () => {
  await db?.close();
});

describe('the text limits of the app and of the database', () => {
  it('are the same table, field by field', async () => {
    const { rows } = await db.query<{ l: Record<string, number> }>(
      'select private.text_limits() as l',
    );
    expect(rows[0]!.l).toEqual(TEXT_LIMITS);
  });

  it('every length check constraint on messages, reviews and quotes holds the same number', async () => {
    const { rows } = await db.query<{ t: string; def: string }>(
      `select c.conrelid::regclass::text as t, pg_get_constraintdef(c.oid) as def
         from pg_constraint c
        where c.contype = 'c' and c.conrelid in ('public.messages'::regclass, 'public.reviews'::regclass, 'public.quotes'::regclass)`,
    );
    const found: Record<string, number> = {};
    for (const { t, def } of rows) {
      const m =
        /(?<!\w)length\((\w+)\)\s*(?:<=\s*(\d+)|BETWEEN\s+\d+\s+AND\s+(\d+))/i.exec(def) ??
        undefined;
      if (m) found[`${t.replace(/^public\./, '')}.${m[1]}`] = Number(m[2] ?? m[3]);
    }
    expect(found).toEqual({
      'messages.body': TEXT_LIMITS['messages.body'],
      'reviews.body': TEXT_LIMITS['reviews.body'],
      'reviews.reply': TEXT_LIMITS['reviews.reply'],
      'quotes.notes': TEXT_LIMITS['quotes.notes'],
      'quotes.decline_reason': TEXT_LIMITS['quotes.decline_reason'],
      'quotes.signer_name': TEXT_LIMITS['quotes.signer_name'],
    });
    const limits = await db.query<{ n: number }>(
      `select (private.message_limits() ->> 'body_chars')::int as n`,
    );
    expect(limits.rows[0]!.n).toBe(TEXT_LIMITS['messages.body']);
  });

  const guarded = Object.entries(TEXT_LIMITS).filter(([f]) =>
    /^(projects|profiles|project_files)\./.test(f),
  );

  it.each(guarded)(
    '%s: the limit is taken, one more character is refused',
    async (field, limit) => {
      const [table, ...path] = field.split('.');
      const op = (value: string) => {
        if (table === 'projects')
          return {
            op_id: uuid(),
            table,
            id: projectId,
            kind: 'update',
            base_version: null,
            changes: path[0] === 'details' ? {} : { name: value },
            ...(path[0] === 'details' ? { details_patch: [{ path: path.slice(1), value }] } : {}),
          };
        if (table === 'profiles')
          return {
            op_id: uuid(),
            table,
            id: owner,
            kind: 'update',
            base_version: null,
            changes: nest(path, value),
          };
        return {
          op_id: uuid(),
          table,
          id: uuid(),
          kind: 'insert',
          base_version: null,
          changes: {
            project_id: projectId,
            file_name: value,
            file_path: `projects/${projectId}/${Date.now()}-${uuid()}.jpg`,
            file_size: 1,
            file_type: 'image/jpeg',
            user_id: owner,
          },
        };
      };
      const value = field === 'profiles.locale' ? languageTag : text;
      const fitting = op(value(limit));
      const tooLong = op(value(limit + 1));
      // A file row may name only an object Storage holds for its project.
      for (const o of [fitting, tooLong])
        if (o.table === 'project_files')
          await storeObjects(db, [(o.changes as { file_path: string }).file_path]);
      const [fits] = await push(db, owner, [fitting]);
      expect(fits, JSON.stringify(fits)).toMatchObject({ status: 'applied' });
      const [long] = await push(db, owner, [tooLong]);
      expect(long).toMatchObject({
        status: 'rejected',
        code: '23514',
        message: 'text.too_long',
      });
      expect(JSON.parse((long as unknown as { details: string }).details)).toEqual({
        field,
        limit,
      });
    },
  );

  it('a field that keeps an older, longer value is not refused while another field changes', async () => {
    await db.exec(`alter table public.projects disable trigger projects_10_text_limits`);
    await db.query('update public.projects set name = $1 where id = $2', [
      'n'.repeat(TEXT_LIMITS['projects.name'] + 50),
      projectId,
    ]);
    await db.exec(`alter table public.projects enable trigger projects_10_text_limits`);
    const [r] = await push(db, owner, [
      {
        op_id: uuid(),
        table: 'projects',
        id: projectId,
        kind: 'update',
        base_version: null,
        changes: { status: 'active' },
        details_patch: [{ path: ['cabinetData', 'form', 'poNumber'], value: 'PO-1' }],
      },
    ]);
    expect(r).toMatchObject({ status: 'applied' });
  });
});
