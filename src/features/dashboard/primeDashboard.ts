/**
 * The dashboard's first screen, read before the first render of a signed-in
 * cold start (src/hooks/primed.ts): the profile (which decides the role),
 * then the first page of the role's projects with the filters as they are,
 * the status counts and the shared projects, in one wait beside the route's
 * code. The hooks of DashboardPage start from these results, so the cards
 * are in its first render.
 */
import { getActiveDb, subscribeActiveUser } from '../../data/activeUser';
import type { RefacingDb } from '../../data/db';
import { countProjects, queryProjects } from '../../data/projectQueries';
import { readProfile } from '../../hooks/liveQueries';
import { readSharedProjects } from '../../hooks/membershipHooks';
import { countsKey, primeResult, profileKey, projectsKey, sharedKey } from '../../hooks/primed';
import { useAuth } from '../../auth/useAuth';
import { resolveRole, uiRole } from '../../auth/roles';
import { useDashboardFilters } from '../../state/dashboardFilters';

/**
 * Cards shown at first and added by "Show more": a page the tablet renders in
 * one frame, whether the contractor has 5 projects or 5,000
 * (bench/dashboard.bench.ts).
 */
export const PROJECTS_PAGE_SIZE = 50;

/** The open database of the signed-in user, once it is open (the session opens it). */
function whenDatabaseOpen(): Promise<RefacingDb> {
  const open = getActiveDb();
  if (open) return Promise.resolve(open);
  return new Promise((resolve) => {
    const stop = subscribeActiveUser(() => {
      const db = getActiveDb();
      if (!db) return;
      stop();
      resolve(db);
    });
  });
}

/** The dashboard query for `role` with the filters as they are (as ProjectList asks it). */
export function dashboardQuery(role: ReturnType<typeof resolveRole>, shown = PROJECTS_PAGE_SIZE) {
  const { status, search } = useDashboardFilters.getState();
  // One more than shown tells whether there is more to show.
  const limit = shown + 1;
  return uiRole(role) === 'homeowner' ? { role, limit } : { role, status, search, limit };
}

/** Reads the dashboard's first screen into the hooks' starting results. Never throws. */
export async function primeDashboard(): Promise<void> {
  try {
    const db = await whenDatabaseOpen();
    const profile = await readProfile(db);
    primeResult(profileKey(db.userId), profile);
    const role = resolveRole(profile?.role, useAuth.getState().user?.user_metadata?.role);
    const q = dashboardQuery(role);
    const [projects, counts, shared] = await Promise.all([
      queryProjects(db, q),
      countProjects(db, role),
      readSharedProjects(db),
    ]);
    primeResult(projectsKey(db.userId, q), projects);
    primeResult(countsKey(db.userId, role), counts);
    primeResult(sharedKey(db.userId), shared);
  } catch {
    // The hooks read it themselves.
  }
}
