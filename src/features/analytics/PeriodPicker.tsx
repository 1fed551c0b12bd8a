import { format, startOfMonth, startOfYear, subMonths } from 'date-fns';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';

/** A period of whole days, YYYY-MM-DD, both ends included. */
export interface Period {
  from: string;
  to: string;
}

const ymd = (d: Date) => format(d, 'yyyy-MM-dd');

/** The quick choices, from `today`. */
export function presetPeriods(today: Date): { label: string; period: Period }[] {
  const to = ymd(today);
  return [
    { label: t`Last 3 months`, period: { from: ymd(startOfMonth(subMonths(today, 2))), to } },
    { label: t`Last 12 months`, period: { from: ymd(startOfMonth(subMonths(today, 11))), to } },
    { label: t`This year`, period: { from: ymd(startOfYear(today)), to } },
  ];
}

/** The period's problem in the server's words, or null. */
export function periodError(p: Period): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(p.from) || !/^\d{4}-\d{2}-\d{2}$/.test(p.to))
    return t`Choose a start and an end date`;
  if (p.from > p.to) return t`Choose a period whose start is on or before its end`;
  const days = (Date.parse(p.to) - Date.parse(p.from)) / 86_400_000;
  if (days > 3660) return t`Choose a period of at most 10 years`;
  return null;
}

/**
 * The period picker: quick choices and the two dates. A bad period is shown
 * on the fields and kept as typed; the page loads only a good one.
 */
export function PeriodPicker({
  value,
  onChange,
  today,
}: {
  value: Period;
  onChange: (p: Period) => void;
  today: Date;
}) {
  const error = periodError(value);
  return (
    <fieldset className="an-period">
      <legend>
        <Trans>Period</Trans>
      </legend>
      <div className="btn-row">
        {presetPeriods(today).map((p) => (
          <button
            key={p.label}
            type="button"
            className="btn btn-sm"
            aria-pressed={p.period.from === value.from && p.period.to === value.to}
            onClick={() => onChange(p.period)}
          >
            {p.label}
          </button>
        ))}
      </div>
      <div className="an-dates">
        <div className="field">
          <label htmlFor="an-from">
            <Trans>From</Trans>
          </label>
          <input
            id="an-from"
            type="date"
            value={value.from}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'an-period-err' : undefined}
            onChange={(e) => onChange({ ...value, from: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="an-to">
            <Trans>To</Trans>
          </label>
          <input
            id="an-to"
            type="date"
            value={value.to}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'an-period-err' : undefined}
            onChange={(e) => onChange({ ...value, to: e.target.value })}
          />
        </div>
      </div>
      {error ? (
        <p className="field-error" id="an-period-err">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
