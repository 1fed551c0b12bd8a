import { statusText } from '../i18n/domainLabels';

/** A project's status as a coloured badge ("Draft", "Active", …): the dashboard cards and the project page. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge status-${status}`}>{statusText(status)}</span>;
}
