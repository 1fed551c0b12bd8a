-- A deleted account's token joins no Realtime channel. The join policy on
-- realtime.messages (a signed-in user reads its own topic user:<id>) also
-- requires the account to exist, as the sync writes already do
-- (private.sync_user_exists): an access token outlives a deleted account
-- for up to an hour, and hosted Realtime evaluates the same policy.

alter policy realtime_join_own_topic on realtime.messages
  using (
    realtime.messages.extension = 'broadcast'
    and realtime.topic() = 'user:' || (select auth.uid())::text
    and (select private.sync_user_exists())
  );

grant execute on function private.sync_user_exists() to authenticated;
