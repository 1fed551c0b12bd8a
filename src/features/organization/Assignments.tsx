/**
 * The organization's projects, filtered by contractor and status, each
 * assignable (or reassignable) to a contractor of the team. Who is each
 * job's contractor is the server's answer on its people rows. Assigning needs
 * the network; the list comes from the device.
 */
import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ProjectRow, ProjectStatus } from '../../data';
import { PROJECT_STATUSES } from '../../domain/projectLabels';
import { projectNameText, statusText } from '../../i18n/domainLabels';
import { StatusBadge } from '../../ui/StatusBadge';
import { assignProject, type TeamMember } from './orgApi';
import { UNASSIGNED, who, type Notice } from './orgNames';
import { errorText } from '../../remote/rpc';

export function Assignments({
  projects,
  contractors,
  team,
  byId,
  onNotice,
}: {
  projects: ProjectRow[];
  /** The contractor of record by project id (the server's answer on the people rows). */
  contractors: Map<string, string>;
  team: TeamMember[];
  byId: Map<string, TeamMember>;
  onNotice: (notice: Notice) => void;
}) {
  const { t } = useLingui();
  const [contractor, setContractor] = useState('all');
  const [status, setStatus] = useState<ProjectStatus | 'all'>('all');
  const [choice, setChoice] = useState<Record<string, string>>({});

  const shown = projects.filter(
    (p) =>
      (contractor === 'all' || (contractors.get(p.id) ?? UNASSIGNED) === contractor) &&
      (status === 'all' || p.status === status),
  );

  async function assign(p: ProjectRow) {
    const to = choice[p.id];
    if (!to) return;
    const r = await assignProject(p.id, to);
    const project = projectNameText(p.name);
    const contractorName = who(byId.get(to), to);
    onNotice(
      r.ok
        ? { kind: 'success', text: t`${project} assigned to ${contractorName}` }
        : { kind: 'error', text: errorText(r) },
    );
  }

  return (
    <section className="card section-card" aria-labelledby="org-projects-heading">
      <h2 id="org-projects-heading">
        <Trans>Projects</Trans>
      </h2>
      <div className="invite-form">
        <div className="field">
          <label htmlFor="org-filter-contractor">
            <Trans>Contractor</Trans>
          </label>
          <select
            id="org-filter-contractor"
            value={contractor}
            onChange={(e) => setContractor(e.target.value)}
          >
            <option value="all">{t`All contractors`}</option>
            {team.map((m) => (
              <option key={m.id} value={m.id}>
                {who(m, m.id)}
              </option>
            ))}
            <option value={UNASSIGNED}>{t`Unassigned`}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="org-filter-status">
            <Trans>Status</Trans>
          </label>
          <select
            id="org-filter-status"
            value={status}
            onChange={(e) => setStatus(e.target.value as ProjectStatus | 'all')}
          >
            <option value="all">{t`All statuses`}</option>
            {PROJECT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusText(s)}
              </option>
            ))}
          </select>
        </div>
        <p className="muted">
          <Trans>{ph({ count: shown.length })} shown</Trans>
        </p>
      </div>
      {shown.length === 0 ? (
        <p className="muted">
          <Trans>No projects found.</Trans>
        </p>
      ) : (
        <ul className="members" aria-label={t`Organization projects`}>
          {shown.map((p) => (
            <li key={p.id} className="member">
              <span className="member-who">
                <Link to={`/project/${p.id}`}>{projectNameText(p.name)}</Link>
                <br />
                <span className="muted">
                  {who(byId.get(contractors.get(p.id) ?? ''), contractors.get(p.id) ?? null)}
                </span>
              </span>
              <StatusBadge status={p.status} />
              <span className="btn-row">
                <label className="visually-hidden" htmlFor={`assign-${p.id}`}>
                  <Trans>Assign {ph({ name: projectNameText(p.name) })} to</Trans>
                </label>
                <select
                  id={`assign-${p.id}`}
                  value={choice[p.id] ?? ''}
                  onChange={(e) => setChoice({ ...choice, [p.id]: e.target.value })}
                >
                  <option value="">{t`Assign to…`}</option>
                  {team
                    .filter((m) => m.id !== contractors.get(p.id))
                    .map((m) => (
                      <option key={m.id} value={m.id}>
                        {who(m, m.id)}
                      </option>
                    ))}
                </select>
                <button
                  type="button"
                  className="btn btn-sm btn-primary"
                  disabled={!choice[p.id]}
                  onClick={() => void assign(p)}
                >
                  <Trans>Assign</Trans>
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
