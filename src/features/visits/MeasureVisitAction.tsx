import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { useLingui } from '@lingui/react';
import { visitsRepo } from '../../data';
import { useProjectVisits } from '../../hooks';
import { VisitForm } from './VisitForm';
import { VisitItem } from './ProjectVisits';
import { errorText } from '../../remote/errorCodes';
import './visits.css';

/**
 * On a quote request, for a contractor in its area: "Propose a measure
 * visit" (times and a message), then his proposal as it stands: waiting for
 * the homeowner, or the time she accepted with "Measure in the builder" (the
 * job is shared with him then), or declined, when he may propose again.
 */
export function MeasureVisitAction({ projectId, userId }: { projectId: string; userId: string }) {
  // Subscribed to the language: the refusal's words (errorText) follow a switch.
  useLingui();
  const visits = useProjectVisits(projectId);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (visits === undefined) return null;
  // A proposal not yet sent has no contractor on the device: it is the user's own.
  const mine = visits.filter(
    (v) => v.kind === 'measure' && (v.contractor_id === userId || v.version === 0),
  );
  const open_ = mine.find((v) => v.status === 'proposed' || v.status === 'scheduled');
  const shown = open_ ?? mine.at(-1);
  return (
    <div className="visit-action">
      {shown ? (
        <ul className="visit-list">
          <VisitItem
            visit={shown}
            isOwner={false}
            isPlanner
            contractorName=""
            crewNames={[]}
            onAccept={() => undefined}
            onDecline={() => undefined}
            onCancel={() =>
              void visitsRepo.cancel(shown.id).then((r) => {
                setError(r.ok ? null : errorText(r));
              })
            }
          />
        </ul>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {!open_ && !open ? (
        <button type="button" className="btn" onClick={() => setOpen(true)}>
          <Trans>Propose a measure visit</Trans>
        </button>
      ) : null}
      {open && !open_ ? (
        <VisitForm projectId={projectId} kind="measure" onDone={() => setOpen(false)} />
      ) : null}
    </div>
  );
}
