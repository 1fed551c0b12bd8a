import { msg, ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useProject } from '../../hooks';
import { useDisplayName } from '../../auth/useDisplayName';
import { useCurrentRole } from '../../auth/useCurrentRole';
import { uiRole } from '../../auth/roles';
import { Spinner } from '../../ui/Spinner';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { projectsRepo } from '../../data/projectsRepo';
import { projectNameText, roleText } from '../../i18n/domainLabels';
import { DialogLoadBoundary, LoadErrorBoundary } from './LoadErrorBoundary';
import { PROJECTS_PAGE_SIZE } from './primeDashboard';
import { OrganizationLink } from '../../ui/OrganizationLink';
import { PageHeader } from '../../ui/PageHeader';
import type { Dialog } from './dashboardDialog';
import { ProjectList } from './ProjectList';
import { loadSharedProjects, SharedSection } from './SharedSection';
import { loadOverdueInvoices, OverdueSection } from './OverdueSection';
import { loadCardSyncNote } from './ProjectCard';
import { FEATURE_SHARED, withCatalog } from '../../i18n/i18n';
import { StatusFilters } from './StatusFilters';

/** The form (and zod) loads when a create/edit dialog first opens, keeping the dashboard's first JS small. */
const loadProjectForm = () => withCatalog(FEATURE_SHARED, () => import('./ProjectFormModal'));
/** Delay before prefetching the form: after the dashboard's first render and data. */
const PREFETCH_DELAY_MS = 1500;
const ProjectFormModal = lazy(async () => ({
  default: (await loadProjectForm()).ProjectFormModal,
}));

/** Product rules "Input checks": the project delete dialog text. */
const DELETE_TEXT = msg`Do you really want to delete this project? This process cannot be undone.`;

export { PROJECTS_PAGE_SIZE };

/**
 * /dashboard (product rules "Screens and routes"): 'Welcome, {name}', role badge, project cards.
 * Homeowners: Create New Project, no filters. Contractors (any non-homeowner):
 * status chips with counts, search, Add Client Project, inline status editor.
 * Invoices past due above the cards (OverdueSection).
 * Reads come from the local database (works offline).
 */
export function DashboardPage() {
  const role = useCurrentRole();
  const { name } = useDisplayName();
  const { t, i18n } = useLingui();
  const [dialog, setDialog] = useState<Dialog>(null);
  const ready = role !== undefined;
  useEffect(() => {
    if (!ready) return undefined;
    // Fetch what the dashboard shows on demand a moment after it shows (not competing with its
    // first render): the form, a card's sync note (a change made offline shows it), the overdue
    // invoices and the shared projects, so they show offline too before the service worker
    // controls the page.
    const t = setTimeout(() => {
      for (const load of [
        loadProjectForm,
        loadCardSyncNote,
        loadOverdueInvoices,
        loadSharedProjects,
      ])
        void load().catch(() => undefined);
    }, PREFETCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [ready]);
  // "Fix" of a refused change elsewhere (the project page, the builder) opens the project's edit form here.
  const location = useLocation();
  const navigate = useNavigate();
  const editId = (location.state as { edit?: unknown } | null)?.edit;
  const toEdit = useProject(typeof editId === 'string' ? editId : undefined);
  useEffect(() => {
    if (!toEdit || !ready) return;
    setDialog({ kind: 'edit', project: toEdit });
    void navigate('.', { replace: true, state: null });
  }, [toEdit, ready, navigate]);

  if (role === undefined) return <Spinner label={t`Loading your dashboard…`} />;
  const variant = uiRole(role);

  return (
    <main className="container">
      <PageHeader
        title={t`Welcome, ${name}`}
        badges={<span className="badge badge-role">{roleText(role)}</span>}
        back={false}
        actions={
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => setDialog({ kind: 'create' })}
          >
            {variant === 'homeowner' ? t`Create New Project` : t`Add Client Project`}
          </button>
        }
      />
      {role === 'org_admin' ? <OrganizationLink /> : null}
      {variant === 'contractor' ? <StatusFilters role={role} /> : null}
      <LoadErrorBoundary>
        <OverdueSection />
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
          title={t`Delete “${ph({ name: projectNameText(dialog.project.name) })}”?`}
          message={i18n._(DELETE_TEXT)}
          confirmLabel={t`Delete`}
          danger
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            const result = await projectsRepo.remove(dialog.project.id).catch(() => null);
            return result?.ok ? null : t`Failed to delete project`;
          }}
        />
      ) : null}
    </main>
  );
}
