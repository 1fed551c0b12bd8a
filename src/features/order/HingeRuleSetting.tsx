import { useId, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { domainText } from '../../i18n/domainTexts';
import {
  DEFAULT_HINGE_HEIGHT_LIMITS,
  hingeLimitsError,
  type HingeRule,
} from '../../domain/hingeSummary';
import { parseInches } from '../../domain/fractions';

/**
 * The job's hinge rule: "2 per door" (the default) or "By door height" with
 * the three height limits editable. Valid changes are saved at once through
 * `onSave` (a local write, offline too); a limit that cannot be used shows a
 * message and is not saved, so the order never uses a half-typed value.
 */
export function HingeRuleSetting({
  rule,
  onSave,
}: {
  rule: HingeRule | undefined;
  onSave: (rule: HingeRule) => Promise<string | null>;
}) {
  const id = useId();
  const { t } = useLingui();
  const storedMode = rule?.mode ?? 'perDoor';
  const stored = rule?.mode === 'byHeight' ? rule.upTo : DEFAULT_HINGE_HEIGHT_LIMITS;
  // The choice shows at once; the stored rule (also changed by sync) wins when it changes.
  const [mode, setMode] = useState<HingeRule['mode']>(storedMode);
  const [seenMode, setSeenMode] = useState(storedMode);
  if (seenMode !== storedMode) {
    setSeenMode(storedMode);
    setMode(storedMode);
  }
  const byHeight = mode === 'byHeight';
  const [draft, setDraft] = useState<string[]>(() => stored.map(String));
  const [error, setError] = useState<string | null>(null);
  // Each edit's number: a save that finishes after a newer edit must not replace that edit's message.
  const edit = useRef(0);

  async function save(next: HingeRule) {
    const mine = ++edit.current;
    const failure = await onSave(next);
    if (mine === edit.current) setError(failure);
  }

  function chooseMode(next: HingeRule['mode']) {
    edit.current += 1;
    setError(null);
    setMode(next);
    if (next === 'perDoor') void save({ mode: 'perDoor' });
    else {
      const limits = draft.map((d) => parseInches(d) ?? Number.NaN);
      const ok = hingeLimitsError(limits) === null;
      if (!ok) setDraft(DEFAULT_HINGE_HEIGHT_LIMITS.map(String));
      void save({
        mode: 'byHeight',
        upTo: (ok ? limits : DEFAULT_HINGE_HEIGHT_LIMITS) as [number, number, number],
      });
    }
  }

  function editLimit(i: number, text: string) {
    const next = draft.map((d, j) => (j === i ? text : d));
    setDraft(next);
    const limits = next.map((d) => parseInches(d) ?? Number.NaN);
    const problem = hingeLimitsError(limits);
    edit.current += 1;
    setError(problem);
    if (!problem) void save({ mode: 'byHeight', upTo: limits as [number, number, number] });
  }

  return (
    <fieldset className="ord-hinge-rule card">
      <legend>
        <Trans>Hinges per door</Trans>
      </legend>
      <div className="ord-rule-modes" role="radiogroup" aria-label={t`Hinges per door`}>
        <label>
          <input
            type="radio"
            name={`${id}-mode`}
            checked={!byHeight}
            onChange={() => chooseMode('perDoor')}
          />{' '}
          <Trans>2 per door</Trans>
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-mode`}
            checked={byHeight}
            onChange={() => chooseMode('byHeight')}
          />{' '}
          <Trans>By door height</Trans>
        </label>
      </div>
      {byHeight ? (
        <div className="ord-rule-limits">
          {[2, 3, 4].map((n, i) => (
            <label key={n} className="ord-rule-limit">
              <span>
                <Trans>{n} hinges up to</Trans>
              </span>
              <input
                type="text"
                inputMode="decimal"
                aria-label={t`${n} hinges up to (inches)`}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-err` : undefined}
                value={draft[i] ?? ''}
                onChange={(e) => editLimit(i, e.target.value)}
              />
              <span aria-hidden="true">″</span>
            </label>
          ))}
          <span className="ord-rule-limit muted">
            <Trans>5 above</Trans>
          </span>
        </div>
      ) : (
        <p className="muted ord-rule-note">
          <Trans>Every door gets 2 hinges, whatever its height.</Trans>
        </p>
      )}
      {error ? (
        <p id={`${id}-err`} className="field-error" role="alert">
          {domainText(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
