/**
 * The project page's details: status, type, scopes, budget, description and
 * the created and updated times.
 */
import { format } from 'date-fns';
import type { ProjectRow } from '../../data';
import {
  BUDGET_LABELS,
  projectTypeLabel,
  statusLabel,
  type Budget,
} from '../../domain/projectLabels';

function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : format(d, 'PPpp');
}

function str(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

/** The details card of `project`. */
export function ProjectDetailsCard({ project }: { project: ProjectRow }) {
  const details = project.details ?? {};
  const description = project.description ?? str(details.description);
  const type = str(details.projectType);
  const scopes = Array.isArray(details.projectScopes)
    ? details.projectScopes.filter((s): s is string => typeof s === 'string')
    : [];
  const budget = str(details.budget);
  const budgetText =
    budget === 'custom'
      ? str(details.customBudget) || 'Custom'
      : (BUDGET_LABELS[budget as Budget] ?? budget);
  return (
    <section className="card section-card" aria-labelledby="details-heading">
      <h2 id="details-heading">Details</h2>
      <dl className="dl">
        <dt>Status</dt>
        <dd>{statusLabel(project.status)}</dd>
        {type ? (
          <>
            <dt>Type</dt>
            <dd>{projectTypeLabel(type)}</dd>
          </>
        ) : null}
        {scopes.length > 0 ? (
          <>
            <dt>Scopes</dt>
            <dd>{scopes.map((s) => projectTypeLabel(s)).join(', ')}</dd>
          </>
        ) : null}
        {budgetText ? (
          <>
            <dt>Budget</dt>
            <dd>{budgetText}</dd>
          </>
        ) : null}
        <dt>Description</dt>
        <dd>{description || <span className="muted">No description</span>}</dd>
        <dt>Created</dt>
        <dd>{when(project.created_at)}</dd>
        <dt>Updated</dt>
        <dd>{when(project.updated_at)}</dd>
      </dl>
    </section>
  );
}
