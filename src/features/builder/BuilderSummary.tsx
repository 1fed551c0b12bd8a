import { useDeferredValue, useMemo } from 'react';
import { Plural, Trans } from '@lingui/react/macro';
import { orderWarningText } from '../../i18n/checkTexts';
import { emptyCabinetData } from '../../domain/cabinetData';
import { computeDoorOrder } from '../../domain/doorOrder';
import { useBuilderStore } from './builderStore';
import { HingeTable } from './HingeTable';

const EMPTY = emptyCabinetData();

/** How many left-out parts are listed here; the Order view lists all. Keeps typing cheap on big jobs. */
const SHOWN_WARNINGS = 20;

/**
 * The Framed Cabinet Hinges summary and the list of parts left out of the
 * order. Works on a deferred copy of the draft so typing stays instant.
 */
export function BuilderSummary() {
  const data = useBuilderStore((s) => s.data) ?? EMPTY;
  const deferred = useDeferredValue(data);
  const order = useMemo(() => computeDoorOrder(deferred), [deferred]);
  const more = order.warnings.length - SHOWN_WARNINGS;
  return (
    <>
      <section className="card section-card" aria-labelledby="bld-hinges">
        <h2 id="bld-hinges">
          <Trans>Framed Cabinet Hinges</Trans>
        </h2>
        <HingeTable hinges={order.hinges} />
      </section>
      {order.warnings.length > 0 ? (
        <section className="alert alert-warn bld-warnings" aria-labelledby="bld-warn-h">
          <h2 id="bld-warn-h">
            <Plural
              value={order.warnings.length}
              one="# part is left out of the order"
              other="# parts are left out of the order"
            />
          </h2>
          <details open={order.warnings.length <= 8}>
            <summary>
              <Trans>Show which</Trans>
            </summary>
            <ul>
              {order.warnings.slice(0, SHOWN_WARNINGS).map((w) => (
                <li key={`${w.rowId}-${'index' in w ? w.index : 'type'}`}>{orderWarningText(w)}</li>
              ))}
            </ul>
            {order.warnings.length > SHOWN_WARNINGS ? (
              <p className="muted">
                <Trans>…and {more} more (the Order view lists them all).</Trans>
              </p>
            ) : null}
          </details>
        </section>
      ) : null}
    </>
  );
}
