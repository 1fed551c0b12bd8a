/**
 * The dashboard's project cards: the first page of the role's projects (with
 * the filters for contractors), "Show more projects", and the empty, loading
 * and timed-out states. The first screen counts as shown once this list is.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { uiRole, type Role } from '../../auth/roles';
import { markScreenShown } from '../../hooks/sessionActions';
import { Spinner } from '../../ui/Spinner';
import {
  useJobs,
  useProjectCounts,
  useProjects,
  useRowSyncs,
  useSharedProjects,
  useUnreadCounts,
} from '../../hooks';
import { clearPrimed } from '../../hooks/primed';
import { useDashboardFilters } from '../../state/dashboardFilters';
import { LoadErrorAlert } from './LoadErrorBoundary';
import { useLoadTimedOut } from './LoadTimeout';
import { PROJECTS_PAGE_SIZE } from './primeDashboard';
import { ProjectCard } from './ProjectCard';
import type { Dialog } from './dashboardDialog';

/** The cards of `role`'s projects; `onDialog` opens a card's edit or delete dialog, or the create form. */
export function ProjectList({ role, onDialog }: { role: Role; onDialog: (d: Dialog) => void }) {
  const { t } = useLingui();
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
  // The cards' own reads, once for the page shown (not one live query per card).
  const pageIds = (projects ?? []).slice(0, shown).map((p) => p.id);
  const jobs = useJobs(pageIds);
  const syncs = useRowSyncs('projects', pageIds);
  const timedOut = useLoadTimedOut(projects === undefined);
  const listShown = projects !== undefined || timedOut;
  useEffect(() => {
    // The first screen is the heading with the first page of cards (or the empty or timed-out
    // state): only then may supabase-js and the sync's code load and run (src/app/firstScreen.ts).
    if (listShown) markScreenShown();
    // Results read before the first render that miss this list's query (src/hooks/primed.ts) hold
    // the live queries for nothing: drop them, and the list reads for itself.
    else clearPrimed();
  }, [listShown]);

  if (projects === undefined) {
    if (timedOut)
      return (
        <LoadErrorAlert message={t`Loading projects timed out. Please try refreshing the page.`} />
      );
    return <Spinner label={t`Loading projects…`} />;
  }
  if (projects.length === 0) {
    const none = !counts || counts.all === 0;
    // With projects shared below, "No projects found." would contradict them: say it is about the user's own.
    const sharedBelow = none && (shared?.length ?? 0) > 0;
    return (
      <div className="card empty">
        <p>{sharedBelow ? t`You have no projects of your own yet.` : t`No projects found.`}</p>
        {none ? (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => onDialog({ kind: 'create' })}
          >
            <Trans>Create Your First Project</Trans>
          </button>
        ) : null}
      </div>
    );
  }
  const more = projects.length > shown;
  return (
    <>
      {/* The cards' headings are h3: this keeps the outline h1 → h2 → h3 for screen readers. */}
      <h2 className="visually-hidden">
        <Trans>Projects</Trans>
      </h2>
      <div className="projects">
        {projects.slice(0, shown).map((p) => (
          <ProjectCard
            key={p.id}
            project={p}
            variant={variant}
            onEdit={() => onDialog({ kind: 'edit', project: p })}
            onDelete={() => onDialog({ kind: 'delete', project: p })}
            unread={unread?.get(p.id) ?? 0}
            job={jobs?.get(p.id)}
            sync={syncs?.get(p.id)}
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
            <Trans>Show more projects</Trans>
          </button>
        </div>
      ) : null}
    </>
  );
}
