import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatFraction, formatSize } from '../../domain/fractions';
import type { DoorOrderUpdate } from '../../domain/quoteDoorOrderUpdate';
import type { QuoteLine } from '../../domain/quoteTotals';
import { kindWords } from './quoteText';

/** A door-order line as the preview names it: its kind and size ("Door 14 1/2" × 30""). */
function LineName({ line }: { line: QuoteLine }) {
  const { t } = useLingui();
  const overlay = line.overlay === undefined ? '' : formatFraction(line.overlay);
  const size =
    line.width !== undefined && line.height !== undefined
      ? formatSize(line.width, line.height)
      : line.overlay !== undefined
        ? t`for ${overlay} overlay`
        : line.description;
  return (
    <>
      {kindWords(line.kind)} {size}
    </>
  );
}

/** "quantity 12". */
function Quantity({ n }: { n: number }) {
  return <Trans>quantity {n}</Trans>;
}

/**
 * Shown on a draft whose project's door order changed since its lines were
 * made: "Update from the door order" opens a preview of the lines added
 * (with the labor and finish lines a new quote would start with, when the
 * draft counted none of those pieces),
 * changed (old count → new count, with the labor and finish quantities
 * that were the door order's counts) and removed; Apply puts them in the
 * editor, which autosaves through the outbox like any edit (offline too).
 * Every price stays, and the contractor's own lines but those counts.
 */
export function DoorOrderUpdateCard({
  update,
  onApply,
}: {
  update: DoorOrderUpdate;
  onApply: () => void;
}) {
  const { t } = useLingui();
  const uid = useId();
  const [open, setOpen] = useState(false);
  const { added, ownAdded, changed, counts, removed, cut, handPieces } = update;
  const addedCount = added.length + ownAdded.length;
  const changedCount = changed.length + counts.length;
  const removedCount = removed.length;
  return (
    <section className="card section-card qt-update" aria-labelledby={`${uid}-h`}>
      <h2 id={`${uid}-h`}>
        <Trans>The door order changed since these lines were made</Trans>
      </h2>
      {!open ? (
        <>
          <p className="muted">
            <Trans>
              The job was measured or changed after this draft was started. Bring the door order in:
              your own lines and prices stay.
            </Trans>
          </p>
          <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
            <Trans>Update from the door order</Trans>
          </button>
        </>
      ) : (
        <div aria-live="polite">
          {addedCount > 0 ? (
            <>
              <h3>
                <Trans>Added ({addedCount})</Trans>
              </h3>
              <ul className="qt-update-list" aria-label={t`Lines added`}>
                {added.map((l, i) => (
                  <li key={i}>
                    <LineName line={l} /> · <Quantity n={l.quantity} />
                  </li>
                ))}
                {ownAdded.map((l, i) => (
                  <li key={`own-${i}`}>
                    <span translate="no">{l.description}</span> · <Quantity n={l.quantity} />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {changedCount > 0 ? (
            <>
              <h3>
                <Trans>Changed ({changedCount})</Trans>
              </h3>
              <ul className="qt-update-list" aria-label={t`Lines changed`}>
                {changed.map((c, i) => {
                  const before = c.before.quantity;
                  const after = c.after.quantity;
                  return (
                    <li key={i}>
                      <LineName line={c.after} /> ·{' '}
                      <Trans>
                        quantity {before} → {after}
                      </Trans>
                    </li>
                  );
                })}
                {counts.map((c, i) => {
                  const before = c.before.quantity;
                  const after = c.after.quantity;
                  const description = c.after.description;
                  return (
                    <li key={`count-${i}`}>
                      <span translate="no">{description}</span> ·{' '}
                      <Trans>
                        quantity {before} → {after} (the count of the door order)
                      </Trans>
                    </li>
                  );
                })}
              </ul>
            </>
          ) : null}
          {removed.length > 0 ? (
            <>
              <h3>
                <Trans>Removed ({removedCount})</Trans>
              </h3>
              <ul className="qt-update-list" aria-label={t`Lines removed`}>
                {removed.map((l, i) => (
                  <li key={i}>
                    <LineName line={l} /> · <Quantity n={l.quantity} />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {cut > 0 ? (
            <p className="alert alert-warn">
              <Trans>
                A quote has at most 500 lines: {cut} lines of the door order do not fit and are left
                out.
              </Trans>
            </p>
          ) : null}
          {ownAdded.length > 0 ? (
            <p className="alert alert-info">
              <Trans>
                The labor and finish lines a quote from the door order starts with are added at
                $0.00, their quantities the counts of the door order: price them.
              </Trans>
            </p>
          ) : null}
          {handPieces.length > 0 ? (
            <p className="alert alert-info">
              <Trans>
                Your own door and drawer-front lines stay as they are: remove them if the door order
                replaces them.
              </Trans>
            </p>
          ) : null}
          <p className="muted">
            <Trans>
              Every price you set stays, and so do your own lines (labor, removal, delivery, finish,
              other), except a labor or finish quantity that was the count of the door order: it
              follows the new count, as listed above.
            </Trans>
          </p>
          <div className="btn-row">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                onApply();
                setOpen(false);
              }}
            >
              <Trans>Apply</Trans>
            </button>
            <button type="button" className="btn" onClick={() => setOpen(false)}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
