import { memo, useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { domainText } from '../../i18n/domainTexts';
import {
  STILE_RAIL_KEYS,
  STILE_RAIL_LABELS,
  type CabinetForm,
  type StileRail,
} from '../../domain/cabinetData';
import { CABINET_TYPE_NAMES, isCabinetType, itemKey } from '../../domain/cabinetTypes';
import { formatDecimal, formatFraction } from '../../domain/fractions';
import { OVERLAY_MODE_LABELS, REVEAL_OPTIONS, STD_OPTIONS } from '../../domain/overlay';
import { useBuilderStore } from './builderStore';
import { measureInputId } from './CabinetDrawing';
import { cabinetElementId } from './CabinetCard';
import { showAllCabinets } from './cardWindow';
import { MeasurementField } from './MeasurementField';
import { TextField } from '../../ui/FormFields';
import { JOB_TEXT_FIELDS, NOTES_FIELD, jobTextError } from './jobTexts';
import { storableText } from '../../domain/userText';

/** Product rules "Screens and routes": Cabinet Details (NRS, Door, Drawer Front, Color), plus the finish and PO number the door order carries. */
export const DetailsSection = memo(function DetailsSection({ form }: { form: CabinetForm }) {
  const setText = useBuilderStore((s) => s.setText);
  const { t } = useLingui();
  return (
    <section className="card section-card" aria-labelledby="bld-details">
      <h2 id="bld-details">
        <Trans>Cabinet Details</Trans>
      </h2>
      <div className="bld-grid-4">
        <TextField
          label={t`NRS`}
          value={form.nrs}
          error={jobTextError(JOB_TEXT_FIELDS.nrs, form.nrs)}
          onChange={(v) => setText('nrs', storableText(v))}
        />
        <TextField
          label={t`Door`}
          value={form.door}
          error={jobTextError(JOB_TEXT_FIELDS.door, form.door)}
          onChange={(v) => setText('door', storableText(v))}
        />
        <TextField
          label={t`Drawer Front`}
          value={form.drawerFront}
          error={jobTextError(JOB_TEXT_FIELDS.drawerFront, form.drawerFront)}
          onChange={(v) => setText('drawerFront', storableText(v))}
        />
        <TextField
          label={t`Color`}
          value={form.color}
          error={jobTextError(JOB_TEXT_FIELDS.color, form.color)}
          onChange={(v) => setText('color', storableText(v))}
        />
        <TextField
          label={t`Finish`}
          value={form.finish}
          error={jobTextError(JOB_TEXT_FIELDS.finish, form.finish)}
          onChange={(v) => setText('finish', storableText(v))}
        />
        <TextField
          label={t`PO number`}
          value={form.poNumber}
          error={jobTextError(JOB_TEXT_FIELDS.poNumber, form.poNumber)}
          onChange={(v) => setText('poNumber', storableText(v))}
        />
      </div>
    </section>
  );
});

function revealLabel(value: number): string {
  return REVEAL_OPTIONS.find((o) => o.value === value)?.label ?? formatFraction(value);
}

/** Product rules "Screens and routes", "States and changes": Overlay & Reveal Options. */
export const OverlaySection = memo(function OverlaySection({ form }: { form: CabinetForm }) {
  const s = useBuilderStore.getState();
  const id = useId();
  const stdKnown = STD_OPTIONS.some((o) => o.value === form.stdOption);
  const saved = formatFraction(form.stdOption);
  const olFraction = formatFraction(form.olSize);
  const olDecimal = formatDecimal(form.olSize);
  const vertical = revealLabel(form.vertRevealOverride ? form.verticalReveal : form.sideReveal);
  return (
    <section className="card section-card" aria-labelledby="bld-overlay">
      <h2 id="bld-overlay">
        <Trans>Overlay &amp; Reveal Options</Trans>
      </h2>
      <div className="bld-grid-4">
        <div className="field bld-overlay-mode">
          <label htmlFor={`${id}-mode`}>
            <Trans>Overlay</Trans>
          </label>
          <select
            id={`${id}-mode`}
            value={form.overlaySelect}
            onChange={(e) => s.setOverlayMode(e.target.value === 'fol' ? 'fol' : 'sol')}
          >
            <option value="sol">{domainText(OVERLAY_MODE_LABELS.sol)}</option>
            <option value="fol">{domainText(OVERLAY_MODE_LABELS.fol)}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-std`}>
            <Trans>Standard Option</Trans>
          </label>
          <select
            id={`${id}-std`}
            value={String(form.stdOption)}
            disabled={form.overlaySelect === 'sol'}
            aria-describedby={form.overlaySelect === 'sol' ? `${id}-std-why` : undefined}
            onChange={(e) => s.setStdOption(Number(e.target.value))}
          >
            {stdKnown ? null : (
              <option value={String(form.stdOption)}>
                <Trans>{saved} (saved)</Trans>
              </option>
            )}
            {STD_OPTIONS.map((o) => (
              <option key={o.value} value={String(o.value)}>
                {o.label}
              </option>
            ))}
          </select>
          {form.overlaySelect === 'sol' ? (
            <span id={`${id}-std-why`} className="bld-hint">
              <Trans>Full overlay only: standard overlay is always 1/2&quot;.</Trans>
            </span>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={`${id}-side`}>
            <Trans>Side Reveal</Trans>
          </label>
          <select
            id={`${id}-side`}
            value={String(form.sideReveal)}
            onChange={(e) => s.setSideReveal(Number(e.target.value))}
          >
            {REVEAL_OPTIONS.map((o) => (
              <option key={o.value} value={String(o.value)}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-vert`}>
            <Trans>Vertical Reveal</Trans>
          </label>
          <select
            id={`${id}-vert`}
            value={String(form.verticalReveal)}
            disabled={!form.vertRevealOverride}
            onChange={(e) => s.setVerticalReveal(Number(e.target.value))}
          >
            {REVEAL_OPTIONS.map((o) => (
              <option key={o.value} value={String(o.value)}>
                {o.label}
              </option>
            ))}
          </select>
          <label className="check">
            <input
              type="checkbox"
              checked={form.vertRevealOverride}
              onChange={(e) => s.setVertRevealOverride(e.target.checked)}
            />
            <Trans>Override</Trans>
          </label>
        </div>
      </div>
      <p className="bld-overlay-size" aria-live="polite">
        <Trans>
          Overlay size: <strong className="bld-frac">{olFraction}</strong>{' '}
          <span className="bld-dec">{olDecimal}</span> · Vertical reveal: {vertical}
        </Trans>
      </p>
    </section>
  );
});

/** Product rules "Screens and routes": Stile & Rail Dimensions (eight numbers, minimum 0). */
export const StileRailSection = memo(function StileRailSection({
  stileRail,
}: {
  stileRail: StileRail;
}) {
  const setStileRail = useBuilderStore((s) => s.setStileRail);
  return (
    <section className="card section-card" aria-labelledby="bld-stile">
      <h2 id="bld-stile">
        <Trans>Stile &amp; Rail Dimensions</Trans>
      </h2>
      <div className="bld-grid-4">
        {STILE_RAIL_KEYS.map((key) => (
          <MeasurementField
            key={key}
            label={domainText(STILE_RAIL_LABELS[key])}
            kind="frame"
            group="stileRail"
            draftField={`stileRail:${key}`}
            value={String(stileRail[key])}
            onCommit={(v) => setStileRail(key, Number(v))}
          />
        ))}
      </div>
    </section>
  );
});

/**
 * Brings a just-added cabinet on screen and focuses its first measurement, so
 * the contractor measures it at once (it is rendered on the next frame).
 */
function focusNewCabinet(rowId: string, tries = 10): void {
  requestAnimationFrame(() => {
    const input = document.getElementById(measureInputId(itemKey(rowId, 0), 'width'));
    if (!input) {
      if (tries > 0) focusNewCabinet(rowId, tries - 1);
      return;
    }
    input.focus({ preventScroll: true });
    document
      .getElementById(cabinetElementId(rowId))
      ?.scrollIntoView({ block: 'start', behavior: 'instant' });
  });
}

/** Product rules "Screens and routes", "Input checks": Add Cabinets with the type picker; adding requires a selected type. */
export const AddCabinetSection = memo(function AddCabinetSection() {
  const addCabinet = useBuilderStore((s) => s.addCabinet);
  const [type, setType] = useState('');
  const [error, setError] = useState('');
  const id = useId();
  const { t } = useLingui();
  return (
    <section className="card section-card" aria-labelledby="bld-add">
      <h2 id="bld-add">
        <Trans>Add Cabinets</Trans>
      </h2>
      <form
        className="bld-add"
        onSubmit={(e) => {
          e.preventDefault();
          if (!isCabinetType(type)) {
            setError(t`Select a cabinet type first.`);
            return;
          }
          showAllCabinets();
          const rowId = addCabinet(type);
          setError('');
          if (rowId !== null) focusNewCabinet(rowId);
        }}
      >
        <div className="field">
          <label htmlFor={id}>
            <Trans>Cabinet type</Trans>
          </label>
          <select
            id={id}
            value={type}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setType(e.target.value);
              setError('');
            }}
          >
            <option value="">{t`Select a type…`}</option>
            {CABINET_TYPE_NAMES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          {error ? (
            <span className="field-error" role="alert">
              {error}
            </span>
          ) : null}
        </div>
        <button type="submit" className="btn btn-primary">
          <Trans>Add Cabinet</Trans>
        </button>
      </form>
    </section>
  );
});

/** Notes with show/hide (product rules "Records and their fields": notes, showNotes). */
export const NotesSection = memo(function NotesSection({
  notes,
  showNotes,
}: {
  notes: string;
  showNotes: boolean;
}) {
  const setNotes = useBuilderStore((s) => s.setNotes);
  const setShowNotes = useBuilderStore((s) => s.setShowNotes);
  const id = useId();
  const notesError = jobTextError(NOTES_FIELD, notes);
  const { t } = useLingui();
  return (
    <section className="card section-card" aria-labelledby={`${id}-h`}>
      <div className="bld-cabinet-head">
        <h2 id={`${id}-h`}>
          <Trans>Notes</Trans>
        </h2>
        <button
          type="button"
          className="btn btn-sm"
          aria-expanded={showNotes}
          aria-controls={id}
          onClick={() => setShowNotes(!showNotes)}
        >
          {showNotes ? t`Hide Notes` : t`Show Notes`}
        </button>
      </div>
      {showNotes ? (
        <div className="field">
          <label htmlFor={id} className="visually-hidden">
            <Trans>Notes</Trans>
          </label>
          <textarea
            id={id}
            rows={4}
            value={notes}
            aria-invalid={notesError ? true : undefined}
            aria-describedby={notesError ? `${id}-error` : undefined}
            onChange={(e) => setNotes(storableText(e.target.value))}
          />
          {notesError ? (
            <span id={`${id}-error`} className="field-error" role="alert">
              {notesError}
            </span>
          ) : null}
        </div>
      ) : null}
    </section>
  );
});
