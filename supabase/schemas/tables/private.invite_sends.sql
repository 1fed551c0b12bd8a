-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
create table private.invite_sends (
  id bigint generated always as identity not null,
  inviter uuid not null,
  email text not null,
  sent_at timestamp with time zone default now() not null
);
alter table private.invite_sends add constraint invite_sends_pkey PRIMARY KEY (id);
CREATE INDEX invite_sends_email_idx ON private.invite_sends USING btree (email, sent_at);
CREATE INDEX invite_sends_inviter_idx ON private.invite_sends USING btree (inviter, sent_at);
CREATE INDEX invite_sends_pair_idx ON private.invite_sends USING btree (inviter, email, sent_at);
alter table private.invite_sends enable row level security;
