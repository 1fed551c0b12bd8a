import { useLingui, Trans } from '@lingui/react/macro';
import { format, parse } from 'date-fns';
import { MAX_VISIT_SLOTS, slotProblem, type SlotTimes } from '../../domain/visitRules';
import { errorText } from '../../remote/errorCodes';
import { failure } from '../../../shared/outcome';

/** One slot as the form holds it: a local calendar day and two local times (the viewer's zone). */
export interface SlotDraft {
  day: string;
  from: string;
  to: string;
}

/**
 * An empty slot: the person planning picks the day and both times (a time
 * filled in for them would be sent unread as often as it is changed).
 */
export const EMPTY_SLOT: SlotDraft = { day: '', from: '', to: '' };

/** A new slot draft: `daysAhead` days from `now`, 9:00 to 10:00 local time. */
export function newSlotDraft(
  now: Date,
  daysAhead: number,
  from = '09:00',
  to = '10:00',
): SlotDraft {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + daysAhead);
  return { day: format(day, 'yyyy-MM-dd'), from, to };
}

/** The draft as instants, read in the viewer's time zone; NaN where a part is missing. */
export function draftTimes(d: SlotDraft): SlotTimes {
  const at = (time: string) =>
    d.day && time ? parse(`${d.day} ${time}`, 'yyyy-MM-dd HH:mm', new Date()).getTime() : NaN;
  return { startsAt: at(d.from), endsAt: at(d.to) };
}

/**
 * The date-and-time rows of a visit: each refused on its own row with the
 * server's rule (in the past, end before start, over a day), "Add a time"
 * up to 10, and "Remove" while more than one is left.
 */
export function SlotFields({
  slots,
  onChange,
  nowMs,
  showErrors,
  addLabel,
}: {
  slots: SlotDraft[];
  onChange: (next: SlotDraft[]) => void;
  nowMs: number;
  showErrors: boolean;
  addLabel: string;
}) {
  const { t } = useLingui();
  const set = (i: number, patch: Partial<SlotDraft>) =>
    onChange(slots.map((s, k) => (k === i ? { ...s, ...patch } : s)));
  return (
    <div className="visit-slots">
      {slots.map((s, i) => {
        const problem = showErrors ? slotProblem(draftTimes(s), nowMs) : null;
        const errorId = `visit-slot-error-${i}`;
        const number = i + 1;
        return (
          <fieldset key={i} className="visit-slot" aria-describedby={problem ? errorId : undefined}>
            <legend>{t`Time ${number}`}</legend>
            <label>
              <Trans>Date</Trans>
              <input
                type="date"
                value={s.day}
                aria-invalid={problem ? true : undefined}
                onChange={(e) => set(i, { day: e.target.value })}
              />
            </label>
            <label>
              <Trans>From</Trans>
              <input
                type="time"
                value={s.from}
                onChange={(e) => set(i, { from: e.target.value })}
              />
            </label>
            <label>
              <Trans>To</Trans>
              <input type="time" value={s.to} onChange={(e) => set(i, { to: e.target.value })} />
            </label>
            {slots.length > 1 ? (
              <button
                type="button"
                className="btn btn-small"
                onClick={() => onChange(slots.filter((_, k) => k !== i))}
              >
                <Trans>Remove</Trans>
              </button>
            ) : null}
            {problem ? (
              <p id={errorId} className="field-error" role="alert">
                {errorText(failure(problem))}
              </p>
            ) : null}
          </fieldset>
        );
      })}
      {slots.length < MAX_VISIT_SLOTS ? (
        <button
          type="button"
          className="btn"
          onClick={() => {
            // A further time copies the last one's hours on the day after, once
            // the last one has a day; before that it starts empty too.
            const last = slots[slots.length - 1];
            const base = last?.day ? parse(last.day, 'yyyy-MM-dd', new Date()) : null;
            onChange([
              ...slots,
              base && !Number.isNaN(base.getTime())
                ? newSlotDraft(base, 1, last?.from, last?.to)
                : EMPTY_SLOT,
            ]);
          }}
        >
          {addLabel}
        </button>
      ) : null}
    </div>
  );
}
