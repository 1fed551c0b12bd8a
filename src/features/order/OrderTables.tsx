/** The door order's tables: doors or drawer fronts (quantity × width × height, fraction and decimal, with prices), and the hinges. */
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDecimal, formatFraction } from '../../domain/fractions';
import type { OrderExport, OrderExportLine } from '../../domain/orderExport';

function Size({ value }: { value: number }) {
  return (
    <span className="ord-size">
      <span className="ord-frac">{formatFraction(value)}</span>
      <span className="ord-dec">{formatDecimal(value)}</span>
    </span>
  );
}

export function LinesTable({
  title,
  lines,
  id,
  doors,
  money,
}: {
  title: string;
  lines: readonly OrderExportLine[];
  id: string;
  doors: boolean;
  money: ((n: number) => string) | null;
}) {
  const total = lines.reduce((s, l) => s + l.qty, 0);
  const { t } = useLingui();
  const sqFt = (n: number) => {
    const area = n.toFixed(2);
    return t`${area} sq ft`;
  };
  return (
    <section className="ord-section" aria-labelledby={id}>
      <h2 id={id}>
        {title} <span className="ord-count">({total})</span>
      </h2>
      {lines.length === 0 ? (
        <p className="muted">
          <Trans>None.</Trans>
        </p>
      ) : (
        <table className={`ord-table${doors ? ' ord-doors' : ''}${money ? ' ord-priced' : ''}`}>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Qty</Trans>
              </th>
              <th scope="col">
                <Trans>Width</Trans>
              </th>
              <th scope="col">
                <span className="visually-hidden">
                  <Trans>by</Trans>
                </span>
              </th>
              <th scope="col">
                <Trans>Height</Trans>
              </th>
              {doors ? (
                <th scope="col">
                  <Trans>Hinges each</Trans>
                </th>
              ) : null}
              {money ? (
                <th scope="col">
                  <Trans>Area</Trans>
                </th>
              ) : null}
              {money ? (
                <th scope="col">
                  <Trans>Price</Trans>
                </th>
              ) : null}
              <th scope="col">
                <Trans>Cabinets</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={`${l.width}x${l.height}`}>
                <td className="ord-qty">{l.qty}</td>
                <td>
                  <Size value={l.width} />
                </td>
                <td className="ord-x" aria-hidden="true">
                  ×
                </td>
                <td>
                  <Size value={l.height} />
                </td>
                {doors ? (
                  <td className="ord-extra ord-hinges-each" data-label={t`Hinges each`}>
                    {l.hingesPerPiece}
                  </td>
                ) : null}
                {money ? (
                  <td className="ord-extra" data-label={t`Area`}>
                    {l.price ? sqFt(l.price.lineSqFt) : '—'}
                  </td>
                ) : null}
                {money ? (
                  <td className="ord-extra ord-money" data-label={t`Price`}>
                    {l.price ? money(l.price.linePrice) : t`No price in your list`}
                  </td>
                ) : null}
                <td className="ord-refs">{l.cabinets}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function HingesTable({
  x,
  money,
}: {
  x: OrderExport;
  money: ((n: number) => string) | null;
}) {
  if (x.hinges.length === 0)
    return (
      <p className="muted">
        <Trans>No hinged doors on this order.</Trans>
      </p>
    );
  const total = x.hinges.reduce((s, h) => s + h.qty, 0);
  const parts = x.hinges.some((h) => h.partNumber);
  return (
    <table className="ord-table ord-hinge-table">
      <thead>
        <tr>
          <th scope="col">
            <Trans>Qty</Trans>
          </th>
          <th scope="col">
            <Trans>Hinge size (overlay)</Trans>
          </th>
          {parts ? (
            <th scope="col">
              <Trans>Part number</Trans>
            </th>
          ) : null}
          {money ? (
            <th scope="col">
              <Trans>Price</Trans>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {x.hinges.map((h) => (
          <tr key={h.size}>
            <td className="ord-qty">{h.qty}</td>
            <td>
              <Size value={h.size} />
            </td>
            {parts ? <td className="ord-part">{h.partNumber || '—'}</td> : null}
            {money ? <td className="ord-money">{money(h.price ?? 0)}</td> : null}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td className="ord-qty">{total}</td>
          <th scope="row">
            <Trans>Total hinges</Trans>
          </th>
          {parts ? <td></td> : null}
          {money && x.totals ? <td className="ord-money">{money(x.totals.hinges)}</td> : null}
        </tr>
      </tfoot>
    </table>
  );
}
