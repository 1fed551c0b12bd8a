import { useId, useState, type FormEvent } from 'react';
import { ChangedElsewhere } from '../../app/ui/ChangedElsewhere';
import { profileRepo } from '../../data';
import { useMergedForm } from '../../hooks/useMergedForm';
import {
  DEFAULT_MIN_DOOR_SQFT,
  DEFAULT_MIN_DRAWER_FRONT_SQFT,
  priceListSchema,
  readPriceList,
  type PriceList,
} from '../../domain/pricing';

type Key =
  | 'currency'
  | 'doorPerSqFt'
  | 'drawerFrontPerSqFt'
  | 'minDoorSqFt'
  | 'minDrawerFrontSqFt'
  | 'perHinge';

const FIELDS: { key: Key; label: string; unit: string }[] = [
  { key: 'doorPerSqFt', label: 'Doors, price per sq ft', unit: 'per sq ft' },
  { key: 'drawerFrontPerSqFt', label: 'Drawer fronts, price per sq ft', unit: 'per sq ft' },
  { key: 'minDoorSqFt', label: 'Minimum billed per door', unit: 'sq ft' },
  { key: 'minDrawerFrontSqFt', label: 'Minimum billed per drawer front', unit: 'sq ft' },
  { key: 'perHinge', label: 'Price per hinge (with boring)', unit: 'each' },
];

function toText(list: PriceList | null): Record<Key, string> {
  return {
    currency: list?.currency ?? 'USD',
    doorPerSqFt: list ? String(list.doorPerSqFt) : '',
    drawerFrontPerSqFt: list ? String(list.drawerFrontPerSqFt) : '',
    minDoorSqFt: String(list?.minDoorSqFt ?? DEFAULT_MIN_DOOR_SQFT),
    minDrawerFrontSqFt: String(list?.minDrawerFrontSqFt ?? DEFAULT_MIN_DRAWER_FRONT_SQFT),
    perHinge: list ? String(list.perHinge) : '',
  };
}

function toNumber(text: string): number | undefined | string {
  const t = text.trim().replace(/^\$/, '');
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : t;
}

/**
 * The contractor's price list (optional): prices per square foot for doors
 * and drawer fronts, the minimum billed area per piece, the price per hinge.
 * Saved on the profile (synced like the rest of it); the door order then
 * shows each line's area and price and a total. Remove → no prices anywhere.
 * The form follows the stored list like the profile form: a price changed on
 * another device reaches the fields the user has not changed, and a save
 * writes the list as shown (the user's fields plus the other device's).
 */
export function PriceListForm({ stored }: { stored: unknown }) {
  const uid = useId();
  const current = readPriceList(stored);
  const form = useMergedForm<Record<Key, string>>(toText(current));
  const text = form.values;
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [note, setNote] = useState<string | null>(null);

  async function save(e: FormEvent) {
    e.preventDefault();
    setNote(null);
    const input = {
      currency: text.currency.trim().toUpperCase() || undefined,
      doorPerSqFt: toNumber(text.doorPerSqFt),
      drawerFrontPerSqFt: toNumber(text.drawerFrontPerSqFt),
      minDoorSqFt: toNumber(text.minDoorSqFt),
      minDrawerFrontSqFt: toNumber(text.minDrawerFrontSqFt),
      perHinge: toNumber(text.perHinge),
    };
    const parsed = priceListSchema.safeParse(input);
    if (!parsed.success) {
      const next: Partial<Record<Key, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Key;
        if (!next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const sent = text;
    const result = await profileRepo.update({ price_list: parsed.data });
    if (result.ok) form.saved(toText(readPriceList(result.value.price_list)), sent);
    setNote('Prices saved. Door orders now show areas, prices and a total.');
  }

  async function remove() {
    await profileRepo.update({ price_list: null });
    form.reset(toText(null));
    setErrors({});
    setNote('Price list removed. Door orders show no prices.');
  }

  function changedElsewhere(key: Key, label: string) {
    const conflict = form.conflicts[key];
    if (!conflict) return null;
    return (
      <ChangedElsewhere
        label={label}
        theirs={conflict.theirs}
        mine={text[key]}
        onKeepMine={() => form.resolve(key, 'mine')}
        onTakeTheirs={() => form.resolve(key, 'theirs')}
      />
    );
  }

  const id = (k: string) => `${uid}-${k}`;
  return (
    <form onSubmit={(e) => void save(e)} noValidate>
      {note ? (
        <div className="alert alert-success" role="status">
          {note}
        </div>
      ) : null}
      <div className="form-grid">
        {FIELDS.map((f) => (
          <div className="field" key={f.key}>
            <label htmlFor={id(f.key)}>{f.label}</label>
            <input
              id={id(f.key)}
              type="text"
              inputMode="decimal"
              value={text[f.key]}
              aria-invalid={errors[f.key] ? true : undefined}
              aria-describedby={errors[f.key] ? id(`${f.key}-err`) : undefined}
              onChange={(e) => form.set(f.key, e.target.value)}
            />
            {changedElsewhere(f.key, f.label)}
            {errors[f.key] ? (
              <p className="field-error" id={id(`${f.key}-err`)}>
                {errors[f.key]}
              </p>
            ) : null}
          </div>
        ))}
        <div className="field">
          <label htmlFor={id('currency')}>Currency</label>
          <input
            id={id('currency')}
            type="text"
            maxLength={3}
            autoCapitalize="characters"
            value={text.currency}
            aria-invalid={errors.currency ? true : undefined}
            aria-describedby={errors.currency ? id('currency-err') : undefined}
            onChange={(e) => form.set('currency', e.target.value)}
          />
          {changedElsewhere('currency', 'Currency')}
          {errors.currency ? (
            <p className="field-error" id={id('currency-err')}>
              {errors.currency}
            </p>
          ) : null}
        </div>
      </div>
      <div className="btn-row" style={{ justifyContent: 'flex-end' }}>
        {current ? (
          <button type="button" className="btn" onClick={() => void remove()}>
            Remove price list
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary">
          Save prices
        </button>
      </div>
    </form>
  );
}
