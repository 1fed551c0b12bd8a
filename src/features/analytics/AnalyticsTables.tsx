import type { QuoteAnalytics, QuoteStats } from './analyticsData';
import { daysText, memberLabel, money, winRateText } from './analyticsData';

/** The period's headline figures. */
export function AnalyticsTotals({ totals }: { totals: QuoteStats }) {
  const figures: [string, string][] = [
    ['Quotes sent', String(totals.sent)],
    ['Accepted', String(totals.accepted)],
    ['Declined', String(totals.declined)],
    ['Expired', String(totals.expired)],
    ['Win rate', winRateText(totals.win_rate)],
    ['Amount quoted', money(totals.quoted_cents)],
    ['Amount accepted', money(totals.accepted_cents)],
    ['Median days from request to acceptance', daysText(totals.median_days_to_accept)],
  ];
  return (
    <dl className="an-totals">
      {figures.map(([label, value]) => (
        <div key={label} className="an-figure">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Cells({ s }: { s: QuoteStats }) {
  return (
    <>
      <td className="num">{s.sent}</td>
      <td className="num">{s.accepted}</td>
      <td className="num">{s.declined}</td>
      <td className="num">{s.expired}</td>
      <td className="num">{winRateText(s.win_rate)}</td>
      <td className="num">{money(s.quoted_cents)}</td>
      <td className="num">{money(s.accepted_cents)}</td>
      <td className="num">{daysText(s.median_days_to_accept)}</td>
    </>
  );
}

function Head({ first }: { first: string }) {
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        {[
          'Sent',
          'Accepted',
          'Declined',
          'Expired',
          'Win rate',
          'Quoted',
          'Accepted amount',
          'Median days',
        ].map((h) => (
          <th key={h} scope="col" className="num">
            {h}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The figures by month and by team member, as tables (the chart's figures too). */
export function AnalyticsTables({ data }: { data: QuoteAnalytics }) {
  return (
    <>
      <section className="card section-card" aria-labelledby="an-month-heading">
        <h2 id="an-month-heading">By month</h2>
        <div className="an-table-wrap" tabIndex={0} role="region" aria-label="Figures by month">
          <table className="an-table">
            <Head first="Month" />
            <tbody>
              {data.by_month.map((m) => (
                <tr key={m.month}>
                  <th scope="row">{m.month}</th>
                  <Cells s={m} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="card section-card" aria-labelledby="an-member-heading">
        <h2 id="an-member-heading">By team member</h2>
        <div
          className="an-table-wrap"
          tabIndex={0}
          role="region"
          aria-label="Figures by team member"
        >
          <table className="an-table">
            <Head first="Team member" />
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
