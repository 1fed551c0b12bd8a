/**
 * The notice under a field that the user changed and another device changed
 * too, before this editor saved: "Changed on another device to …", both
 * values, and the choice. The editor keeps the user's value until they pick
 * (Keep mine) or take the other device's (Take theirs). Used by the builder,
 * the project form and the profile.
 */

/** Words for a value shown in the notice ("(empty)" for nothing). */
export function shownValue(value: string): string {
  return value.trim() === '' ? '(empty)' : value;
}

export function ChangedElsewhere({
  label,
  theirs,
  mine,
  onKeepMine,
  onTakeTheirs,
  showLabel = false,
}: {
  /** The field's name, for the group's accessible name ("Phone changed on another device"). */
  label: string;
  /** The other device's value, in words. */
  theirs: string;
  /** This editor's value, in words. */
  mine: string;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  /** Shown before the text where the notice does not sit under its field (the builder's list). */
  showLabel?: boolean;
}) {
  return (
    <div
      className="changed-elsewhere"
      role="group"
      aria-label={`${label} changed on another device`}
    >
      <p className="changed-elsewhere-text" role="status">
        {showLabel ? <span className="changed-elsewhere-label">{label}: </span> : null}
        Changed on another device to <strong>{shownValue(theirs)}</strong>
        <span className="changed-elsewhere-mine">
          {' '}
          Yours: <strong>{shownValue(mine)}</strong>
        </span>
      </p>
      <div className="btn-row">
        <button type="button" className="btn btn-sm" onClick={onKeepMine}>
          Keep mine
        </button>
        <button type="button" className="btn btn-sm" onClick={onTakeTheirs}>
          Take theirs
        </button>
      </div>
    </div>
  );
}
