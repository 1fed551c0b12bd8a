import { msg, ph } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { domainText } from '../../i18n/domainTexts';
import { useId, useState, type FormEvent } from 'react';
import { ChangedElsewhere } from '../../ui/ChangedElsewhere';
import { formatFraction, parseInches } from '../../domain/fractions';
import { profileRepo } from '../../data';
import { useMergedForm } from '../../hooks/useMergedForm';
import {
  centsToDollarsText,
  DEFAULT_DEPOSIT_CAP_CENTS,
  DEFAULT_DEPOSIT_CAP_PERCENT,
  dollarsTextToCents,
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
  | 'perHinge'
  | 'company'
  | 'depositCapPercent'
  | 'depositCapDollars';

/** One hinge part number row as typed: the size (tape fraction or decimal) and the part number. */
interface HingePartText {
  size: string;
  partNumber: string;
}

const FIELDS: { key: Key; label: MessageDescriptor }[] = [
  { key: 'doorPerSqFt', label: msg`Doors, price per sq ft` },
  { key: 'drawerFrontPerSqFt', label: msg`Drawer fronts, price per sq ft` },
  { key: 'minDoorSqFt', label: msg`Minimum billed per door` },
  { key: 'minDrawerFrontSqFt', label: msg`Minimum billed per drawer front` },
  { key: 'perHinge', label: msg`Price per hinge (with boring)` },
];

function toText(list: PriceList | null): Record<Key, string> {
  return {
    currency: list?.currency ?? 'USD',
    doorPerSqFt: list?.doorPerSqFt !== undefined ? String(list.doorPerSqFt) : '',
    drawerFrontPerSqFt:
      list?.drawerFrontPerSqFt !== undefined ? String(list.drawerFrontPerSqFt) : '',
    minDoorSqFt: String(list?.minDoorSqFt ?? DEFAULT_MIN_DOOR_SQFT),
    minDrawerFrontSqFt: String(list?.minDrawerFrontSqFt ?? DEFAULT_MIN_DRAWER_FRONT_SQFT),
    perHinge: list ? String(list.perHinge) : '',
    company: list?.company ?? '',
    depositCapPercent: String(list?.depositCapPercent ?? DEFAULT_DEPOSIT_CAP_PERCENT),
    depositCapDollars: centsToDollarsText(list?.depositCapCents ?? DEFAULT_DEPOSIT_CAP_CENTS),
  };
}

/** The deposit cap's two fields (the amount typed in dollars, kept as `depositCapCents`). */
const CAP_FIELDS: { key: Key; label: MessageDescriptor }[] = [
  { key: 'depositCapPercent', label: msg`Percent of the contract` },
  { key: 'depositCapDollars', label: msg`Amount ($)` },
];

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
  const [parts, setParts] = useState<HingePartText[]>(() =>
    (current?.hingeParts ?? []).map((h) => ({
      size: formatFraction(h.size),
      partNumber: h.partNumber,
    })),
  );
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [partErrors, setPartErrors] = useState<Record<number, string>>({});
  const { t, i18n } = useLingui();
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
      company: text.company,
      depositCapPercent: toNumber(text.depositCapPercent.replace(/%\s*$/, '')),
      depositCapCents: dollarsTextToCents(text.depositCapDollars),
      hingeParts: parts
        .filter((p) => p.size.trim() !== '' || p.partNumber.trim() !== '')
        .map((p) => ({ size: parseInches(p.size), partNumber: p.partNumber })),
    };
    const parsed = priceListSchema.safeParse(input);
    if (!parsed.success) {
      const next: Partial<Record<Key, string>> = {};
      const nextParts: Record<number, string> = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'hingeParts' && typeof issue.path[1] === 'number') {
          nextParts[issue.path[1]] ??= issue.message;
          continue;
        }
        const key = (
          issue.path[0] === 'depositCapCents' ? 'depositCapDollars' : issue.path[0]
        ) as Key;
        if (!next[key]) next[key] = issue.message;
      }
      setErrors(next);
      setPartErrors(nextParts);
      return;
    }
    setErrors({});
    setPartErrors({});
    const sent = text;
    const result = await profileRepo.update({ price_list: parsed.data });
    if (result.ok) form.saved(toText(readPriceList(result.value.price_list)), sent);
    setNote(t`Prices saved. Door orders now show areas, prices and a total.`);
  }

  async function remove() {
    await profileRepo.update({ price_list: null });
    form.reset(toText(null));
    setErrors({});
    setNote(t`Price list removed. Door orders show no prices.`);
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
            <label htmlFor={id(f.key)}>{i18n._(f.label)}</label>
            <input
              id={id(f.key)}
              type="text"
              inputMode="decimal"
              value={text[f.key]}
              aria-invalid={errors[f.key] ? true : undefined}
              aria-describedby={errors[f.key] ? id(`${f.key}-err`) : undefined}
              onChange={(e) => form.set(f.key, e.target.value)}
            />
            {changedElsewhere(f.key, i18n._(f.label))}
            {errors[f.key] ? (
              <p className="field-error" id={id(`${f.key}-err`)}>
                {domainText(errors[f.key] ?? null)}
              </p>
            ) : null}
          </div>
        ))}
        <div className="field">
          <label htmlFor={id('currency')}>
            <Trans>Currency</Trans>
          </label>
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
          {changedElsewhere('currency', t`Currency`)}
          {errors.currency ? (
            <p className="field-error" id={id('currency-err')}>
              {domainText(errors.currency)}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={id('company')}>
            <Trans>Company (on door orders)</Trans>
          </label>
          <input
            id={id('company')}
            type="text"
            autoComplete="organization"
            value={text.company}
            aria-invalid={errors.company ? true : undefined}
            aria-describedby={errors.company ? id('company-err') : undefined}
            onChange={(e) => form.set('company', e.target.value)}
          />
          {errors.company ? (
            <p className="field-error" id={id('company-err')}>
              {domainText(errors.company)}
            </p>
          ) : null}
          {changedElsewhere('company', t`Company (on door orders)`)}
        </div>
      </div>
      <fieldset className="price-deposit-cap" style={{ margin: '1rem 0' }}>
        <legend>
          <Trans>Deposit cap</Trans>
        </legend>
        <p className="muted">
          <Trans>
            The payment schedule warns when a deposit is over the lesser of the two. California
            limits it to 10 % or $1,000.
          </Trans>
        </p>
        <div className="form-grid">
          {CAP_FIELDS.map((f) => (
            <div className="field" key={f.key}>
              <label htmlFor={id(f.key)}>{i18n._(f.label)}</label>
              <input
                id={id(f.key)}
                type="text"
                inputMode="decimal"
                value={text[f.key]}
                aria-invalid={errors[f.key] ? true : undefined}
                aria-describedby={errors[f.key] ? id(`${f.key}-err`) : undefined}
                onChange={(e) => form.set(f.key, e.target.value)}
              />
              {changedElsewhere(f.key, i18n._(f.label))}
              {errors[f.key] ? (
                <p className="field-error" id={id(`${f.key}-err`)}>
                  {domainText(errors[f.key] ?? null)}
                </p>
              ) : null}
            </div>
          ))}
        </div>
      </fieldset>
      <fieldset className="price-hinge-parts">
        <legend>
          <Trans>Hinge part numbers (optional, on the order&apos;s hinge table)</Trans>
        </legend>
        {parts.map((p, i) => (
          <div className="form-grid" key={i}>
            <div className="field">
              <label htmlFor={id(`hs-${i}`)}>
                <Trans>Hinge size (overlay)</Trans>
              </label>
              <input
                id={id(`hs-${i}`)}
                type="text"
                inputMode="decimal"
                placeholder="1 7/16"
                value={p.size}
                aria-invalid={partErrors[i] ? true : undefined}
                aria-describedby={partErrors[i] ? id(`hp-err-${i}`) : undefined}
                onChange={(e) =>
                  setParts((all) =>
                    all.map((x, j) => (j === i ? { ...x, size: e.target.value } : x)),
                  )
                }
              />
            </div>
            <div className="field">
              <label htmlFor={id(`hp-${i}`)}>
                <Trans>Part number</Trans>
              </label>
              <input
                id={id(`hp-${i}`)}
                type="text"
                value={p.partNumber}
                aria-invalid={partErrors[i] ? true : undefined}
                aria-describedby={partErrors[i] ? id(`hp-err-${i}`) : undefined}
                onChange={(e) =>
                  setParts((all) =>
                    all.map((x, j) => (j === i ? { ...x, partNumber: e.target.value } : x)),
                  )
                }
              />
              {partErrors[i] ? (
                <p className="field-error" id={id(`hp-err-${i}`)}>
                  {domainText(partErrors[i] ?? null)}
                </p>
              ) : null}
            </div>
            <div className="field">
              <button
                type="button"
                className="btn btn-sm"
                onClick={() => setParts((all) => all.filter((_, j) => j !== i))}
              >
                <Trans>Remove hinge {ph({ hinge: p.size || i + 1 })}</Trans>
              </button>
            </div>
          </div>
        ))}
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => setParts((all) => [...all, { size: '', partNumber: '' }])}
        >
          <Trans>Add a hinge part number</Trans>
        </button>
      </fieldset>
      <div className="btn-row" style={{ justifyContent: 'flex-end' }}>
        {current ? (
          <button type="button" className="btn" onClick={() => void remove()}>
            <Trans>Remove price list</Trans>
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary">
          <Trans>Save prices</Trans>
        </button>
      </div>
    </form>
  );
}
