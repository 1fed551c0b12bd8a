import { statusLabel } from '../domain/projectLabels';

/** A project's status as a coloured badge ("Draft", "Active", …): the dashboard cards and the project page. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge status-${status}`}>{statusLabel(status)}</span>;
}
