import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import type { ProjectRow } from '../../data';
import {
  cabinetSummaryText,
  counterpartText,
  noProjectTypeText,
  projectNameText,
  projectTypeText,
} from '../../i18n/domainLabels';
import { StatusBadge } from '../../ui/StatusBadge';
import { UnreadBadge } from '../../ui/UnreadBadge';
import { QuietBoundary } from '../../ui/QuietBoundary';
import { StatusEditor } from './StatusEditor';
import { FEATURE_SHARED, withCatalog } from '../../i18n/i18n';
import type { JobAnswer } from '../../domain/jobRole';
import type { DeadLetter } from '../../data/types';

/** The project's type line: the type, else (contractors) the scopes. */
/** Loaded only while the card has something to say about the server (see CardSyncNote). */
export const loadCardSyncNote = () =>
  withCatalog(FEATURE_SHARED, () => import('../rowSync/CardSyncNote'));
const CardSyncNote = lazy(loadCardSyncNote);

function typeLine(project: ProjectRow): string {
  const d = project.details ?? {};
  if (typeof d.projectType === 'string' && d.projectType) return projectTypeText(d.projectType);
  if (Array.isArray(d.projectScopes) && d.projectScopes.length)
    return d.projectScopes.map((s) => projectTypeText(String(s))).join(', ');
  return noProjectTypeText();
}

/**
 * A dashboard card (product rules "Screens and routes"): name (fallback 'Untitled Project'), project type,
 * cabinet summary; contractors also see address, email and the inline status
 * editor; unread messages as a count by the name; the other side of the job
 * by name ("Homeowner: …" for the contractor, "Contractor: …" for the
 * homeowner), from the server's answer of who is who. Every action is that
 * answer's (`may`): the status editor (on the contractor's side) for whom
 * may change the status, Edit for whom may change the job (so an
 * organization admin, who may change only the status, gets the status
 * control alone), Cabinets (opens the builder) while the measurements are
 * the user's, and Delete only for whom may delete the job. Under them the card says where the project
 * stands with the server when it is not all there: a change refused (with
 * the field and why, Fix / Discard) or waiting on this device. `job` and `sync` are read for
 * the whole page of cards at once by the list (useJobs, useRowSyncs): a card opens no live
 * query of its own, so a search that shows fifty new cards reads the database twice, not a
 * hundred times.
 */
export function ProjectCard({
  project,
  variant,
  onEdit,
  onDelete,
  unread = 0,
  job,
  sync,
}: {
  project: ProjectRow;
  variant: 'homeowner' | 'contractor';
  onEdit: () => void;
  onDelete: () => void;
  /** Unread messages on the project. */
  unread?: number;
  /** Who is who on the job (useJobs); undefined until read. */
  job: JobAnswer | undefined;
  /** Where the project stands with the server (useRowSyncs); undefined until read. */
  sync: { refused: readonly DeadLetter[]; waiting: boolean } | undefined;
}) {
  const { t } = useLingui();
  const name = projectNameText(project.name);
  const d = project.details ?? {};
  const headingId = `project-${project.id}`;
  const other = job ? counterpartText(job) : null;
  // Every action is the server's answer (the person's `may` on the job's people row); until the
  // answer is read (the first frame of a cold start), what the dashboard offers its account role.
  const may = job?.me?.may;
  const mayEdit = may ? may.edit : true;
  const mayStatus = variant === 'contractor' && (may ? may.edit_status : true);
  const mayMeasure = may ? may.edit_measurements : true;
  return (
    <article className="card project-card" aria-labelledby={headingId}>
      <div className="card-top">
        <h3 id={headingId}>
          <Link to={`/project/${project.id}`}>{name}</Link> <UnreadBadge count={unread} />
        </h3>
        {mayStatus ? (
          <StatusEditor projectId={project.id} projectName={name} status={project.status} />
        ) : (
          <StatusBadge status={project.status} />
        )}
      </div>
      <p className="meta">{typeLine(project)}</p>
      {variant === 'contractor' ? (
        <>
          {d.address ? <p className="meta">{String(d.address)}</p> : null}
          {d.email ? <p className="meta">{String(d.email)}</p> : null}
          {d.phone ? <p className="meta">{String(d.phone)}</p> : null}
        </>
      ) : null}
      {other ? (
        <p className="meta">
          {other.label}: {other.person.name}
        </p>
      ) : null}
      <p className="meta">{cabinetSummaryText(d.cabinetData)}</p>
      {sync && (sync.refused.length > 0 || sync.waiting) ? (
        <QuietBoundary>
          <Suspense fallback={null}>
            <CardSyncNote projectId={project.id} onEdit={onEdit} />
          </Suspense>
        </QuietBoundary>
      ) : null}
      <div className="actions">
        {mayEdit ? (
          <button
            type="button"
            className="btn btn-sm"
            onClick={onEdit}
            aria-label={t`Edit ${name}`}
          >
            <Trans>Edit</Trans>
          </button>
        ) : null}
        {mayMeasure ? (
          <Link
            to={`/cabinet-builder/${project.id}`}
            className="btn btn-sm btn-primary"
            aria-label={t`Cabinets for ${name}`}
          >
            <Trans>Cabinets</Trans>
          </Link>
        ) : null}
        {may?.delete ? (
          <button
            type="button"
            className="btn btn-sm btn-danger-outline"
            onClick={onDelete}
            aria-label={t`Delete ${name}`}
          >
            <Trans>Delete</Trans>
          </button>
        ) : null}
      </div>
    </article>
  );
}
