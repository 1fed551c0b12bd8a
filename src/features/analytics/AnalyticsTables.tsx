import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatMonth, formatNumber } from '../../i18n/format';
import type { QuoteAnalytics, QuoteStats } from './analyticsData';
import { daysText, memberLabel, money, winRateText } from './analyticsData';

/** The period's headline figures. */
export function AnalyticsTotals({ totals }: { totals: QuoteStats }) {
  const { i18n } = useLingui();
  const figures: [MessageDescriptor, string][] = [
    [msg`Quotes sent`, formatNumber(totals.sent)],
    [msg`Accepted`, formatNumber(totals.accepted)],
    [msg`Declined`, formatNumber(totals.declined)],
    [msg`Expired`, formatNumber(totals.expired)],
    [msg`Win rate`, winRateText(totals.win_rate)],
    [msg`Amount quoted`, money(totals.quoted_cents)],
    [msg`Amount accepted`, money(totals.accepted_cents)],
    [msg`Median days from request to acceptance`, daysText(totals.median_days_to_accept)],
  ];
  return (
    <dl className="an-totals">
      {figures.map(([label, value]) => (
        <div key={label.id} className="an-figure">
          <dt>{i18n._(label)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Cells({ s }: { s: QuoteStats }) {
  return (
    <>
      <td className="num">{formatNumber(s.sent)}</td>
      <td className="num">{formatNumber(s.accepted)}</td>
      <td className="num">{formatNumber(s.declined)}</td>
      <td className="num">{formatNumber(s.expired)}</td>
      <td className="num">{winRateText(s.win_rate)}</td>
      <td className="num">{money(s.quoted_cents)}</td>
      <td className="num">{money(s.accepted_cents)}</td>
      <td className="num">{daysText(s.median_days_to_accept)}</td>
    </>
  );
}

const HEADS: MessageDescriptor[] = [
  msg`Sent`,
  msg`Accepted`,
  msg`Declined`,
  msg`Expired`,
  msg`Win rate`,
  msg`Quoted`,
  msg`Accepted amount`,
  msg`Median days`,
];

function Head({ first }: { first: string }) {
  const { i18n } = useLingui();
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        {HEADS.map((h) => (
          <th key={h.id} scope="col" className="num">
            {i18n._(h)}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The figures by month and by team member, as tables (the chart's figures too). */
export function AnalyticsTables({ data }: { data: QuoteAnalytics }) {
  const { t } = useLingui();
  return (
    <>
      <section className="card section-card" aria-labelledby="an-month-heading">
        <h2 id="an-month-heading">
          <Trans>By month</Trans>
        </h2>
        <div className="an-table-wrap" tabIndex={0} role="region" aria-label={t`Figures by month`}>
          <table className="an-table">
            <Head first={t`Month`} />
            <tbody>
              {data.by_month.map((m) => (
                <tr key={m.month}>
                  <th scope="row">{formatMonth(`${m.month}-01`)}</th>
                  <Cells s={m} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="card section-card" aria-labelledby="an-member-heading">
        <h2 id="an-member-heading">
          <Trans>By team member</Trans>
        </h2>
        <div
          className="an-table-wrap"
          tabIndex={0}
          role="region"
          aria-label={t`Figures by team member`}
        >
          <table className="an-table">
            <Head first={t`Team member`} />
            <tbody>
              {data.by_member.map((m) => (
                <tr key={m.contractor_id}>
                  <th scope="row">{memberLabel(m)}</th>
                  <Cells s={m} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
