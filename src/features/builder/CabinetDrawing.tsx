/**
 * A scale front elevation of one cabinet (SVG, inches as user units): the
 * face frame with its stiles, rails, mid stiles and mid rails; every door and
 * drawer front laid out as the type lays them out, at its finished size and
 * labelled with it in fractions; a split door as two leaves; the hinge side
 * of every hinged leaf; the next-to-wall side hatched and marked "WALL";
 * unmeasured parts dashed (the elevation itself is src/ui's, shared with
 * the order page). Here: the builder's live drawing beside the inputs, drawn
 * only once it scrolls into view, and tapping a part focuses its width.
 */
import { memo, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useLingui } from '@lingui/react/macro';
import { CabinetElevation } from '../../ui/CabinetElevation';
import type { CabinetRow } from '../../domain/cabinetData';
import { itemKey, partsOf } from '../../domain/cabinetTypes';
import type { SizeContext } from '../../domain/itemSize';
import { useBuilderStore } from './builderStore';

/** The id of a part's measurement input (the drawing focuses the width when a part is tapped). */
export function measureInputId(key: string, field: 'width' | 'height'): string {
  return `bld-${key}-${field}`;
}

/** Focuses a part's width field (and brings it on screen). */
export function focusPartWidth(key: string): void {
  const el = document.getElementById(measureInputId(key, 'width'));
  if (!el) return;
  el.focus({ preventScroll: true });
  el.scrollIntoView({ block: 'center', behavior: 'instant' });
}

/** The builder's live drawing of one cabinet: subscribes to that cabinet's items only. */
function LiveDrawing({ row, number, ctx }: { row: CabinetRow; number: number; ctx: SizeContext }) {
  const count = partsOf(row.type)?.length ?? 0;
  const items = useBuilderStore(
    useShallow((s) =>
      Array.from({ length: count }, (_, i) => s.data?.itemState[itemKey(row.id, i)]),
    ),
  );
  // The finished size beside the field updates with the keystroke; the drawing follows right after, at lower priority.
  const deferredItems = useDeferredValue(items);
  const { t } = useLingui();
  return (
    <CabinetElevation
      type={row.type}
      rowId={row.id}
      items={deferredItems}
      ctx={ctx}
      title={t`Cabinet ${number}`}
      maxWidth={260}
      maxHeight={300}
      onPart={(index) => focusPartWidth(itemKey(row.id, index))}
    />
  );
}

/** One IntersectionObserver for every drawing on the page (250 observers would slow the opening). */
let sharedObserver: IntersectionObserver | null = null;
const onVisible = new Map<Element, () => void>();
function observeOnce(el: Element, cb: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    cb();
    return () => {};
  }
  sharedObserver ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        onVisible.get(e.target)?.();
        onVisible.delete(e.target);
        sharedObserver?.unobserve(e.target);
      }
    },
    { rootMargin: '300px 0px' },
  );
  onVisible.set(el, cb);
  sharedObserver.observe(el);
  return () => {
    onVisible.delete(el);
    sharedObserver?.unobserve(el);
  };
}

/**
 * The drawing beside a cabinet's inputs, rendered once it comes near the
 * screen (IntersectionObserver), so a 250-cabinet job opens without drawing
 * 250 cabinets.
 */
export const CabinetDrawing = memo(function CabinetDrawing({
  row,
  number,
  ctx,
}: {
  row: CabinetRow;
  number: number;
  ctx: SizeContext;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || shown) return undefined;
    return observeOnce(el, () => setShown(true));
  }, [shown]);
  return (
    <div ref={ref} className="cd-wrap">
      {shown ? (
        <LiveDrawing row={row} number={number} ctx={ctx} />
      ) : (
        <div className="cd-placeholder" aria-hidden="true" />
      )}
    </div>
  );
});
