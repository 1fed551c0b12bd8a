import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { visitsRepo, type VisitRow, type VisitWriteError } from '../../data';
import type { Outcome } from '../../../shared/outcome';
import { useProjectQuotes, useProjectVisits } from '../../hooks';
import { contractorName as quoteContractorName } from '../../domain/quoteComparison';
import type { JobAnswer } from '../../domain/jobRole';
import { formatTimeRange } from '../../i18n/format';
import { markVisitsSeen } from '../../remote/visitNotices';
import { VisitForm, type CrewChoice } from './VisitForm';
import { VISIT_KIND_TEXTS, VISIT_STATUS_TEXTS } from './visitTexts';
import { errorText } from '../../remote/errorCodes';
import { downloadVisitIcs } from './visitIcsDownload';
import { mayMarkInstallDone } from '../../domain/installGate';
import { formatDateTime } from '../../i18n/format';
import './visits.css';

/**
 * A job's visits: the measure visits proposed to the homeowner (she accepts
 * one time or declines; nobody else answers) and the install days with who
 * goes; the contractor's side schedules the install (the contractor of
 * record or his organization's admin), cancels, opens the builder after a
 * measure visit is accepted, and downloads any visit for a calendar.
 * Names of the crew come from the job's people; a team member who is not
 * on the job reads as "A team member". A contractor who proposes a measure
 * visit is not on the job yet: he reads by the contact the visit carries (set
 * by the server when he proposed it), else his quote's, else as "A contractor".
 */
export function ProjectVisits({
  projectId,
  job,
  userId,
  crewChoices,
}: {
  projectId: string;
  job: JobAnswer;
  userId: string;
  /** Who may go on an install when the user plans it (his team as its admin, or himself). */
  crewChoices?: readonly CrewChoice[];
}) {
  const { t } = useLingui();
  const visits = useProjectVisits(projectId);
  const quotes = useProjectQuotes(projectId);
  const [scheduling, setScheduling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const role = job.me?.role;
  // The install is planned once the homeowner said yes (the server refuses it before: visit.no_accepted_quote).
  const accepted = quotes?.some((q) => q.status === 'accepted') ?? false;
  const plansInstall = (role === 'contractor' || role === 'org_admin') && accepted;
  useEffect(() => {
    if (visits) markVisitsSeen(visits);
  }, [visits]);
  if (visits === undefined) return null;
  if (visits.length === 0 && !plansInstall) return null;
  const nameOf = (id: string) =>
    job.people.find((p) => p.userId === id)?.name ?? (id === userId ? t`You` : t`A team member`);
  const contractorOf = (v: VisitRow) => {
    const id = v.contractor_id;
    const onJob = job.people.find((p) => p.userId === id)?.name;
    if (onJob || id === userId) return nameOf(id);
    if (v.contractor_contact && Object.keys(v.contractor_contact).length > 0)
      return quoteContractorName(v.contractor_contact);
    const quoted = quotes?.find((q) => q.contractor_id === id && q.contractor_contact);
    return quoted ? quoteContractorName(quoted.contractor_contact) : t`A contractor`;
  };

  async function act(run: () => Promise<Outcome<unknown, VisitWriteError>>) {
    const res = await run();
    setError(res.ok ? null : errorText(res));
  }

  return (
    <section className="card section-card visits" aria-labelledby="visits-heading">
      <h2 id="visits-heading">
        <Trans>Visits</Trans>
      </h2>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <ul className="visit-list">
        {visits.map((v) => (
          <VisitItem
            key={v.id}
            visit={v}
            isOwner={role === 'owner'}
            isPlanner={v.contractor_id === userId || role === 'org_admin'}
            contractorName={contractorOf(v)}
            crewNames={v.crew.map(nameOf)}
            onAccept={(i) => void act(() => visitsRepo.accept(v.id, i))}
            onDecline={() => void act(() => visitsRepo.decline(v.id))}
            onCancel={() => void act(() => visitsRepo.cancel(v.id))}
            onDone={(done) => void act(() => visitsRepo.markDone(v.id, done))}
          />
        ))}
      </ul>
      {plansInstall && !scheduling ? (
        <div className="btn-row">
          <button type="button" className="btn" onClick={() => setScheduling(true)}>
            <Trans>Schedule the install</Trans>
          </button>
          <Link to="/calendar" className="btn">
            <Trans>Calendar</Trans>
          </Link>
        </div>
      ) : null}
      {scheduling ? (
        <VisitForm
          projectId={projectId}
          kind="install"
          crewChoices={crewChoices ?? [{ id: userId, name: t`You` }]}
          defaultCrew={role === 'contractor' ? [userId] : []}
          onDone={() => setScheduling(false)}
        />
      ) : null}
    </section>
  );
}

/** One visit on the job page. */
export function VisitItem({
  visit: v,
  isOwner,
  isPlanner,
  contractorName,
  crewNames,
  onAccept,
  onDecline,
  onCancel,
  onDone,
}: {
  visit: VisitRow;
  isOwner: boolean;
  isPlanner: boolean;
  contractorName: string;
  crewNames: string[];
  onAccept: (index: number) => void;
  onDecline: () => void;
  onCancel: () => void;
  /** Marks an install done (true) or not done again; absent where the visit is only shown. */
  onDone?: (done: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const answering = isOwner && v.kind === 'measure' && v.status === 'proposed';
  const shown =
    v.kind === 'measure' && v.status === 'scheduled' && v.chosen_slot !== null
      ? [v.slots[v.chosen_slot]!]
      : v.slots;
  const closed = v.status === 'cancelled' || v.status === 'declined';
  const names = crewNames.join(', ');
  const doneWhen = v.done_at ? formatDateTime(v.done_at) : '';
  const markable = isPlanner && !!onDone && mayMarkInstallDone(v, Date.now());
  return (
    <li className={`visit-item visit-${v.status}`} data-visit={v.id}>
      <div className="visit-head">
        <strong>{i18n._(VISIT_KIND_TEXTS[v.kind])}</strong>
        <span className={`badge visit-badge-${v.status}`}>
          {i18n._(VISIT_STATUS_TEXTS[v.status])}
        </span>
        {v.version === 0 ? (
          <span className="badge">
            <Trans>Not sent yet</Trans>
          </span>
        ) : null}
      </div>
      {isPlanner ? null : (
        <p className="muted">
          <Trans>From {contractorName}</Trans>
        </p>
      )}
      <ul className="visit-times">
        {shown.map((s, i) => {
          const index = v.slots.indexOf(s);
          return (
            <li key={`${s.starts_at}-${i}`}>
              <span>{formatTimeRange(s.starts_at, s.ends_at)}</span>
              {answering ? (
                <button
                  type="button"
                  className="btn btn-primary btn-small"
                  onClick={() => onAccept(index)}
                >
                  <Trans>Accept this time</Trans>
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {v.crew.length > 0 ? (
        <p>
          <Trans>Who goes: {names}</Trans>
        </p>
      ) : null}
      {v.message ? <p className="visit-note">{v.message}</p> : null}
      {v.kind === 'install' && v.done_at ? (
        <p data-testid="install-done">
          <Trans>Install done on {doneWhen}</Trans>
        </p>
      ) : null}
      <div className="btn-row">
        {answering ? (
          <button type="button" className="btn" onClick={onDecline}>
            <Trans>Decline</Trans>
          </button>
        ) : null}
        {isPlanner && v.kind === 'measure' && v.status === 'scheduled' ? (
          <Link to={`/cabinet-builder/${v.project_id}`} className="btn btn-primary">
            <Trans>Measure in the builder</Trans>
          </Link>
        ) : null}
        {!closed && v.status !== 'proposed' ? (
          <button
            type="button"
            className="btn"
            onClick={() => void downloadVisitIcs(v, t`Refacing visits`)}
          >
            <Trans>Add to calendar (.ics)</Trans>
          </button>
        ) : null}
        {markable ? (
          <button type="button" className="btn btn-primary" onClick={() => onDone?.(true)}>
            <Trans>Mark the install done</Trans>
          </button>
        ) : null}
        {isPlanner && onDone && v.kind === 'install' && v.done_at && !closed ? (
          <button type="button" className="btn" onClick={() => onDone(false)}>
            <Trans>Not done yet</Trans>
          </button>
        ) : null}
        {isPlanner && !closed ? (
          <button type="button" className="btn" onClick={onCancel}>
            <Trans>Cancel the visit</Trans>
          </button>
        ) : null}
      </div>
    </li>
  );
}
