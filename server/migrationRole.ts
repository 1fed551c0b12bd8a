/**
 * Who owns the schema on a PostgreSQL server (DATABASE_URL mode). Hosted
 * Supabase runs migrations as `postgres`, the database owner, which is not a
 * superuser; only policies on `storage.*` tables are created with the
 * superuser's rights (the supautils extension grants exactly that). When the
 * backend connects as another superuser (the README's first start, needed
 * for the bootstrap), everything after the bootstrap — the backend's own
 * `_local` schema, the migrations and the seed — runs the same way, as
 * `postgres`, so later starts as `postgres` own everything they touch.
 * PGlite (and a server whose superuser is `postgres`) needs none of this.
 */
import type { SqlDatabase } from './sqlDatabase.ts';

/** The role migrations run as on hosted Supabase. */
export const MIGRATION_ROLE = 'postgres';

/**
 * The role to switch to for everything after the bootstrap: `postgres` when
 * the session user is a superuser other than `postgres`, the role exists,
 * and `postgres` owns every table in `public` (a new database, or one set up
 * this way); null when the session user already is the right one, or when
 * earlier migrations already ran as the superuser (later ones must then run
 * as their owner too).
 */
export async function migrationRoleFor(pg: SqlDatabase): Promise<string | null> {
  const r = await pg.query<{ switch: boolean }>(
    `select (select rolsuper from pg_roles where rolname = session_user)
        and session_user <> $1
        and exists (select 1 from pg_roles where rolname = $1)
        and not exists (select 1 from pg_class
                        where relnamespace = 'public'::regnamespace and relkind in ('r', 'p', 'v', 'm')
                          and pg_get_userbyid(relowner) <> $1) as switch`,
    [MIGRATION_ROLE],
  );
  return r.rows[0]?.switch === true ? MIGRATION_ROLE : null;
}

/**
 * `sql` to run inside one transaction as `role`, with that role's login
 * search path (crypt() and the other pgcrypto functions live in
 * `extensions`). Policy statements on `storage.*` tables run as the session
 * user (the superuser), as supautils lets `postgres` create them on hosted.
 */
export function asMigrationRole(sql: string, role = MIGRATION_ROLE): string {
  const become = `set local role ${role};\nset local search_path = "$user", public, extensions;`;
  const elevated = sql.replace(
    /^[ \t]*(create|alter|drop)\s+policy\b[^;]*?\bon\s+"?storage"?\."?\w+"?[^;]*;/gim,
    (stmt) => `set local role none;\n${stmt}\nset local role ${role};`,
  );
  return `${become}\n${elevated}`;
}

/**
 * Makes `role` the owner of the database and of the backend's `_local`
 * schema, as on hosted where `postgres` owns the database. The second part
 * repairs a database whose first start made the superuser own `_local`
 * (later starts as `postgres` then failed with "permission denied for schema
 * _local"). Runs as the superuser; the tables of the migrations are left as
 * they are.
 */
export async function handOverToMigrationRole(pg: SqlDatabase, role: string): Promise<void> {
  await pg.exec(`do $$
    begin
      if (select pg_get_userbyid(datdba) from pg_database where datname = current_database()) <> '${role}' then
        execute format('alter database %I owner to ${role}', current_database());
      end if;
      if to_regnamespace('_local') is not null then
        alter schema _local owner to ${role};
      end if;
      if to_regclass('_local.refresh_tokens') is not null then
        alter table _local.refresh_tokens owner to ${role};
      end if;
    end $$;`);
}
