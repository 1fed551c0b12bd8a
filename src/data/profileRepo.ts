/**
 * Profile repository: the only writer of the signed-in user's local profile;
 * row and outbox op in one rw transaction. `role`, `organization_id` and
 * `permissions` are never written here (sync-protocol.md). An editor passes
 * the values it started from (`started`): only the fields its user changed are
 * sent, so another device's change is never sent back.
 */
import { storableValue } from '../domain/userText';
import { activeContext, type RepoContext } from './repoContext';
import { changedColumns, syncedTable } from './syncedTable';
import type { ProfileRow } from './types';
import { type Outcome } from '../../shared/outcome';

export type ProfileChanges = Partial<
  Pick<
    ProfileRow,
    | 'first_name'
    | 'last_name'
    | 'email'
    | 'phone'
    | 'address'
    | 'price_list'
    | 'service_areas'
    | 'locale'
  >
>;

/** Builds the profile repository over a context (the app uses `profileRepo`). */
export function createProfileRepo(ctx: RepoContext) {
  const profiles = syncedTable<ProfileRow>(ctx, { table: 'profiles' });

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
    ): Promise<Outcome<ProfileRow, never>> {
      const changes = storableValue(written);
      const db = ctx.getDb();
      const me = db.userId;
      const nowIso = new Date(ctx.now()).toISOString();
      return profiles.write(async () => {
        const current = await db.profiles.get(me);
        const columns = changedColumns(current, changes, started);
        if (current) {
          if (Object.keys(columns).length === 0) return { ok: true, value: current } as const;
          return { ok: true, value: await profiles.update(current, { columns }) } as const;
        }
        const fresh: ProfileRow = {
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
        if (Object.keys(columns).length === 0) return { ok: true, value: fresh } as const;
        const row = await profiles.create({ ...fresh, ...columns }, { id: me, ...columns });
        return { ok: true, value: row } as const;
      });
    },
  };
}

export type ProfileRepo = ReturnType<typeof createProfileRepo>;

/** The app's profile repository (active user's database). */
export const profileRepo: ProfileRepo = createProfileRepo(activeContext);
