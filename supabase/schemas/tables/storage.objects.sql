-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
-- storage.objects is the platform's: only what the migrations add to it.
create policy project_files_objects_delete on storage.objects as permissive for delete to authenticated
  using (((bucket_id = 'project-files'::text) AND private.can_write_project_path(name) AND private.can_read_project_object(name, owner)));
create policy project_files_objects_insert on storage.objects as permissive for insert to authenticated
  with check (((bucket_id = 'project-files'::text) AND private.can_write_project_path(name)));
create policy project_files_objects_select on storage.objects as permissive for select to authenticated
  using (((bucket_id = 'project-files'::text) AND private.can_read_project_object(name, owner)));
create policy project_files_objects_update on storage.objects as permissive for update to authenticated
  using (((bucket_id = 'project-files'::text) AND private.can_write_project_path(name) AND private.can_read_project_object(name, owner)))
  with check (((bucket_id = 'project-files'::text) AND private.can_write_project_path(name)));
create policy quote_request_photos_select on storage.objects as permissive for select to authenticated
  using (((bucket_id = 'project-files'::text) AND private.can_read_request_photo(name)));
