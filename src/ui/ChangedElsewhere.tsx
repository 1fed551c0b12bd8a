/**
 * The notice under a field that the user changed and another device changed
 * too, before this editor saved: "Changed on another device to …", both
 * values, and the choice. The editor keeps the user's value until they pick
 * (Keep mine) or take the other device's (Take theirs). Used by the builder,
 * the project form and the profile.
 */
import { msg, ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { i18n } from '../i18n/i18n';

/** Words for a value shown in the notice ("(empty)" for nothing). */
export function shownValue(value: string): string {
  return value.trim() === '' ? i18n._(msg`(empty)`) : value;
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
  const { t } = useLingui();
  return (
    <div
      className="changed-elsewhere"
      role="group"
      aria-label={t`${label} changed on another device`}
    >
      <p className="changed-elsewhere-text" role="status">
        {showLabel ? <span className="changed-elsewhere-label">{label}: </span> : null}
        <Trans>
          Changed on another device to <strong>{ph({ theirs: shownValue(theirs) })}</strong>
        </Trans>
        <span className="changed-elsewhere-mine">
          {' '}
          <Trans>
            Yours: <strong>{ph({ mine: shownValue(mine) })}</strong>
          </Trans>
        </span>
      </p>
      <div className="btn-row">
        <button type="button" className="btn btn-sm" onClick={onKeepMine}>
          <Trans>Keep mine</Trans>
        </button>
        <button type="button" className="btn btn-sm" onClick={onTakeTheirs}>
          <Trans>Take theirs</Trans>
        </button>
      </div>
    </div>
  );
}
