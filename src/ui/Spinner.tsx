import { useLingui } from '@lingui/react/macro';
/** The loading spinner (product rules "Screens and routes": protected routes show a spinner while auth loads). */
export function Spinner({ label }: { label?: string }) {
  const { t } = useLingui();
  return (
    <div className="spinner-wrap" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t`Loading…`}</span>
    </div>
  );
}
