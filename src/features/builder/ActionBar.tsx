/**
 * The builder's sticky action bar (always in view while scrolling): the save
 * status, the job's error and warning count, Save, Order, and the cabinet
 * navigator (one entry per cabinet: number, type, state; a tap jumps to it).
 * The checks run on a deferred copy of the draft, so typing stays instant.
 */
import { memo, useDeferredValue, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { emptyCabinetData } from '../../domain/cabinetData';
import { checkOrder, type CabinetCheckState, type JobChecks } from '../../domain/orderChecks';
import { useBuilderStore, type SaveState } from './builderStore';
import { cabinetElementId } from './CabinetCard';

const EMPTY = emptyCabinetData();

/** Spec §4 save-status texts (saving/saved texts are ours; see docs/decisions.md). */
const SAVE_TEXT: Record<SaveState, string> = {
  idle: '',
  saving: 'Saving…',
  saved: '✓ Saved',
  error: '✗ Save failed',
};

/** The save status: one element, fed by the builder's save state. */
export function SaveStatus() {
  const saveState = useBuilderStore((s) => s.saveState);
  const dirty = useBuilderStore((s) => s.revision > s.savedRevision);
  const text = SAVE_TEXT[saveState] || (dirty ? 'Unsaved changes' : '');
  return (
    <span className={`bld-status bld-status-${saveState}`} role="status" aria-live="polite" data-dirty={dirty ? 'true' : 'false'}>
      {text}
    </span>
  );
}

/** The job's checks, recomputed on a deferred copy of the draft. */
export function useJobChecks(): JobChecks {
  const data = useBuilderStore((s) => s.data) ?? EMPTY;
  const deferred = useDeferredValue(data);
  return useMemo(() => checkOrder(deferred), [deferred]);
}

/** Scrolls a cabinet's card into view (under the sticky bar) and moves focus to its heading. */
export function jumpToCabinet(rowId: number): void {
  const card = document.getElementById(cabinetElementId(rowId));
  if (!card) return;
  card.scrollIntoView({ block: 'start', behavior: 'instant' });
  card.querySelector<HTMLElement>('h3')?.focus({ preventScroll: true });
}

const STATE_TEXT: Record<CabinetCheckState, string> = {
  complete: 'complete',
  missing: 'missing measurements',
  error: 'errors',
  warning: 'warnings',
};
const STATE_MARK: Record<CabinetCheckState, string> = { complete: '✓', missing: '…', error: '!', warning: '⚠' };

const NavEntry = memo(function NavEntry({ rowId, number, type, state }: { rowId: number; number: number; type: string; state: CabinetCheckState }) {
  return (
    <li>
      <button type="button" className={`bld-nav-entry bld-nav-${state}`} onClick={() => jumpToCabinet(rowId)} aria-label={`Cabinet ${number}, ${type}: ${STATE_TEXT[state]}`}>
        <span className="bld-nav-num">{number}</span>
        <span className="bld-nav-type">{type}</span>
        <span className="bld-nav-mark" aria-hidden="true">
          {STATE_MARK[state]}
        </span>
      </button>
    </li>
  );
});

/** One entry per cabinet: number, type and state (complete / missing measurements / errors / warnings). */
export const CabinetNavigator = memo(function CabinetNavigator({ checks }: { checks: JobChecks }) {
  const rows = useBuilderStore((s) => s.data?.cabinetRows);
  const deferredRows = useDeferredValue(rows);
  if (!deferredRows || deferredRows.length === 0) return null;
  return (
    <nav className="bld-nav" aria-label="Cabinets in this job">
      <ol>
        {deferredRows.map((row, i) => (
          <NavEntry key={row.id} rowId={row.id} number={i + 1} type={row.type || 'no type'} state={checks.byCabinet.get(row.id)?.state ?? 'missing'} />
        ))}
      </ol>
    </nav>
  );
});

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The sticky bar: save status, checks count, Save, Order, navigator. */
export function ActionBar({ projectId, onSave }: { projectId: string; onSave: () => void }) {
  const checks = useJobChecks();
  const first = checks.checks.find((c) => c.rowId !== null);
  const total = checks.errors + checks.warnings;
  return (
    <div className="bld-bar" role="region" aria-label="Builder actions">
      <SaveStatus />
      <CabinetNavigator checks={checks} />
      <div className="bld-bar-actions">
        <button
          type="button"
          className={`bld-count${checks.errors > 0 ? ' bld-count-error' : checks.warnings > 0 ? ' bld-count-warn' : ''}`}
          disabled={!first}
          onClick={() => first?.rowId !== null && first ? jumpToCabinet(first.rowId) : undefined}
          aria-label={total === 0 ? 'No checks to look at' : `${plural(checks.errors, 'error', 'errors')}, ${plural(checks.warnings, 'warning', 'warnings')}: go to the first`}
        >
          {total === 0 ? (
            <span className="bld-count-ok">✓</span>
          ) : (
            <>
              <span className="bld-count-err">{checks.errors} ✗</span> <span className="bld-count-warn-n">{checks.warnings} ⚠</span>
            </>
          )}
        </button>
        <button type="button" className="btn btn-primary" onClick={onSave}>
          Save
        </button>
        <Link to={`/order/${projectId}`} className="btn">
          Order
        </Link>
      </div>
    </div>
  );
}
