-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
create table private.door_order_mail_tries (
  id uuid default gen_random_uuid() not null,
  order_id uuid not null,
  tried_by uuid,
  tried_at timestamp with time zone default now() not null
);
alter table private.door_order_mail_tries add constraint door_order_mail_tries_order_id_fkey FOREIGN KEY (order_id) REFERENCES public.door_orders(id) ON DELETE CASCADE;
alter table private.door_order_mail_tries add constraint door_order_mail_tries_pkey PRIMARY KEY (id);
alter table private.door_order_mail_tries add constraint door_order_mail_tries_tried_by_fkey FOREIGN KEY (tried_by) REFERENCES auth.users(id) ON DELETE CASCADE;
CREATE INDEX door_order_mail_tries_by_idx ON private.door_order_mail_tries USING btree (tried_by, tried_at);
CREATE INDEX door_order_mail_tries_order_idx ON private.door_order_mail_tries USING btree (order_id, tried_at);
alter table private.door_order_mail_tries enable row level security;
