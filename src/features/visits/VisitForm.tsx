import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { visitsRepo, type VisitKind } from '../../data';
import { slotsProblem, VISIT_MESSAGE_LIMIT } from '../../domain/visitRules';
import { textLength } from '../../domain/userText';
import { SlotFields, draftTimes, EMPTY_SLOT, type SlotDraft } from './SlotFields';
import { errorText } from '../../remote/errorCodes';
import { failure } from '../../../shared/outcome';

/** A person who may go on an install (the contractor, and his team for the organization's admin). */
export interface CrewChoice {
  id: string;
  name: string;
}

/**
 * "Propose a measure visit" (kind measure: times the homeowner picks one
 * of, and a message) or "Schedule the install" (kind install: the days of
 * work and who of the team goes). Written on the device and sent by the
 * outbox; each field refuses what the server would (a time in the past, an
 * end before the start, more than 10 times, a message over 2,000
 * characters).
 */
export function VisitForm({
  projectId,
  kind,
  crewChoices,
  defaultCrew,
  onDone,
}: {
  projectId: string;
  kind: VisitKind;
  /** Who may be put on the crew (install only). */
  crewChoices?: readonly CrewChoice[];
  defaultCrew?: readonly string[];
  onDone: () => void;
}) {
  const { t } = useLingui();
  const [now] = useState(() => new Date());
  const [slots, setSlots] = useState<SlotDraft[]>([EMPTY_SLOT]);
  const [message, setMessage] = useState('');
  const [crew, setCrew] = useState<string[]>([...(defaultCrew ?? [])]);
  const [showErrors, setShowErrors] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tooLong = textLength(message) > VISIT_MESSAGE_LIMIT;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setShowErrors(true);
    const times = slots.map(draftTimes);
    const problem = slotsProblem(times, Date.now());
    if (problem || tooLong) {
      setError(errorText(failure(problem?.code ?? 'visit.message_too_long')));
      return;
    }
    setBusy(true);
    try {
      const res = await visitsRepo.create({ projectId, kind, slots: times, message, crew });
      if (!res.ok) setError(errorText(res));
      else onDone();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="visit-form" onSubmit={(e) => void submit(e)} noValidate>
      <SlotFields
        slots={slots}
        onChange={setSlots}
        nowMs={now.getTime()}
        showErrors={showErrors}
        addLabel={kind === 'measure' ? t`Add a time` : t`Add a day`}
      />
      {kind === 'install' && crewChoices && crewChoices.length > 0 ? (
        <fieldset className="visit-crew">
          <legend>
            <Trans>Who goes</Trans>
          </legend>
          {crewChoices.map((c) => (
            <label key={c.id} className="checkbox">
              <input
                type="checkbox"
                checked={crew.includes(c.id)}
                onChange={(e) =>
                  setCrew(e.target.checked ? [...crew, c.id] : crew.filter((x) => x !== c.id))
                }
              />
              {c.name}
            </label>
          ))}
        </fieldset>
      ) : null}
      <label className="visit-message">
        {kind === 'measure' ? (
          <Trans>Message to the homeowner</Trans>
        ) : (
          <Trans>Note for the homeowner</Trans>
        )}
        <textarea
          value={message}
          rows={3}
          aria-invalid={tooLong ? true : undefined}
          onChange={(e) => setMessage(e.target.value)}
        />
      </label>
      {tooLong ? (
        <p className="field-error" role="alert">
          {errorText(failure('visit.message_too_long'))}
        </p>
      ) : null}
      {error && !tooLong ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="btn-row">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {kind === 'measure' ? <Trans>Send the proposal</Trans> : <Trans>Schedule</Trans>}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
