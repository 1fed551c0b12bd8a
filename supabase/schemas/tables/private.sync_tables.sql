-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
create table private.sync_tables (
  name text not null,
  position integer not null,
  pushed boolean default true not null,
  client_columns text[],
  server_columns text[] default '{}'::text[] not null,
  read_rule text,
  write_rule text not null,
  tombstones boolean default true not null,
  delete_refusal text,
  details_patch boolean default false not null,
  project_column text,
  fast_insert boolean default false not null,
  parent_table text,
  parent_column text,
  soft_delete boolean default false not null,
  log_changes boolean default true not null
);
alter table private.sync_tables add constraint sync_tables_check CHECK (((parent_table IS NULL) = (parent_column IS NULL)));
alter table private.sync_tables add constraint sync_tables_check1 CHECK ((pushed OR ((client_columns IS NULL) AND (NOT fast_insert))));
alter table private.sync_tables add constraint sync_tables_name_check CHECK ((name ~ '^[a-z_][a-z0-9_]*$'::text));
alter table private.sync_tables add constraint sync_tables_parent_table_fkey FOREIGN KEY (parent_table) REFERENCES private.sync_tables(name);
alter table private.sync_tables add constraint sync_tables_pkey PRIMARY KEY (name);
alter table private.sync_tables add constraint sync_tables_position_key UNIQUE ("position");
