import { Link, useParams } from 'react-router-dom';
import { format } from 'date-fns';
import { Spinner } from '../../ui/Spinner';
import { projectsRepo } from '../../data';
import type { HingeRule } from '../../domain/hingeSummary';
import { formatMoney } from '../../domain/pricing';
import { HingeRuleSetting } from './HingeRuleSetting';
import { OrderActions } from './OrderActions';
import { OrderDrawings } from './OrderDrawings';
import { OrderHeader, OrderTotals, OrderWarnings } from './OrderSheet';
import { HingesTable, LinesTable } from './OrderTables';
import { useOrderSheet } from './useOrderSheet';
import './order.css';

/**
 * /order/:projectId: the door order to send to the door maker — job header
 * (repeated on every printed page), the contractor's contact, doors and
 * drawer fronts in separate tables (quantity × width × height, fraction and
 * decimal, merged with their cabinets), the hinges, prices when the
 * contractor keeps a price list, and everything left off the order listed
 * before any download. CSV and JSON downloads, print, and on tablets and
 * phones a Share button (Web Share API with files, else a download). The
 * way back to the builder and the hinge setting show only to those who may
 * change the cabinets (not to a homeowner or viewer the project was shared with).
 */
export function OrderPage() {
  const { projectId } = useParams();
  const { status, user, project, data, x, canEdit, contractor, company, customer, address, today } =
    useOrderSheet(projectId);

  const back = (
    <Link to="/dashboard" className="btn btn-primary">
      Back to Dashboard
    </Link>
  );
  if (!projectId) return <main className="container card">No project ID provided {back}</main>;
  if (status === 'loading' || project === undefined) return <Spinner />;
  if (status === 'signedOut' || !user)
    return (
      <main className="container card">Please sign in to access the Cabinet Builder. {back}</main>
    );
  if (project === null) return <main className="container card">Project not found {back}</main>;

  const money = x.totals ? (n: number) => formatMoney(n, x.totals!.currency) : null;

  const saveRule = async (hingeRule: HingeRule): Promise<string | null> => {
    const details = project.details ?? {};
    const current = (details.cabinetData ?? {}) as object;
    // Base = the details this page shows: only the hinge rule is sent, never a field pulled meanwhile.
    const result = await projectsRepo.update(
      project.id,
      {
        details: {
          ...details,
          cabinetData: { ...current, hingeRule } as typeof details.cabinetData,
        },
      },
      { base: { details } },
    );
    return result.ok
      ? null
      : 'Could not save the hinge setting: this project no longer exists on this device.';
  };

  const f = data.form;
  const vReveal = f.vertRevealOverride ? f.verticalReveal : f.sideReveal;
  const doors = x.lines.filter((l) => l.item === 'Door');
  const fronts = x.lines.filter((l) => l.item === 'Drawer front');

  return (
    <main className="container ord">
      <OrderActions
        x={x}
        customer={customer}
        builderHref={canEdit ? `/cabinet-builder/${project.id}` : null}
      />
      {canEdit ? (
        <div className="no-print">
          <HingeRuleSetting key={project.id} rule={data.hingeRule} onSave={saveRule} />
        </div>
      ) : null}
      <article className="ord-sheet">
        <table className="ord-frame">
          <thead>
            <tr>
              <td>
                <OrderHeader
                  date={format(today, 'PP')}
                  customer={customer}
                  address={address}
                  x={x}
                  form={f}
                  verticalReveal={vReveal}
                  company={company}
                  contractor={contractor}
                />
              </td>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>
                <OrderWarnings x={x} />
                <LinesTable title="Doors" lines={doors} id="ord-doors" doors money={money} />
                <LinesTable
                  title="Drawer Fronts"
                  lines={fronts}
                  id="ord-fronts"
                  doors={false}
                  money={money}
                />
                <section className="ord-section ord-hinges" aria-labelledby="ord-hinges">
                  <h2 id="ord-hinges">Framed Cabinet Hinges</h2>
                  <p className="ord-note">
                    {x.hingeRuleText}; 1/2″ hinges next to a wall, else the overlay size.
                  </p>
                  <HingesTable x={x} money={money} />
                </section>
                {x.totals && money ? <OrderTotals totals={x.totals} money={money} /> : null}
                <p className="ord-foot muted">
                  Sizes are finished door and drawer-front sizes, width × height, in inches:
                  fraction to the nearest 1/16″ and exact decimal.
                </p>
                <OrderDrawings data={data} />
              </td>
            </tr>
          </tbody>
        </table>
      </article>
    </main>
  );
}
