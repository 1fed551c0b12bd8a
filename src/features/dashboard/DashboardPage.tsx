import { lazy, Suspense, useEffect, useState } from 'react';
import { useDisplayName } from '../../auth/useDisplayName';
import { useCurrentRole } from '../../auth/useCurrentRole';
import { uiRole, type Role } from '../../auth/roles';
import { appSession } from '../../app/session';
import { Spinner } from '../../app/Spinner';
import { ConfirmDialog } from '../../app/ui/ConfirmDialog';
import { projectsRepo, type ProjectRow } from '../../data';
import { useProjectCounts, useProjects, useSharedProjects, useUnreadCounts } from '../../hooks';
import {
  ROLE_LABELS,
  STATUS_FILTERS,
  STATUS_LABELS,
  projectDisplayName,
  type StatusFilter,
} from '../../domain/projectLabels';
import { useDashboardFilters } from '../../state/dashboardFilters';
import { DialogLoadBoundary, LoadErrorAlert, LoadErrorBoundary } from './LoadErrorBoundary';
import { useLoadTimedOut } from './LoadTimeout';
import { PROJECTS_PAGE_SIZE } from './primeDashboard';
import { ProjectCard } from './ProjectCard';
import { pendingInviteToken } from '../../app/pendingInvite';
import { OrganizationLink } from '../../app/ui/OrganizationLink';

/** The form (and zod) loads when a create/edit dialog first opens, keeping the dashboard's first JS small. */
const loadProjectForm = () => import('./ProjectFormModal');
/** Delay before prefetching the form: after the dashboard's first render and data. */
const PREFETCH_DELAY_MS = 1500;
const ProjectFormModal = lazy(async () => ({
  default: (await loadProjectForm()).ProjectFormModal,
}));

/** Product rules "Input checks": the project delete dialog text. */
const DELETE_TEXT = 'Do you really want to delete this project? This process cannot be undone.';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; project: ProjectRow }
  | { kind: 'delete'; project: ProjectRow }
  | null;

function chipLabel(f: StatusFilter): string {
  return f === 'all' ? 'All' : STATUS_LABELS[f];
}

export { PROJECTS_PAGE_SIZE };

function ProjectList({ role, onDialog }: { role: Role; onDialog: (d: Dialog) => void }) {
  const variant = uiRole(role);
  const { status, search } = useDashboardFilters();
  const [page, setPage] = useState({ key: '', shown: PROJECTS_PAGE_SIZE });
  const filterKey = `${role}|${status}|${search}`;
  const shown = page.key === filterKey ? page.shown : PROJECTS_PAGE_SIZE;
  // One more than shown tells whether there is more to show.
  const limit = shown + 1;
  const projects = useProjects(
    variant === 'homeowner' ? { role, limit } : { role, status, search, limit },
  );
  const counts = useProjectCounts(role);
  const shared = useSharedProjects();
  const unread = useUnreadCounts();
  const timedOut = useLoadTimedOut(projects === undefined);
  const listShown = projects !== undefined || timedOut;
  useEffect(() => {
    // The first screen is the heading with the first page of cards (or the empty or timed-out
    // state): only then may supabase-js and the sync's code load and run (src/app/firstScreen.ts).
    if (listShown) appSession.screenShown();
  }, [listShown]);

  if (projects === undefined) {
    if (timedOut)
      return (
        <LoadErrorAlert message="Loading projects timed out. Please try refreshing the page." />
      );
    return <Spinner label="Loading projects…" />;
  }
  if (projects.length === 0) {
    const none = !counts || counts.all === 0;
    // With projects shared below, "No projects found." would contradict them: say it is about the user's own.
    const sharedBelow = none && (shared?.length ?? 0) > 0;
    return (
      <div className="card empty">
        <p>{sharedBelow ? 'You have no projects of your own yet.' : 'No projects found.'}</p>
        {none ? (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => onDialog({ kind: 'create' })}
          >
            Create Your First Project
          </button>
        ) : null}
      </div>
    );
  }
  const more = projects.length > shown;
  return (
    <>
      {/* The cards' headings are h3: this keeps the outline h1 → h2 → h3 for screen readers. */}
      <h2 className="visually-hidden">Projects</h2>
      <div className="projects">
        {projects.slice(0, shown).map((p) => (
          <ProjectCard
            key={p.id}
            project={p}
            variant={variant}
            onEdit={() => onDialog({ kind: 'edit', project: p })}
            onDelete={() => onDialog({ kind: 'delete', project: p })}
            unread={unread?.get(p.id) ?? 0}
          />
        ))}
      </div>
      {more ? (
        <div className="btn-row" style={{ justifyContent: 'center', marginTop: '1rem' }}>
          <button
            type="button"
            className="btn"
            onClick={() => setPage({ key: filterKey, shown: shown + PROJECTS_PAGE_SIZE })}
          >
            Show more projects
          </button>
        </div>
      ) : null}
    </>
  );
}

function Filters({ role }: { role: Role }) {
  const { status, search, setStatus, setSearch } = useDashboardFilters();
  const counts = useProjectCounts(role);
  return (
    <div className="toolbar">
      <div className="chips" role="group" aria-label="Filter by status">
        {STATUS_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            className="chip"
            aria-pressed={status === f}
            onClick={() => setStatus(f)}
          >
            {chipLabel(f)} <span className="count">({counts ? counts[f] : '…'})</span>
          </button>
        ))}
      </div>
      <div className="search">
        <label htmlFor="project-search" className="visually-hidden">
          Search projects
        </label>
        <input
          id="project-search"
          type="search"
          placeholder="Search by name, address, phone, email..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
    </div>
  );
}

const SharedProjects = lazy(async () => ({
  default: (await import('./SharedProjects')).SharedProjects,
}));

/**
 * Projects shared with the user, and the acceptance of an invitation waiting
 * in this browser: loaded only when there is one or the other, so the
 * dashboard's first screen stays light for everyone else.
 */
function SharedSection() {
  const shared = useSharedProjects();
  const [needed, setNeeded] = useState(() => pendingInviteToken() !== null);
  const show = needed || (shared?.length ?? 0) > 0;
  useEffect(() => {
    if (show) setNeeded(true);
  }, [show]);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <SharedProjects />
    </Suspense>
  );
}

/**
 * /dashboard (product rules "Screens and routes"): 'Welcome, {name}', role badge, project cards.
 * Homeowners: Create New Project, no filters. Contractors (any non-homeowner):
 * status chips with counts, search, Add Client Project, inline status editor.
 * Reads come from the local database (works offline).
 */
export function DashboardPage() {
  const role = useCurrentRole();
  const { name } = useDisplayName();
  const [dialog, setDialog] = useState<Dialog>(null);
  const ready = role !== undefined;
  useEffect(() => {
    if (!ready) return undefined;
    // Fetch the form a moment after the dashboard shows (not competing with its
    // first render), so it opens offline too before the service worker controls the page.
    const t = setTimeout(() => void loadProjectForm().catch(() => undefined), PREFETCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [ready]);

  if (role === undefined) return <Spinner label="Loading your dashboard…" />;
  const variant = uiRole(role);

  return (
    <main className="container">
      <div className="page-head">
        <div>
          <h1>Welcome, {name}</h1>
          <span className="badge badge-role">{ROLE_LABELS[role]}</span>
        </div>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => setDialog({ kind: 'create' })}
        >
          {variant === 'homeowner' ? 'Create New Project' : 'Add Client Project'}
        </button>
      </div>
      {role === 'org_admin' ? <OrganizationLink /> : null}
      {variant === 'contractor' ? <Filters role={role} /> : null}
      <LoadErrorBoundary>
        <ProjectList role={role} onDialog={setDialog} />
        <SharedSection />
      </LoadErrorBoundary>

      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
        <DialogLoadBoundary onClose={() => setDialog(null)}>
          <Suspense fallback={null}>
            {dialog.kind === 'create' ? (
              <ProjectFormModal role={role} onClose={() => setDialog(null)} />
            ) : (
              <ProjectFormModal
                role={role}
                project={dialog.project}
                onClose={() => setDialog(null)}
              />
            )}
          </Suspense>
        </DialogLoadBoundary>
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          title={`Delete “${projectDisplayName(dialog.project.name)}”?`}
          message={DELETE_TEXT}
          confirmLabel="Delete"
          danger
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            const result = await projectsRepo.remove(dialog.project.id).catch(() => null);
            return result?.ok ? null : 'Failed to delete project';
          }}
        />
      ) : null}
    </main>
  );
}
