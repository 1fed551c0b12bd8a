/**
 * The contractor dashboard's toolbar: status chips with their counts and the
 * search box (name, address, phone, email).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { Role } from '../../auth/roles';
import { useProjectCounts } from '../../hooks';
import { STATUS_FILTERS } from '../../domain/projectLabels';
import { statusText } from '../../i18n/domainLabels';
import { useDashboardFilters } from '../../state/dashboardFilters';

/** The chips and search of `role`'s projects. */
export function StatusFilters({ role }: { role: Role }) {
  const { status, search, setStatus, setSearch } = useDashboardFilters();
  const counts = useProjectCounts(role);
  const { t } = useLingui();
  return (
    <div className="toolbar">
      <div className="chips" role="group" aria-label={t`Filter by status`}>
        {STATUS_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            className="chip"
            aria-pressed={status === f}
            onClick={() => setStatus(f)}
          >
            {statusText(f)} <span className="count">({counts ? counts[f] : '…'})</span>
          </button>
        ))}
      </div>
      <div className="search">
        <label htmlFor="project-search" className="visually-hidden">
          <Trans>Search projects</Trans>
        </label>
        <input
          id="project-search"
          type="search"
          placeholder={t`Search by name, address, phone, email...`}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
    </div>
  );
}
