/** The door order's tables: doors or drawer fronts (quantity × width × height, fraction and decimal, with prices), and the hinges. */
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
  return (
    <section className="ord-section" aria-labelledby={id}>
      <h2 id={id}>
        {title} <span className="ord-count">({total})</span>
      </h2>
      {lines.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <table className={`ord-table${doors ? ' ord-doors' : ''}${money ? ' ord-priced' : ''}`}>
          <thead>
            <tr>
              <th scope="col">Qty</th>
              <th scope="col">Width</th>
              <th scope="col">
                <span className="visually-hidden">by</span>
              </th>
              <th scope="col">Height</th>
              {doors ? <th scope="col">Hinges each</th> : null}
              {money ? <th scope="col">Area</th> : null}
              {money ? <th scope="col">Price</th> : null}
              <th scope="col">Cabinets</th>
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
                  <td className="ord-extra ord-hinges-each" data-label="Hinges each">
                    {l.hingesPerPiece}
                  </td>
                ) : null}
                {money ? (
                  <td className="ord-extra" data-label="Area">
                    {l.price ? `${l.price.lineSqFt.toFixed(2)} sq ft` : '—'}
                  </td>
                ) : null}
                {money ? (
                  <td className="ord-extra ord-money" data-label="Price">
                    {l.price ? money(l.price.linePrice) : 'No price in your list'}
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
  if (x.hinges.length === 0) return <p className="muted">No hinged doors on this order.</p>;
  const total = x.hinges.reduce((s, h) => s + h.qty, 0);
  const parts = x.hinges.some((h) => h.partNumber);
  return (
    <table className="ord-table ord-hinge-table">
      <thead>
        <tr>
          <th scope="col">Qty</th>
          <th scope="col">Hinge size (overlay)</th>
          {parts ? <th scope="col">Part number</th> : null}
          {money ? <th scope="col">Price</th> : null}
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
          <th scope="row">Total hinges</th>
          {parts ? <td></td> : null}
          {money && x.totals ? <td className="ord-money">{money(x.totals.hinges)}</td> : null}
        </tr>
      </tfoot>
    </table>
  );
}
