/**
 * The organization's projects, filtered by contractor and status, each
 * assignable (or reassignable) to a contractor of the team. Who is each
 * job's contractor is the server's answer on its people rows. Assigning needs
 * the network; the list comes from the device.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ProjectRow, ProjectStatus } from '../../data';
import { PROJECT_STATUSES, STATUS_LABELS, projectDisplayName } from '../../domain/projectLabels';
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
    onNotice(
      r.ok
        ? { kind: 'success', text: `${p.name || 'Project'} assigned to ${who(byId.get(to), to)}` }
        : { kind: 'error', text: errorText(r) },
    );
  }

  return (
    <section className="card section-card" aria-labelledby="org-projects-heading">
      <h2 id="org-projects-heading">Projects</h2>
      <div className="invite-form">
        <div className="field">
          <label htmlFor="org-filter-contractor">Contractor</label>
          <select
            id="org-filter-contractor"
            value={contractor}
            onChange={(e) => setContractor(e.target.value)}
          >
            <option value="all">All contractors</option>
            {team.map((m) => (
              <option key={m.id} value={m.id}>
                {who(m, m.id)}
              </option>
            ))}
            <option value={UNASSIGNED}>Unassigned</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="org-filter-status">Status</label>
          <select
            id="org-filter-status"
            value={status}
            onChange={(e) => setStatus(e.target.value as ProjectStatus | 'all')}
          >
            <option value="all">All statuses</option>
            {PROJECT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <p className="muted">{shown.length} shown</p>
      </div>
      {shown.length === 0 ? (
        <p className="muted">No projects found.</p>
      ) : (
        <ul className="members" aria-label="Organization projects">
          {shown.map((p) => (
            <li key={p.id} className="member">
              <span className="member-who">
                <Link to={`/project/${p.id}`}>{projectDisplayName(p.name)}</Link>
                <br />
                <span className="muted">
                  {who(byId.get(contractors.get(p.id) ?? ''), contractors.get(p.id) ?? null)}
                </span>
              </span>
              <StatusBadge status={p.status} />
              <span className="btn-row">
                <label className="visually-hidden" htmlFor={`assign-${p.id}`}>
                  Assign {p.name} to
                </label>
                <select
                  id={`assign-${p.id}`}
                  value={choice[p.id] ?? ''}
                  onChange={(e) => setChoice({ ...choice, [p.id]: e.target.value })}
                >
                  <option value="">Assign to…</option>
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
                  Assign
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
