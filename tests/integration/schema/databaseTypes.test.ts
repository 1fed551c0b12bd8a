/**
 * src/data/database.types.ts against the migrated database of the local
 * backend: each table's columns and the columns an insert must give, each
 * RPC's argument names and which of them have a default, and the RPC list
 * itself (what `authenticated` may execute in `public`). The lists come from
 * src/data/databaseSurface.ts, which the compiler holds to the `Database`
 * type, so a migration that the types do not follow fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { supabase } from '../../../src/auth/supabase';
import type { Database } from '../../../src/data/database.types';
import { RPC_ARGS, TABLE_COLUMNS, TABLE_INSERT_REQUIRED } from '../../../src/data/databaseSurface';
import { startLocalBackend, type StartedBackend } from '../../support/localBackend';

// Compile-time: the app's client is the typed one (an untyped client takes any string as an RPC or table name).
type AppClient = typeof supabase;
const _typedRpcs: [Parameters<AppClient['rpc']>[0]] extends [keyof Database['public']['Functions']]
  ? true
  : false = true;
const _typedTables: [Parameters<AppClient['from']>[0]] extends [keyof Database['public']['Tables']]
  ? true
  : false = true;

let backend: StartedBackend;

beforeAll(async () => {
  backend = await startLocalBackend();
});
afterAll(async () => {
  await backend?.stop();
});

const sorted = (names: readonly string[]): string[] => [...names].sort();

describe('database.types.ts matches the migrated database', () => {
  it.each(Object.keys(TABLE_COLUMNS) as (keyof typeof TABLE_COLUMNS)[])(
    'table %s: the same columns, the same ones required on insert',
    async (table) => {
      const { rows } = await backend.pg.query<{
        column_name: string;
        is_nullable: string;
        column_default: string | null;
        is_generated: string;
        is_identity: string;
      }>(
        `select column_name, is_nullable, column_default, is_generated, is_identity
       from information_schema.columns where table_schema = 'public' and table_name = $1`,
        [table],
      );
      expect(sorted(rows.map((r) => r.column_name))).toEqual(sorted(TABLE_COLUMNS[table]));
      // Required in Insert: not null, no default, not generated (as the CLI decides).
      const required = rows.filter(
        (r) =>
          r.is_nullable === 'NO' &&
          r.column_default === null &&
          r.is_generated === 'NEVER' &&
          r.is_identity === 'NO',
      );
      expect(sorted(required.map((r) => r.column_name))).toEqual(
        sorted(TABLE_INSERT_REQUIRED[table]),
      );
    },
  );

  it('the RPCs are exactly those the API lets a signed-in user execute', async () => {
    const { rows } = await backend.pg.query<{ name: string }>(
      `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and has_function_privilege('authenticated', p.oid, 'EXECUTE')`,
    );
    expect(sorted(rows.map((r) => r.name))).toEqual(sorted(Object.keys(RPC_ARGS)));
  });

  it.each(Object.keys(RPC_ARGS) as (keyof typeof RPC_ARGS)[])(
    'RPC %s: the same argument names, the same ones with a default',
    async (fn) => {
      const { rows } = await backend.pg.query<{
        names: string[] | null;
        modes: string[] | null;
        nargs: number;
        ndefaults: number;
      }>(
        `select p.proargnames as names, p.proargmodes::text[] as modes, p.pronargs as nargs, p.pronargdefaults as ndefaults
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.proname = $1`,
        [fn],
      );
      expect(rows).toHaveLength(1);
      const { names, modes, nargs, ndefaults } = rows[0]!;
      // Input arguments in declaration order (modes is null when all are inputs); the last `ndefaults` have defaults.
      const inputs = (names ?? []).filter((_, i) => !modes || ['i', 'b', 'v'].includes(modes[i]!));
      expect(inputs).toHaveLength(nargs);
      expect(sorted(inputs)).toEqual(sorted(RPC_ARGS[fn].args));
      expect(sorted(inputs.slice(nargs - ndefaults))).toEqual(sorted(RPC_ARGS[fn].optional));
    },
  );
});
