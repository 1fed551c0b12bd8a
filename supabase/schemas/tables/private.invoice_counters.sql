-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
create table private.invoice_counters (
  owner_id uuid not null,
  last_number integer default 0 not null
);
alter table private.invoice_counters add constraint invoice_counters_pkey PRIMARY KEY (owner_id);
