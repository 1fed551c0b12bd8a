import { memo } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { domainText } from '../../i18n/domainTexts';
import type { CabinetRow } from '../../domain/cabinetData';
import { itemKey, partsOf } from '../../domain/cabinetTypes';
import type { SizeContext } from '../../domain/itemSize';
import { useCabinetNotes } from './cabinetNotes';
import { selectCabinetRows, useBuilderStore } from './builderStore';
import { CabinetDrawing } from './CabinetDrawing';
import { PartRow } from './PartRow';

interface Props {
  row: CabinetRow;
  /** 1-based position in the job. */
  number: number;
  ctx: SizeContext;
}

/** The element id of a cabinet's card (the navigator and Add Cabinet scroll to it). */
export function cabinetElementId(rowId: string): string {
  return `bld-cabinet-${rowId}`;
}

/**
 * A card per cabinet: its type, a part row per part of the type, the live
 * drawing beside them, and Remove after the cabinet's fields (a removal can be
 * undone). An unknown type (from loaded data) gets an error card that keeps
 * the rest of the builder working. Memoized: only changes to this cabinet
 * re-render it.
 */
export const CabinetCard = memo(function CabinetCard({ row, number, ctx }: Props) {
  const remove = useBuilderStore((s) => s.removeCabinet);
  const move = useBuilderStore((s) => s.moveCabinet);
  // The list is memoized on the cabinet map: a keystroke costs each card a lookup, not a count.
  const total = useBuilderStore((s) => selectCabinetRows(s)?.length ?? 0);
  const notes = useCabinetNotes((s) => s.byRow.get(row.id) ?? '');
  const parts = partsOf(row.type);
  const { t } = useLingui();
  const title = t`Cabinet ${number}`;
  const typeName = row.type || t`no type`;
  const removeButton = (
    <button
      type="button"
      className="btn btn-danger-outline btn-sm"
      onClick={() => remove(row.id)}
      aria-label={t`Remove ${title}`}
    >
      <Trans>Remove</Trans>
    </button>
  );
  if (!parts) {
    return (
      <article
        className="card bld-cabinet bld-cabinet-error"
        aria-label={title}
        role="alert"
        id={cabinetElementId(row.id)}
      >
        <header className="bld-cabinet-head">
          <h3 tabIndex={-1}>
            {title} · <span className="bld-type">{typeName}</span>
          </h3>
        </header>
        <p>
          <Trans>
            Unknown cabinet type “{typeName}”. Its parts cannot be sized, so this cabinet is left
            out of the order. Remove it and add it again with a type from the list.
          </Trans>
        </p>
        <footer className="bld-cabinet-foot">{removeButton}</footer>
      </article>
    );
  }
  return (
    <article className="card bld-cabinet" aria-label={title} id={cabinetElementId(row.id)}>
      <header className="bld-cabinet-head">
        <h3 tabIndex={-1}>
          {title} · <span className="bld-type">{row.type}</span>
        </h3>
      </header>
      {notes ? (
        <ul className="bld-cabinet-notes" aria-label={t`${title} checks`}>
          {notes.split('\n').map((line) => (
            <li key={line} className={line.startsWith('✗') ? 'bld-note-error' : 'bld-note-warn'}>
              {line}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="bld-cabinet-body">
        <div className="bld-cabinet-parts">
          {parts.map((part, index) => (
            <PartRow
              key={index}
              itemKeyValue={itemKey(row.id, index)}
              part={part}
              partNumber={index + 1}
              label={`${title} ${domainText(part)} ${index + 1}`}
              ctx={ctx}
            />
          ))}
        </div>
        <CabinetDrawing row={row} number={number} ctx={ctx} />
      </div>
      <footer className="bld-cabinet-foot">
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => move(row.id, number - 2)}
          disabled={number <= 1}
          aria-label={t`Move up: ${title}`}
        >
          <Trans>Move up</Trans>
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => move(row.id, number)}
          disabled={number >= total}
          aria-label={t`Move down: ${title}`}
        >
          <Trans>Move down</Trans>
        </button>
        {removeButton}
      </footer>
    </article>
  );
});
