/**
 * The amount quoted and the amount accepted by month as bars, drawn with
 * uPlot (about 50 KB, canvas). This module is imported only by the Analytics
 * page, lazily, so the chart library never loads with the dashboard. The
 * same figures are in the table beside it, so the canvas is hidden from
 * screen readers.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useLingui } from '@lingui/react/macro';
import { formatMonthShort } from '../../i18n/format';
import { money } from './analyticsData';

/** Half a month in seconds: room on each side of the first and last bars. */
const HALF_MONTH_S = 15 * 86_400;

/** 'YYYY-MM' as the epoch seconds of the month's first day (UTC). */
function monthStart(month: string): number {
  const [y, m] = month.split('-').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, 1) / 1000;
}

/**
 * A bar's month (epoch seconds of its first day, UTC) as "Nov 26" / "nov 26", read in UTC so the
 * month is the bar's wherever the device is.
 */
function monthText(s: number): string {
  const d = new Date(s * 1000);
  return formatMonthShort(new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

/** An axis tick (uPlot places month ticks at local midnight) as "Nov 26" / "nov 26". */
function tickText(s: number): string {
  return formatMonthShort(new Date(s * 1000));
}

/** Bars of quoted (left) and accepted (right) dollars per month. */
export default function MonthlyChart({
  months,
}: {
  months: { month: string; quoted_cents: number; accepted_cents: number }[];
}) {
  const { t, i18n } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || months.length === 0) return undefined;
    const xs = months.map((m) => monthStart(m.month));
    const data: uPlot.AlignedData = [
      xs,
      months.map((m) => m.quoted_cents / 100),
      months.map((m) => m.accepted_cents / 100),
    ];
    const bars = uPlot.paths.bars;
    const width = Math.max(280, el.clientWidth);
    const plot = new uPlot(
      {
        width,
        height: 260,
        scales: {
          x: { time: true, range: [xs[0]! - HALF_MONTH_S, xs[xs.length - 1]! + HALF_MONTH_S] },
          y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
        },
        axes: [
          {
            values: (_u, splits) => splits.map(tickText),
          },
          {
            size: 70,
            values: (_u, splits) => splits.map((v) => money(v * 100).replace(/\.00$/, '')),
          },
        ],
        series: [
          { label: t`Month`, value: (_u, v) => (v === null ? '—' : monthText(v)) },
          {
            label: t`Quoted`,
            fill: '#1f4e5f',
            stroke: '#1f4e5f',
            paths: bars?.({ size: [0.35, 60], align: -1 }),
            points: { show: false },
            value: (_u, v) => (v === null ? '—' : money(v * 100)),
          },
          {
            label: t`Accepted`,
            fill: '#b8733a',
            stroke: '#b8733a',
            paths: bars?.({ size: [0.35, 60], align: 1 }),
            points: { show: false },
            value: (_u, v) => (v === null ? '—' : money(v * 100)),
          },
        ],
      },
      data,
      el,
    );
    return () => plot.destroy();
    // The language is a dependency: the chart is drawn again in the new one.
  }, [months, t, i18n.locale]);
  return <div ref={box} className="an-chart" aria-hidden="true" />;
}
