-- Pull for one user among many: composite indexes that serve both the RLS
-- predicate (owner_user_id / assigned_contractor_id = auth.uid()) and the
-- pull order (txid, id), so a first pull of a user's rows does not walk the
-- whole (txid, id) index on a large hosted table. They replace the
-- single-column indexes (same count of indexes to maintain per write).

create index if not exists projects_owner_txid_id_idx on public.projects (owner_user_id, txid, id)
  where owner_user_id is not null;
create index if not exists projects_contractor_txid_id_idx on public.projects (assigned_contractor_id, txid, id)
  where assigned_contractor_id is not null;
drop index if exists public.projects_owner_user_id_idx;
drop index if exists public.projects_assigned_contractor_id_idx;
