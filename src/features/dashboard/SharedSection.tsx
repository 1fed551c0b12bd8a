/**
 * Projects shared with the user, and the acceptance of an invitation waiting
 * in this browser, on the dashboard.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSharedProjects } from '../../hooks';
import { pendingInviteToken } from '../../remote/pendingInvite';
import { FEATURE_SHARED, withCatalog } from '../../i18n/i18n';

/** The section's code and texts (prefetched by the dashboard once it shows). */
export const loadSharedProjects = () =>
  withCatalog(FEATURE_SHARED, () => import('./SharedProjects'));
const SharedProjects = lazy(async () => ({
  default: (await loadSharedProjects()).SharedProjects,
}));

/**
 * Projects shared with the user, and the acceptance of an invitation waiting
 * in this browser: loaded only when there is one or the other, so the
 * dashboard's first screen stays light for everyone else.
 */
export function SharedSection() {
  const shared = useSharedProjects();
  const [needed, setNeeded] = useState(() => pendingInviteToken() !== null);
  const show = needed || (shared?.length ?? 0) > 0;
  useEffect(() => {
    if (show) setNeeded(true);
  }, [show]);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <SharedProjects />
    </Suspense>
  );
}
