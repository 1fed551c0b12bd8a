/**
 * The builder's sticky action bar (always in view while scrolling): the save
 * status, the job's error and warning count, Save, Order, and the cabinet
 * navigator (one entry per cabinet: number, type, state; a tap jumps to it).
 * The checks run on a deferred copy of the draft, so typing stays instant.
 */
import { orderedCabinets } from '../../domain/cabinetRows';
import { memo, useDeferredValue, useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { emptyCabinetData } from '../../domain/cabinetData';
import { partsOf, itemKey } from '../../domain/cabinetTypes';
import { sizeContext } from '../../domain/itemSize';
import {
  checkCabinet,
  checkJobSettings,
  combineChecks,
  type CabinetCheckState,
  type JobChecks,
} from '../../domain/orderChecks';
import { selectCabinetRows, useBuilderStore } from './builderStore';
import { cabinetElementId } from './CabinetCard';
import { publishNotes } from './cabinetNotes';
import { showAllCabinets } from './cardWindow';
import { SaveStatus } from './SaveStatus';
import { MessagesButton } from './BuilderThread';

const EMPTY = emptyCabinetData();

type CabinetResult = ReturnType<typeof checkCabinet>;
interface CacheEntry {
  /** What the result was computed from: position, type, job sizes and the cabinet's item objects (immutable). */
  inputs: unknown[];
  result: CabinetResult;
}

/**
 * The job's checks on a deferred copy of the draft. A keystroke changes one
 * item object; only cabinets whose inputs changed are checked again, so a
 * 250-cabinet job costs one cabinet's checks per keystroke.
 */
export function useJobChecks(): JobChecks {
  const data = useBuilderStore((s) => s.data) ?? EMPTY;
  const deferred = useDeferredValue(data);
  const cache = useMemo(() => new Map<string, CacheEntry>(), []);
  return useMemo(() => {
    const ctx = sizeContext(deferred);
    const seen = new Set<string>();
    const cabinets = orderedCabinets(deferred.cabinets).map((row, i) => {
      seen.add(row.id);
      const count = partsOf(row.type)?.length ?? 0;
      const inputs: unknown[] = [i, row.type, deferred.form, deferred.stileRail];
      for (let k = 0; k < count; k++) inputs.push(deferred.itemState[itemKey(row.id, k)]);
      const hit = cache.get(row.id);
      if (hit && hit.inputs.length === inputs.length && hit.inputs.every((v, k) => v === inputs[k]))
        return { rowId: row.id, ...hit.result };
      const result = checkCabinet(ctx, row, i + 1, deferred.itemState);
      cache.set(row.id, { inputs, result });
      return { rowId: row.id, ...result };
    });
    for (const id of cache.keys()) if (!seen.has(id)) cache.delete(id);
    return combineChecks(checkJobSettings(deferred.form), cabinets);
  }, [deferred, cache]);
}

/** Scrolls a cabinet's card into view (under the sticky bar) and moves focus to its heading. */
export function jumpToCabinet(rowId: string, tries = 10): void {
  const card = document.getElementById(cabinetElementId(rowId));
  if (!card) {
    showAllCabinets();
    if (tries > 0) requestAnimationFrame(() => jumpToCabinet(rowId, tries - 1));
    return;
  }
  card.scrollIntoView({ block: 'start', behavior: 'instant' });
  card.querySelector<HTMLElement>('h3')?.focus({ preventScroll: true });
}

const STATE_TEXT: Record<CabinetCheckState, MessageDescriptor> = {
  complete: msg`complete`,
  missing: msg`missing measurements`,
  error: msg`errors`,
  warning: msg`warnings`,
};
const STATE_MARK: Record<CabinetCheckState, string> = {
  complete: '✓',
  missing: '…',
  error: '!',
  warning: '⚠',
};

const NavEntry = memo(function NavEntry({
  rowId,
  number,
  type,
  state,
}: {
  rowId: string;
  number: number;
  type: string;
  state: CabinetCheckState;
}) {
  const { t, i18n } = useLingui();
  const stateText = i18n._(STATE_TEXT[state]);
  return (
    <li>
      <button
        type="button"
        className={`bld-nav-entry bld-nav-${state}`}
        onClick={() => jumpToCabinet(rowId)}
        aria-label={t`Cabinet ${number}, ${type}: ${stateText}`}
      >
        {/* The space keeps the seen text ("3 Wall") within the name, for speech input. */}
        <span className="bld-nav-num">{number}</span> <span className="bld-nav-type">{type}</span>
        <span className="bld-nav-mark" aria-hidden="true">
          {STATE_MARK[state]}
        </span>
      </button>
    </li>
  );
});

/** One entry per cabinet: number, type and state (complete / missing measurements / errors / warnings). */
export const CabinetNavigator = memo(function CabinetNavigator({ checks }: { checks: JobChecks }) {
  const rows = useBuilderStore(selectCabinetRows);
  const deferredRows = useDeferredValue(rows);
  const { t } = useLingui();
  if (!deferredRows || deferredRows.length === 0) return null;
  return (
    <nav className="bld-nav" aria-label={t`Cabinets in this job`}>
      <ol>
        {deferredRows.map((row, i) => (
          <NavEntry
            key={row.id}
            rowId={row.id}
            number={i + 1}
            type={row.type || t`no type`}
            state={checks.byCabinet.get(row.id)?.state ?? 'missing'}
          />
        ))}
      </ol>
    </nav>
  );
});

/** The sticky bar: save status, checks count, Save, Order, navigator. */
export function ActionBar({ projectId, onSave }: { projectId: string; onSave: () => void }) {
  const checks = useJobChecks();
  useEffect(() => publishNotes(checks), [checks]);
  const first = checks.checks.find((c) => c.rowId !== null);
  const total = checks.errors + checks.warnings;
  const { t } = useLingui();
  const errors = plural(checks.errors, { one: '# error', other: '# errors' });
  const warnings = plural(checks.warnings, { one: '# warning', other: '# warnings' });
  return (
    <div className="bld-bar" role="region" aria-label={t`Builder actions`}>
      <SaveStatus />
      <CabinetNavigator checks={checks} />
      <div className="bld-bar-actions">
        <button
          type="button"
          className={`bld-count${checks.errors > 0 ? ' bld-count-error' : checks.warnings > 0 ? ' bld-count-warn' : ''}`}
          disabled={!first}
          onClick={() => (first?.rowId !== null && first ? jumpToCabinet(first.rowId) : undefined)}
          aria-label={
            total === 0 ? t`No checks to look at` : t`${errors}, ${warnings}: go to the first`
          }
        >
          {total === 0 ? (
            <span className="bld-count-ok">✓</span>
          ) : (
            <>
              <span className="bld-count-err">{checks.errors} ✗</span>{' '}
              <span className="bld-count-warn-n">{checks.warnings} ⚠</span>
            </>
          )}
        </button>
        <button type="button" className="btn btn-primary" onClick={onSave}>
          <Trans>Save</Trans>
        </button>
        <Link to={`/order/${projectId}`} className="btn">
          <Trans>Order</Trans>
        </Link>
        <MessagesButton projectId={projectId} />
      </div>
    </div>
  );
}
