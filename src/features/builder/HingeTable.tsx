import { Trans } from '@lingui/react/macro';
import { formatDecimal, formatFraction } from '../../domain/fractions';
import type { HingeLine } from '../../domain/hingeSummary';

/** Hinge summary table (product rules "Screens and routes", "Constants and formulas"): size (fraction and decimal) and quantity. */
export function HingeTable({ hinges }: { hinges: readonly HingeLine[] }) {
  if (hinges.length === 0)
    return (
      <p className="muted">
        <Trans>No hinged doors sized yet.</Trans>
      </p>
    );
  const total = hinges.reduce((s, h) => s + h.quantity, 0);
  return (
    <table className="bld-table">
      <thead>
        <tr>
          <th scope="col">
            <Trans>Size</Trans>
          </th>
          <th scope="col">
            <Trans>Quantity</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {hinges.map((h) => (
          <tr key={h.size}>
            <td>
              <span className="bld-frac">{formatFraction(h.size)}</span>{' '}
              <span className="bld-dec">{formatDecimal(h.size)}</span>
            </td>
            <td>{h.quantity}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">
            <Trans>Total</Trans>
          </th>
          <td>{total}</td>
        </tr>
      </tfoot>
    </table>
  );
}
