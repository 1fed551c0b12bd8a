/**
 * A drawing of every cabinet on the door order page (an appendix of the
 * printed order), from the shared cabinet elevation.
 */
import { memo, useMemo } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CabinetData } from '../../domain/cabinetData';
import { orderedCabinets } from '../../domain/cabinetRows';
import { itemKey, partsOf } from '../../domain/cabinetTypes';
import { sizeContext } from '../../domain/itemSize';
import { CabinetElevation } from '../../ui/CabinetElevation';
import './orderDrawings.css';

/** A small scale drawing per cabinet, as an appendix of the printed order. */
export const OrderDrawings = memo(function OrderDrawings({ data }: { data: CabinetData }) {
  const ctx = useMemo(() => sizeContext(data), [data]);
  const rows = orderedCabinets(data.cabinets);
  const { t } = useLingui();
  if (rows.length === 0) return null;
  return (
    <section className="oc-drawings" aria-labelledby="oc-drawings-h">
      <h2 id="oc-drawings-h">
        <Trans>Cabinet drawings</Trans>
      </h2>
      <p className="muted oc-note">
        <Trans>
          Front elevations to scale: finished sizes width × height in inches; hinges shown on the
          hinge side; hatched band: next to a wall; dashed: not measured.
        </Trans>
      </p>
      <div className="oc-grid">
        {rows.map((row, i) => {
          const parts = partsOf(row.type);
          const number = i + 1;
          const items = (parts ?? []).map((_, k) => data.itemState[itemKey(row.id, k)]);
          return (
            <figure key={row.id} className="oc-figure">
              {parts ? (
                <CabinetElevation
                  type={row.type}
                  rowId={row.id}
                  items={items}
                  ctx={ctx}
                  title={t`Cabinet ${number}`}
                  maxWidth={200}
                  maxHeight={220}
                />
              ) : (
                <p className="oc-unknown">
                  <Trans>Unknown type — no drawing</Trans>
                </p>
              )}
              <figcaption>
                #{number} {row.type || t`no type`}
              </figcaption>
            </figure>
          );
        })}
      </div>
    </section>
  );
});
