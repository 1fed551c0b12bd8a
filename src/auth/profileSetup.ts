/**
 * The profile upsert attempted on SIGNED_IN (product rules "States and changes", "Backend calls"): creates the
 * `profiles` row from the account metadata when it does not exist yet. It
 * never overwrites an existing row (ignore-duplicates), since after sign up
 * the role and permissions belong to the server (docs/sync-protocol.md) and
 * the user's edits go through `profileRepo` and sync.
 */
import type { User } from '@supabase/supabase-js';
import { supabase } from './supabase';
import { permissionsFor, resolveRole } from './roles';
import { syncStatus } from '../../sync/status';

export type ProfileSetupResult = { ok: true } | { ok: false; error: string };

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * Upserts `{ id, email, first_name, last_name, role, organization_id,
 * permissions, phone, address, created_at, updated_at }` for the user (product rules "Backend calls")
 * unless a row exists. Offline it does nothing and reports ok (it is attempted
 * again on the next sign in). Errors come back as `{ ok: false, error: message }`.
 */
export async function ensureProfile(user: User): Promise<ProfileSetupResult> {
  if (syncStatus.get().connection === 'offline') return { ok: true };
  const meta = (user.user_metadata ?? {}) as Record<string, unknown>;
  const role = resolveRole(undefined, meta.role);
  const now = new Date().toISOString();
  const { error } = await supabase.from('profiles').upsert(
    {
      id: user.id,
      email: user.email ?? null,
      first_name: text(meta.first_name),
      last_name: text(meta.last_name),
      role,
      organization_id: null,
      permissions: permissionsFor(role),
      phone: null,
      address: null,
      created_at: now,
      updated_at: now,
    },
    { onConflict: 'id', ignoreDuplicates: true },
  );
  if (error) {
    console.warn('Profile setup failed', error);
    return { ok: false, error: error.message };
  }
  return { ok: true };
}
