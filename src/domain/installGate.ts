/**
 * When the homeowner may sign a job off: once its install is behind it, the
 * server's rule (private.project_install_done, the sign-off's
 * `signoff.install_not_done`) read on the device so the screen offers the
 * sign-off only then: an install visit of the job marked done by its
 * contractor, or a scheduled one whose last day is over.
 */
/** What the gate reads of a visit row (`visits`; instants as ISO text). */
interface VisitTimes {
  kind: 'measure' | 'install';
  status: string;
  starts_at: string | null;
  ends_at: string | null;
  deleted_at: string | null;
  done_at?: string | null;
}

/** True when `visits` (the job's, on this device) hold an install done or past at `now` (ms). */
export function installDone(
  visits: readonly Omit<VisitTimes, 'starts_at'>[] | undefined,
  now: number,
): boolean {
  return (visits ?? []).some(
    (v) =>
      v.kind === 'install' &&
      !v.deleted_at &&
      v.status === 'scheduled' &&
      (!!v.done_at || (v.ends_at !== null && Date.parse(v.ends_at) <= now)),
  );
}

/** True when an install visit may be marked done at `now` (ms): scheduled, not done, its first day begun. */
export function mayMarkInstallDone(
  v: Omit<VisitTimes, 'ends_at' | 'deleted_at'>,
  now: number,
): boolean {
  return (
    v.kind === 'install' &&
    v.status === 'scheduled' &&
    !v.done_at &&
    v.starts_at !== null &&
    Date.parse(v.starts_at) <= now
  );
}
