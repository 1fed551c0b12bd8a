/**
 * The contractor dashboard's toolbar: status chips with their counts and the
 * search box (name, address, phone, email).
 */
import type { Role } from '../../auth/roles';
import { useProjectCounts } from '../../hooks';
import { STATUS_FILTERS, STATUS_LABELS, type StatusFilter } from '../../domain/projectLabels';
import { useDashboardFilters } from '../../state/dashboardFilters';

function chipLabel(f: StatusFilter): string {
  return f === 'all' ? 'All' : STATUS_LABELS[f];
}

/** The chips and search of `role`'s projects. */
export function StatusFilters({ role }: { role: Role }) {
  const { status, search, setStatus, setSearch } = useDashboardFilters();
  const counts = useProjectCounts(role);
  return (
    <div className="toolbar">
      <div className="chips" role="group" aria-label="Filter by status">
        {STATUS_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            className="chip"
            aria-pressed={status === f}
            onClick={() => setStatus(f)}
          >
            {chipLabel(f)} <span className="count">({counts ? counts[f] : '…'})</span>
          </button>
        ))}
      </div>
      <div className="search">
        <label htmlFor="project-search" className="visually-hidden">
          Search projects
        </label>
        <input
          id="project-search"
          type="search"
          placeholder="Search by name, address, phone, email..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
    </div>
  );
}
