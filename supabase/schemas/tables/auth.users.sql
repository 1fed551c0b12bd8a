-- Written by npm run schema:dump from supabase/migrations: do not edit (add a migration).
-- auth.users is the platform's: only what the migrations add to it.
CREATE TRIGGER on_auth_user_created AFTER INSERT ON auth.users FOR EACH ROW EXECUTE FUNCTION private.handle_new_user();
CREATE TRIGGER on_auth_user_email_people AFTER UPDATE OF email ON auth.users FOR EACH ROW WHEN (((old.email)::text IS DISTINCT FROM (new.email)::text)) EXECUTE FUNCTION private.users_people();
