/**
 * The project page's details: status, type, scopes, budget, description and
 * the created and updated times.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { ProjectRow } from '../../data';
import { budgetText, projectTypeText, statusText } from '../../i18n/domainLabels';
import { formatDateTime } from '../../i18n/format';

function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : formatDateTime(d);
}

function str(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

/** The details card of `project`. */
export function ProjectDetailsCard({ project }: { project: ProjectRow }) {
  const { t } = useLingui();
  const details = project.details ?? {};
  const description = project.description ?? str(details.description);
  const type = str(details.projectType);
  const scopes = Array.isArray(details.projectScopes)
    ? details.projectScopes.filter((s): s is string => typeof s === 'string')
    : [];
  const budget = str(details.budget);
  const budgetShown =
    budget === 'custom' ? str(details.customBudget) || budgetText('custom') : budgetText(budget);
  return (
    <section className="card section-card" aria-labelledby="details-heading">
      <h2 id="details-heading">
        <Trans>Details</Trans>
      </h2>
      <dl className="dl">
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd>{statusText(project.status)}</dd>
        {type ? (
          <>
            <dt>
              <Trans>Type</Trans>
            </dt>
            <dd>{projectTypeText(type)}</dd>
          </>
        ) : null}
        {scopes.length > 0 ? (
          <>
            <dt>
              <Trans>Scopes</Trans>
            </dt>
            <dd>{scopes.map((s) => projectTypeText(s)).join(', ')}</dd>
          </>
        ) : null}
        {budgetShown ? (
          <>
            <dt>
              <Trans>Budget</Trans>
            </dt>
            <dd>{budgetShown}</dd>
          </>
        ) : null}
        <dt>
          <Trans>Description</Trans>
        </dt>
        <dd>{description || <span className="muted">{t`No description`}</span>}</dd>
        <dt>
          <Trans>Created</Trans>
        </dt>
        <dd>{when(project.created_at)}</dd>
        <dt>
          <Trans>Updated</Trans>
        </dt>
        <dd>{when(project.updated_at)}</dd>
      </dl>
    </section>
  );
}
