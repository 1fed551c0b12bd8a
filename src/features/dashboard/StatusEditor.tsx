import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { projectsRepo } from '../../data/projectsRepo';
import type { ProjectStatus } from '../../data/types';
import { StatusBadge } from '../../ui/StatusBadge';
import { PROJECT_STATUSES } from '../../domain/projectLabels';
import { statusText } from '../../i18n/domainLabels';

/**
 * Contractor's inline status editor (product rules "States and changes"): click the badge, choose Draft,
 * Active, Completed or Archived, and confirm. Any status may move to any other.
 * Failure shows 'Failed to update status'.
 */
export function StatusEditor({
  projectId,
  projectName,
  status,
}: {
  projectId: string;
  projectName: string;
  status: ProjectStatus;
}) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const [choice, setChoice] = useState<ProjectStatus>(status);
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();

  if (!editing) {
    return (
      <button
        type="button"
        className="badge-btn"
        aria-label={t`Status: ${ph({ status: statusText(status) })}. Change status of ${projectName}`}
        onClick={() => {
          setChoice(status);
          setError(null);
          setEditing(true);
        }}
      >
        <StatusBadge status={status} />
      </button>
    );
  }

  async function confirm() {
    const result = await projectsRepo.update(projectId, { status: choice }).catch(() => null);
    if (!result || !result.ok) {
      setError(t`Failed to update status`);
      return;
    }
    setEditing(false);
  }

  return (
    <div className="status-editor">
      <label htmlFor={selectId} className="visually-hidden">
        <Trans>New status for {projectName}</Trans>
      </label>
      <select
        id={selectId}
        value={choice}
        onChange={(e) => setChoice(e.target.value as ProjectStatus)}
      >
        {PROJECT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {statusText(s)}
          </option>
        ))}
      </select>
      <button type="button" className="btn btn-primary btn-sm" onClick={() => void confirm()}>
        <Trans>Confirm</Trans>
      </button>
      <button type="button" className="btn btn-sm" onClick={() => setEditing(false)}>
        <Trans>Cancel</Trans>
      </button>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
