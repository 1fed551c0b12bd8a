import { startTransition, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { addDays } from 'date-fns';
import { useAllVisits } from '../../hooks';
import { formatDateFull, formatHourOfDay, formatTimeRange } from '../../i18n/format';
import { Spinner } from '../../ui/Spinner';
import type { VisitRow } from '../../data';
import type { CalendarEntry } from '../../../shared/visitEntries';
import { VISIT_STATUS_TEXTS } from '../visits/visitTexts';
import { downloadVisitIcs, visitSummary } from '../visits/visitIcsDownload';
import { allEntries, entriesByDay, viewDays, type CalendarView } from './calendarDays';
import { CalendarFeed } from './CalendarFeed';
import './calendar.css';

/** The first hour a week or day view draws, and the last. */
const FIRST_HOUR = 6;
const LAST_HOUR = 21;
const HOUR_PX = 44;

/** A phone reads a list; a tablet or wider a week. */
function defaultView(): CalendarView {
  return typeof window !== 'undefined' && window.matchMedia('(min-width: 700px)').matches
    ? 'week'
    : 'list';
}

/**
 * /calendar: the visits of the signed-in person (his as contractor, those he
 * goes on, his team's as its admin, a homeowner's job's) as a week or a day
 * (a tablet) or a list (a phone), in the viewer's time zone, each opening
 * its job and downloadable as `.ics`; below, the person's feed link for
 * their phone's calendar (CalendarFeed).
 */
export function CalendarPage() {
  const { t } = useLingui();
  const visits = useAllVisits();
  const [view, setView] = useState<CalendarView>(defaultView);
  const [anchor, setAnchor] = useState(() => new Date());
  const entries = useMemo(() => allEntries(visits ?? []), [visits]);
  if (visits === undefined) return <Spinner label={t`Loading visits…`} />;
  const step = view === 'day' ? 1 : view === 'week' ? 7 : 60;
  return (
    <main className="container cal">
      <div className="page-head">
        <h1>
          <Trans>Visits</Trans>
        </h1>
      </div>
      <div className="cal-bar" role="toolbar" aria-label={t`Calendar`}>
        <div className="btn-row" role="group" aria-label={t`View`}>
          {(['week', 'day', 'list'] as const).map((v) => (
            <button
              key={v}
              type="button"
              className={`btn btn-sm${view === v ? ' btn-primary' : ''}`}
              aria-pressed={view === v}
              onClick={() => setView(v)}
            >
              {v === 'week' ? (
                <Trans>Week</Trans>
              ) : v === 'day' ? (
                <Trans>Day</Trans>
              ) : (
                <Trans>List</Trans>
              )}
            </button>
          ))}
        </div>
        <div className="btn-row">
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => setAnchor(addDays(anchor, -step))}
          >
            <Trans>Previous</Trans>
          </button>
          <button type="button" className="btn btn-sm" onClick={() => setAnchor(new Date())}>
            <Trans>Today</Trans>
          </button>
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => setAnchor(addDays(anchor, step))}
          >
            <Trans>Next</Trans>
          </button>
        </div>
      </div>
      <CalendarBody view={view} anchor={anchor} entries={entries} />
      <CalendarFeed />
    </main>
  );
}

/** The days of `view` with their events; exported for the benchmark. */
export function CalendarBody({
  view,
  anchor,
  entries,
}: {
  view: CalendarView;
  anchor: Date;
  entries: readonly CalendarEntry[];
}) {
  const days = viewDays(view, anchor);
  const byDay = entriesByDay(entries, days);
  if (view === 'list') {
    const shown = days.map((d, i) => [d, byDay[i]!] as const).filter(([, e]) => e.length > 0);
    if (shown.length === 0)
      return (
        <p className="card muted">
          <Trans>No visits in the next 60 days.</Trans>
        </p>
      );
    return <CalendarList key={anchor.toISOString()} days={shown} />;
  }
  const hours = Array.from({ length: LAST_HOUR - FIRST_HOUR }, (_, i) => FIRST_HOUR + i);
  return (
    <div className={`cal-grid cal-${view}`} style={{ ['--cal-days' as string]: days.length }}>
      <div className="cal-corner" />
      {days.map((d) => (
        <div key={d.toISOString()} className="cal-dayhead">
          {formatDateFull(d)}
        </div>
      ))}
      <div className="cal-hours">
        {hours.map((h) => (
          <div key={h} className="cal-hour" style={{ height: HOUR_PX }}>
            {formatHourOfDay(h)}
          </div>
        ))}
      </div>
      {days.map((d, i) => (
        <div key={d.toISOString()} className="cal-day" style={{ height: HOUR_PX * hours.length }}>
          {byDay[i]!.map((e) => {
            const top = (e.start.getHours() + e.start.getMinutes() / 60 - FIRST_HOUR) * HOUR_PX;
            const height = Math.max(
              22,
              ((e.end.getTime() - e.start.getTime()) / 3_600_000) * HOUR_PX,
            );
            return (
              <div
                key={`${e.visit.id}-${e.slot}`}
                className={`cal-event cal-${e.status}`}
                style={{ top: Math.max(0, top), height }}
              >
                <EntryItem entry={e} />
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/** Events a list paints first (more than a phone's screen holds); the rest follow in a transition. */
const FIRST_LIST_EVENTS = 20;

/**
 * The list of days with events: the first screen's events at once, the rest
 * rendered right after in a transition (a busy crew's 60 days hold hundreds
 * of events, and a phone shows a handful), so the list is readable at once
 * and taps are not held up while it completes.
 */
function CalendarList({ days }: { days: readonly (readonly [Date, CalendarEntry[]])[] }) {
  const total = days.reduce((s, [, e]) => s + e.length, 0);
  const [limit, setLimit] = useState(FIRST_LIST_EVENTS);
  useEffect(() => {
    if (limit < total) startTransition(() => setLimit(total));
  }, [limit, total]);
  let left = limit;
  const partial: (readonly [Date, CalendarEntry[]])[] = [];
  for (const [day, list] of days) {
    if (left <= 0) break;
    partial.push([day, list.slice(0, left)]);
    left -= list.length;
  }
  return (
    <ol className="cal-list">
      {partial.map(([day, list]) => (
        <li key={day.toISOString()} className="card">
          <h2>{formatDateFull(day)}</h2>
          <ul>
            {list.map((e) => (
              <EntryItem key={`${e.visit.id}-${e.slot}`} entry={e} withDownload />
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

function EntryItem({ entry: e, withDownload }: { entry: CalendarEntry; withDownload?: boolean }) {
  const { t, i18n } = useLingui();
  const v = e.visit as VisitRow;
  const Tag = withDownload ? 'li' : 'div';
  return (
    <Tag className={`cal-entry cal-${e.status}`} data-visit={v.id}>
      <Link to={`/project/${v.project_id}`} className="cal-title">
        {visitSummary(v)}
      </Link>
      <span className="cal-time">{formatTimeRange(e.start, e.end)}</span>
      {withDownload ? (
        <>
          <span className="badge">{i18n._(VISIT_STATUS_TEXTS[v.status])}</span>
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => void downloadVisitIcs(v, t`Refacing visits`)}
          >
            <Trans>Add to calendar (.ics)</Trans>
          </button>
        </>
      ) : (
        <button
          type="button"
          className="cal-ics"
          aria-label={t`Add to calendar (.ics)`}
          title={t`Add to calendar (.ics)`}
          onClick={() => void downloadVisitIcs(v, t`Refacing visits`)}
        >
          {'.ics'}
        </button>
      )}
    </Tag>
  );
}
