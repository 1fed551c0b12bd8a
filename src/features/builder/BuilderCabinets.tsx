/**
 * The builder's cabinets: as cards or as the part list (the view switch),
 * the first `cardCount` rendered while the rest come in.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { CabinetRow } from '../../domain/cabinetData';
import type { SizeContext } from '../../domain/itemSize';
import { CabinetCard } from './CabinetCard';
import { PartList, useBuilderView, ViewSwitch } from './PartList';

/** From this many cabinets on, off-screen cards skip layout (CSS content-visibility) so typing stays fast. */
const BIG_JOB_CABINETS = 40;

/** The Cabinets section: the view switch, then the first `cardCount` of `rows` as cards or list. */
export function BuilderCabinets({
  rows,
  cardCount,
  ctx,
}: {
  rows: readonly CabinetRow[];
  cardCount: number;
  ctx: SizeContext;
}) {
  const view = useBuilderView((s) => s.view);
  const shown = cardCount < rows.length ? rows.slice(0, cardCount) : rows;
  const { t } = useLingui();
  return (
    <section
      aria-label={t`Cabinets`}
      className={rows.length > BIG_JOB_CABINETS ? 'bld-cabinets bld-cabinets-big' : 'bld-cabinets'}
    >
      <div className="bld-cabinets-head">
        <h2 className="visually-hidden">
          <Trans>Cabinets</Trans>
        </h2>
        {rows.length > 0 ? <ViewSwitch /> : null}
      </div>
      {rows.length === 0 ? (
        <p className="muted">
          <Trans>No cabinets yet. Pick a type above and add one.</Trans>
        </p>
      ) : null}
      {view === 'list' && rows.length > 0 ? (
        <PartList rows={shown} ctx={ctx} />
      ) : (
        shown.map((row, i) => <CabinetCard key={row.id} row={row} number={i + 1} ctx={ctx} />)
      )}
    </section>
  );
}
