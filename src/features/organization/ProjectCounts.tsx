/** The organization's projects counted per contractor (Unassigned too) and status, contractors by name. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { ProjectRow, ProjectStatus } from '../../data';
import { PROJECT_STATUSES } from '../../domain/projectLabels';
import { statusText } from '../../i18n/domainLabels';
import type { TeamMember } from './orgApi';
import { UNASSIGNED, who } from './orgNames';

export function ProjectCounts({
  projects,
  contractors,
  byId,
}: {
  projects: ProjectRow[];
  /** The contractor of record by project id (the server's answer on the people rows). */
  contractors: Map<string, string>;
  byId: Map<string, TeamMember>;
}) {
  const { t } = useLingui();
  const counts = useMemo(() => {
    const out = new Map<string, Record<ProjectStatus | 'total', number>>();
    for (const p of projects) {
      const key = contractors.get(p.id) ?? UNASSIGNED;
      const row = out.get(key) ?? { draft: 0, active: 0, completed: 0, archived: 0, total: 0 };
      if (p.status in row) row[p.status] += 1;
      row.total += 1;
      out.set(key, row);
    }
    return out;
  }, [projects, contractors]);
  const name = (k: string): string => who(byId.get(k), k === UNASSIGNED ? null : k);
  const keys = [...counts.keys()].sort((a, b) => name(a).localeCompare(name(b)));

  return (
    <section className="card section-card" aria-labelledby="counts-heading">
      <h2 id="counts-heading">
        <Trans>Projects by contractor</Trans>
      </h2>
      <div style={{ overflowX: 'auto' }}>
        <table
          className="shared-order-table org-counts"
          aria-label={t`Projects per contractor and status`}
        >
          <thead>
            <tr>
              <th scope="col">
                <Trans>Contractor</Trans>
              </th>
              {PROJECT_STATUSES.map((s) => (
                <th key={s} scope="col">
                  {statusText(s)}
                </th>
              ))}
              <th scope="col">
                <Trans>Total</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((k) => (
              <tr key={k}>
                <th scope="row">{name(k)}</th>
                {PROJECT_STATUSES.map((s) => (
                  <td key={s}>{counts.get(k)![s]}</td>
                ))}
                <td>{counts.get(k)!.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
