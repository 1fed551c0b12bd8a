/**
 * Projects repository: the only writer of local projects. Each create, update
 * and delete writes the row and its outbox op in one rw transaction (so a
 * closed tab never leaves a row without its op); updates diff `details` into leaf-path patches and coalesce per row.
 * An editor passes the state it started from (`base`): only what differs from
 * it is sent, so a change another device made meanwhile is never sent back.
 */
import { toProjectRecord } from './applyServerRows';
import { toProjectRow, type ProjectRecord } from './db';
import { diffDetails, sameJson } from './detailsPatch';
import { editsSince, valueAt } from './threeWayMerge';
import { storableValue } from '../domain/userText';
import { newId } from './outbox';
import { activeContext, type RepoContext } from './repoContext';
import { changedColumns, syncedTable } from './syncedTable';
import type { DataRole, ProjectDetails, ProjectRow, ProjectStatus } from './types';
import { failure, type Outcome } from '../../shared/outcome';

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

/** A project's stored record: its generated description and index fields derived from the row. */
function projectRecord(row: ProjectRecord): ProjectRecord {
  const details = row.details;
  const description = typeof details.description === 'string' ? details.description : null;
  return toProjectRecord({ ...row, description });
}

/** Builds the projects repository over a context (the app uses `projectsRepo`). */
export function createProjectsRepo(ctx: RepoContext) {
  const projects = syncedTable<ProjectRecord>(ctx, { table: 'projects', toRecord: projectRecord });

  return {
    /**
     * Creates a project locally and queues its insert. Returns the local row
     * (`version` 0 until the server confirms). Product rules "Backend calls": insert with name,
     * details, status, user_id, and owner_user_id or assigned_contractor_id.
     */
    async create(written: CreateProjectInput): Promise<ProjectRow> {
      const input = storableValue(written);
      const me = ctx.getDb().userId;
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
      const record = await projects.create(
        {
          ...columns,
          description: null,
          version: 0,
          created_at: nowIso,
          updated_at: nowIso,
          deleted_at: null,
          txid: '',
          _words: [],
        },
        columns,
      );
      return toProjectRow(record);
    },

    /**
     * Changes name, status and/or details of a live project. A details change
     * is sent as leaf-path patches; repeated calls (autosave) coalesce into one
     * pending op. `failure('not_found')` when missing or deleted.
     * Editors pass `options.base` (see `ProjectUpdateOptions`).
     */
    async update(
      id: string,
      written: ProjectChanges,
      options: ProjectUpdateOptions = {},
    ): Promise<Outcome<ProjectRow, 'not_found'>> {
      // The one text rule (NUL, lone surrogates); enqueueOp refuses a text past its limit.
      const changes = storableValue(written);
      const base = options.base;
      return projects.write(async () => {
        const current = await projects.live(id);
        if (!current) return failure('not_found');
        const columns = changedColumns(
          current,
          { name: changes.name, status: changes.status },
          base && { name: base.name, status: base.status },
        );
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
        const next = await projects.update(current, { columns, details_patch: patch });
        return { ok: true, value: toProjectRow(next) } as const;
      });
    },

    /**
     * Deletes a project: a local tombstone until the server confirms (a project
     * never pushed is simply dropped). `failure('not_found')` when missing.
     */
    async remove(id: string): Promise<Outcome<void, 'not_found'>> {
      return projects.write(async () => {
        const current = await projects.live(id);
        if (!current) return failure('not_found');
        await projects.remove(current);
        return { ok: true, value: undefined } as const;
      });
    },
  };
}

export type ProjectsRepo = ReturnType<typeof createProjectsRepo>;

/** The app's projects repository (active user's database). */
export const projectsRepo: ProjectsRepo = createProjectsRepo(activeContext);
