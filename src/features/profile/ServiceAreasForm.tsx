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
  const uid = useId();
  const [text, setText] = useState(() => formatServiceAreas(stored));
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  async function save(e: FormEvent) {
    e.preventDefault();
    setNote(null);
    const parsed = parseServiceAreas(text);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    await profileRepo.update({ service_areas: parsed.areas });
    setText(parsed.areas.join(', '));
    setNote(
      parsed.areas.length === 0
        ? 'Service areas cleared. No quote requests will show until you add one.'
        : `Service areas saved (${parsed.areas.length}).`,
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
        label="ZIP codes and prefixes you serve"
        hint="5-digit ZIP codes or 3-digit prefixes, separated by commas, e.g. 62701, 627"
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
          Save service areas
        </button>
      </div>
    </form>
  );
}
