-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
-- realtime.messages is the platform's: only what the migrations add to it.
create policy realtime_join_own_topic on realtime.messages as permissive for select to authenticated
  using (((extension = 'broadcast'::text) AND (realtime.topic() = ('user:'::text || (( SELECT auth.uid() AS uid))::text)) AND ( SELECT private.sync_user_exists() AS sync_user_exists)));
