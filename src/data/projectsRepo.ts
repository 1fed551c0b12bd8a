/**
 * Projects repository: the only writer of local projects. Each create, update
 * and delete writes the row and its outbox op in one rw transaction (so a
 * closed tab never leaves a row without its op); updates diff `details` into leaf-path patches and coalesce per row.
 * An editor passes the state it started from (`base`): only what differs from
 * it is sent, so a change another device made meanwhile is never sent back.
 */
import { applyOpToRow, toProjectRecord } from './applyServerRows';
import { toProjectRow, type ProjectRecord } from './db';
import { diffDetails, sameJson } from './detailsPatch';
import { editsSince, valueAt } from './threeWayMerge';
import { storableValue } from '../domain/userText';
import { enqueueOp, newId } from './outbox';
import { activeContext, type RepoContext } from './repoContext';
import type {
  DataRole,
  OutboxEntry,
  ProjectDetails,
  ProjectRow,
  ProjectStatus,
  Result,
} from './types';

export interface CreateProjectInput {
  name: string;
  status: ProjectStatus;
  details: ProjectDetails;
  /** homeowner → owner_user_id = me; contractor/org_admin → assigned_contractor_id = me (product rules "Backend calls"). */
  role: DataRole;
}

export type ProjectChanges = Partial<Pick<ProjectRow, 'name' | 'status' | 'details'>>;

/** How `update` reads `changes`. */
export interface ProjectUpdateOptions {
  /**
   * The values the editor started from (loaded, last merged or last saved),
   * same shape as `changes`. A column is sent only when `changes` differs from
   * it, and `details` as the leaf paths where `changes.details` differs from
   * `base.details` (threeWayMerge.ts `editsSince`), applied on top of the row
   * as it is now. Without it, `changes` are values to set and are diffed
   * against the current row (right for a one-field setter such as the status
   * menu, wrong for a form that may be older than the row).
   */
  base?: ProjectChanges;
}

/** Builds the projects repository over a context (the app uses `projectsRepo`). */
export function createProjectsRepo(ctx: RepoContext) {
  return {
    /**
     * Creates a project locally and queues its insert. Returns the local row
     * (`version` 0 until the server confirms). Product rules "Backend calls": insert with name,
     * details, status, user_id, and owner_user_id or assigned_contractor_id.
     */
    async create(written: CreateProjectInput): Promise<ProjectRow> {
      const input = storableValue(written);
      const db = ctx.getDb();
      const me = db.userId;
      const nowIso = new Date(ctx.now()).toISOString();
      const columns = {
        id: newId(),
        name: input.name,
        status: input.status,
        details: input.details ?? {},
        user_id: me,
        owner_user_id: input.role === 'homeowner' ? me : null,
        assigned_contractor_id: input.role === 'homeowner' ? null : me,
      };
      const record = toProjectRecord({
        ...columns,
        description:
          typeof columns.details.description === 'string' ? columns.details.description : null,
        version: 0,
        created_at: nowIso,
        updated_at: nowIso,
        deleted_at: null,
        txid: '',
      });
      await db.transaction(
        'rw',
        db.projects,
        db.outbox,
        db.sync_state,
        db.dead_letters,
        async () => {
          await db.projects.add(record);
          await enqueueOp(
            db,
            {
              table: 'projects',
              id: columns.id,
              kind: 'insert',
              base_version: null,
              changes: columns,
            },
            ctx.now(),
          );
        },
      );
      return toProjectRow(record);
    },

    /**
     * Changes name, status and/or details of a live project. A details change
     * is sent as leaf-path patches; repeated calls (autosave) coalesce into one
     * pending op. `{ ok: false, error: 'not_found' }` when missing or deleted.
     * Editors pass `options.base` (see `ProjectUpdateOptions`).
     */
    async update(
      id: string,
      written: ProjectChanges,
      options: ProjectUpdateOptions = {},
    ): Promise<Result<ProjectRow, 'not_found'>> {
      // The one text rule (NUL, lone surrogates); enqueueOp refuses a text past its limit.
      const changes = storableValue(written);
      const base = options.base;
      const db = ctx.getDb();
      return db.transaction(
        'rw',
        db.projects,
        db.outbox,
        db.sync_state,
        db.dead_letters,
        async () => {
          const current = await db.projects.get(id);
          if (!current || current.deleted_at) return { ok: false, error: 'not_found' } as const;
          const columns: Record<string, unknown> = {};
          for (const key of ['name', 'status'] as const) {
            const value = changes[key];
            if (value === undefined || value === current[key]) continue;
            if (base && base[key] !== undefined && base[key] === value) continue;
            columns[key] = value;
          }
          const patch =
            changes.details === undefined
              ? []
              : base?.details !== undefined
                ? // What the user changed, less what the row already holds (nothing to send there).
                  editsSince(base.details, changes.details).filter(
                    (e) => !sameJson(valueAt(current.details, e.path), e.value),
                  )
                : diffDetails(current.details, changes.details);
          if (Object.keys(columns).length === 0 && patch.length === 0)
            return { ok: true, value: toProjectRow(current) } as const;
          const nowIso = new Date(ctx.now()).toISOString();
          const op = {
            table: 'projects' as const,
            id,
            kind: 'update' as const,
            base_version: current.version,
            changes: columns,
            ...(patch.length ? { details_patch: patch } : {}),
          };
          let next = applyOpToRow(
            current as unknown as Record<string, unknown>,
            op as OutboxEntry,
            nowIso,
          );
          next.updated_at = nowIso;
          const details = next.details as ProjectDetails;
          next.description = typeof details.description === 'string' ? details.description : null;
          next = toProjectRecord(next) as unknown as Record<string, unknown>;
          await db.projects.put(next as unknown as ProjectRecord);
          await enqueueOp(db, op, ctx.now());
          return { ok: true, value: toProjectRow(next as unknown as ProjectRecord) } as const;
        },
      );
    },

    /**
     * Deletes a project: a local tombstone until the server confirms (a project
     * never pushed is simply dropped). `{ ok: false, error: 'not_found' }` when missing.
     */
    async remove(id: string): Promise<Result<void, 'not_found'>> {
      const db = ctx.getDb();
      return db.transaction(
        'rw',
        db.projects,
        db.outbox,
        db.sync_state,
        db.dead_letters,
        async () => {
          const current = await db.projects.get(id);
          if (!current || current.deleted_at) return { ok: false, error: 'not_found' } as const;
          const outcome = await enqueueOp(
            db,
            { table: 'projects', id, kind: 'delete', base_version: current.version, changes: {} },
            ctx.now(),
          );
          if (outcome === 'cancelled') await db.projects.delete(id);
          else
            await db.projects.put(
              toProjectRecord({ ...current, deleted_at: new Date(ctx.now()).toISOString() }),
            );
          return { ok: true, value: undefined } as const;
        },
      );
    },
  };
}

export type ProjectsRepo = ReturnType<typeof createProjectsRepo>;

/** The app's projects repository (active user's database). */
export const projectsRepo: ProjectsRepo = createProjectsRepo(activeContext);
