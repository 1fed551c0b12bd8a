/**
 * What the builder adds to the door order page: the checks before ordering
 * (`OrderChecks`) and a drawing of every cabinet (`OrderDrawings`), both
 * printed with the order. Each is one component the order page places.
 */
import { memo, useMemo } from 'react';
import type { CabinetData } from '../../domain/cabinetData';
import { itemKey, partsOf } from '../../domain/cabinetTypes';
import { sizeContext } from '../../domain/itemSize';
import { checkOrder } from '../../domain/orderChecks';
import { CabinetElevation } from './CabinetDrawing';
import './orderExtras.css';

/** The job's checks on the order: red errors (not on the order) and yellow warnings with the door maker's reason. */
export function OrderChecks({ data }: { data: CabinetData }) {
  const checks = useMemo(() => checkOrder(data), [data]);
  if (checks.checks.length === 0) {
    return (
      <section className="oc-checks oc-checks-ok" aria-label="Checks before ordering">
        <strong>Checks before ordering:</strong> ✓ nothing to look at.
      </section>
    );
  }
  return (
    <section className="oc-checks" aria-labelledby="oc-checks-h">
      <h2 id="oc-checks-h">
        Checks before ordering: {checks.errors} {checks.errors === 1 ? 'error' : 'errors'}, {checks.warnings} {checks.warnings === 1 ? 'warning' : 'warnings'}
      </h2>
      <ul>
        {checks.checks.map((c, i) => (
          <li key={i} className={c.level === 'error' ? 'oc-error' : 'oc-warning'}>
            <span className="oc-level">{c.level === 'error' ? '✗ Error' : '⚠ Warning'}</span> {c.message}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A small scale drawing per cabinet, as an appendix of the printed order. */
export const OrderDrawings = memo(function OrderDrawings({ data }: { data: CabinetData }) {
  const ctx = useMemo(() => sizeContext(data), [data]);
  if (data.cabinetRows.length === 0) return null;
  return (
    <section className="oc-drawings" aria-labelledby="oc-drawings-h">
      <h2 id="oc-drawings-h">Cabinet drawings</h2>
      <p className="muted oc-note">Front elevations to scale: finished sizes width × height in inches; hinges shown on the hinge side; hatched band: next to a wall; dashed: not measured.</p>
      <div className="oc-grid">
        {data.cabinetRows.map((row, i) => {
          const parts = partsOf(row.type);
          const items = (parts ?? []).map((_, k) => data.itemState[itemKey(row.id, k)]);
          return (
            <figure key={row.id} className="oc-figure">
              {parts ? (
                <CabinetElevation type={row.type} rowId={row.id} items={items} ctx={ctx} title={`Cabinet ${i + 1}`} maxWidth={200} maxHeight={220} />
              ) : (
                <p className="oc-unknown">Unknown type — no drawing</p>
              )}
              <figcaption>
                #{i + 1} {row.type || 'no type'}
              </figcaption>
            </figure>
          );
        })}
      </div>
    </section>
  );
});
