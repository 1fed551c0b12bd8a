/**
 * Profile repository: the only writer of the signed-in user's local profile;
 * row and outbox op in one rw transaction. `role`, `organization_id` and
 * `permissions` are never written here (sync-protocol.md). An editor passes
 * the values it started from (`started`): only the fields its user changed are
 * sent, so another device's change is never sent back.
 */
import { storableValue } from '../domain/userText';
import { enqueueOp } from './outbox';
import { activeContext, type RepoContext } from './repoContext';
import type { ProfileRow, Result } from './types';

export type ProfileChanges = Partial<
  Pick<
    ProfileRow,
    'first_name' | 'last_name' | 'email' | 'phone' | 'address' | 'price_list' | 'service_areas' | 'locale'
  >
>;

/** JSON with object keys sorted (Postgres jsonb does not keep key order). */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (typeof v === 'object' && v !== null) {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'undefined';
}

/** Equal column values (the price list is a JSON object: compared by content). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return (
    typeof a === 'object' &&
    typeof b === 'object' &&
    a !== null &&
    b !== null &&
    canonical(a) === canonical(b)
  );
}

/** Builds the profile repository over a context (the app uses `profileRepo`). */
export function createProfileRepo(ctx: RepoContext) {
  return {
    /**
     * Updates the signed-in user's profile fields. When the profile has not
     * been pulled yet, queues an insert of the given fields (the server treats
     * an insert of an existing id as an update; sync-protocol.md).
     * `started`: the values the editor started from (loaded, last merged or last
     * saved); a field equal to its base value is not sent. Without it, every
     * given field that differs from the local row is sent.
     */
    async update(
      written: ProfileChanges,
      started?: ProfileChanges,
    ): Promise<Result<ProfileRow, never>> {
      const changes = storableValue(written);
      const db = ctx.getDb();
      const me = db.userId;
      const nowIso = new Date(ctx.now()).toISOString();
      return db.transaction(
        'rw',
        db.profiles,
        db.outbox,
        db.sync_state,
        db.dead_letters,
        async () => {
          const current = await db.profiles.get(me);
          const columns: Record<string, unknown> = {};
          for (const [k, v] of Object.entries(changes)) {
            if (v === undefined) continue;
            if (current && sameValue((current as unknown as Record<string, unknown>)[k], v))
              continue;
            if (
              current &&
              started &&
              k in started &&
              sameValue(started[k as keyof ProfileChanges], v)
            )
              continue;
            columns[k] = v;
          }
          const base: ProfileRow = current ?? {
            id: me,
            email: null,
            first_name: null,
            last_name: null,
            phone: null,
            address: null,
            role: null,
            organization_id: null,
            permissions: null,
            version: 0,
            created_at: nowIso,
            updated_at: nowIso,
            deleted_at: null,
            txid: '',
          };
          if (Object.keys(columns).length === 0) return { ok: true, value: base } as const;
          const next: ProfileRow = { ...base, ...columns, updated_at: nowIso };
          await db.profiles.put(next);
          await enqueueOp(
            db,
            current
              ? {
                  table: 'profiles',
                  id: me,
                  kind: 'update',
                  base_version: current.version,
                  changes: columns,
                }
              : {
                  table: 'profiles',
                  id: me,
                  kind: 'insert',
                  base_version: null,
                  changes: { id: me, ...columns },
                },
            ctx.now(),
          );
          return { ok: true, value: next } as const;
        },
      );
    },
  };
}

export type ProfileRepo = ReturnType<typeof createProfileRepo>;

/** The app's profile repository (active user's database). */
export const profileRepo: ProfileRepo = createProfileRepo(activeContext);
