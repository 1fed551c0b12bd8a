import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { profileRepo } from '../../data';
import { TextField } from '../../ui/FormFields';
import { formatServiceAreas, parseServiceAreas } from '../../domain/serviceAreas';

/**
 * The contractor's service areas: the ZIP codes and 3-digit ZIP prefixes it
 * serves, saved on the profile (synced like the price list, so it works
 * offline). Quote requests whose ZIP is in one of them show on the "Quote
 * requests" page. A typo is refused on the field with the text kept.
 */
export function ServiceAreasForm({ stored }: { stored: unknown }) {
  const { t } = useLingui();
  const uid = useId();
  const [text, setText] = useState(() => formatServiceAreas(stored));
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  async function save(e: FormEvent) {
    e.preventDefault();
    setNote(null);
    const parsed = parseServiceAreas(text);
    if (!parsed.ok) {
      const { problem } = parsed;
      if (problem.kind === 'notZip') {
        const value = problem.value;
        setError(t`“${value}” is not a 5-digit ZIP code or a 3-digit ZIP prefix`);
      } else {
        const max = problem.max;
        setError(t`List at most ${max} ZIP codes and prefixes`);
      }
      return;
    }
    setError(null);
    await profileRepo.update({ service_areas: parsed.areas });
    setText(parsed.areas.join(', '));
    const count = parsed.areas.length;
    setNote(
      count === 0
        ? t`Service areas cleared. No quote requests will show until you add one.`
        : t`Service areas saved (${count}).`,
    );
  }

  return (
    <form onSubmit={(e) => void save(e)} noValidate>
      {note ? (
        <div className="alert alert-success" role="status">
          {note}
        </div>
      ) : null}
      <TextField
        id={`${uid}-areas`}
        label={t`ZIP codes and prefixes you serve`}
        hint={t`5-digit ZIP codes or 3-digit prefixes, separated by commas, e.g. 62701, 627`}
        placeholder="62701, 627"
        value={text}
        error={error}
        onChange={(v) => {
          setText(v);
          setNote(null);
        }}
      />
      <div className="btn-row" style={{ justifyContent: 'flex-end' }}>
        <button type="submit" className="btn btn-primary">
          <Trans>Save service areas</Trans>
        </button>
      </div>
    </form>
  );
}
