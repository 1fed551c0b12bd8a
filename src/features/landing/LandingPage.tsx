import { Link, useLocation } from 'react-router-dom';
import { PublicLayout } from '../../ui/PublicLayout';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../i18n/format';

const FEATURES = [
  {
    title: msg`Measure on site, even offline`,
    text: msg`Enter door and drawer-front openings on a tablet in the kitchen. Everything is saved on the device and syncs when you are back online.`,
  },
  {
    title: msg`Finished sizes and hinges`,
    text: msg`Standard or full overlay, reveals and stile and rail widths turn into finished door and drawer-front sizes and a hinge count to buy.`,
  },
  {
    title: msg`Every project in one place`,
    text: msg`Homeowners track their renovations; contractors keep client details, project status, photos and files together.`,
  },
];

const TESTIMONIALS = [
  {
    quote: msg`We measured a 30-cabinet kitchen in one visit and ordered the doors the same afternoon. No retyping, no mistakes.`,
    who: 'Jordan Placeholder',
    role: msg`Refacing contractor`,
  },
  {
    quote: msg`I could see exactly where my project stood and share photos with my contractor without chasing emails.`,
    who: 'Sam Example',
    role: msg`Homeowner`,
  },
];

const TIERS = [
  {
    name: msg`Basic`,
    price: 199,
    items: [msg`Consultation`, msg`Material recommendations`, msg`Email support`],
  },
  {
    name: msg`Pro`,
    price: 399,
    items: [msg`Everything in Basic`, msg`Contractor matchmaking`, msg`Priority support`],
    featured: true,
  },
  {
    name: msg`Premium`,
    price: 599,
    items: [msg`Everything in Pro`, msg`Dedicated project manager`, msg`Custom design guidance`],
  },
];

/**
 * The public landing page (product rules "Who uses it"): Features, Testimonials, Pricing. A
 * notice passed in the router state (e.g. after the account was deleted)
 * shows on top.
 */
export function LandingPage() {
  const { t } = useLingui();
  const state: unknown = useLocation().state;
  const notice =
    typeof state === 'object' &&
    state !== null &&
    typeof (state as { notice?: unknown }).notice === 'string'
      ? (state as { notice: string }).notice
      : null;
  return (
    <PublicLayout>
      {notice ? (
        <div className="container" style={{ paddingTop: '1rem' }}>
          <div className="alert alert-success" role="status" style={{ marginBottom: 0 }}>
            {notice}
          </div>
        </div>
      ) : null}
      <section className="hero">
        <div className="hero-inner">
          <h1>
            <Trans>Cabinet refacing projects, measured right the first time</Trans>
          </h1>
          <p>
            <Trans>
              For homeowners planning a refresh and contractors measuring doors and drawer fronts on
              site.
            </Trans>
          </p>
          <div className="btn-row">
            <Link to="/signup" className="btn btn-primary">
              <Trans>Get Started</Trans>
            </Link>
            <Link to="/login" className="btn" style={{ background: 'transparent', color: '#fff' }}>
              <Trans>Sign In</Trans>
            </Link>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="features">
        <h2 id="features">
          <Trans>Features</Trans>
        </h2>
        <div className="grid-3">
          {FEATURES.map((f) => (
            <article key={f.title.id} className="card">
              <h3>{t(f.title)}</h3>
              <p className="muted">{t(f.text)}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="section" aria-labelledby="testimonials">
        <h2 id="testimonials">
          <Trans>Testimonials</Trans>
        </h2>
        <div className="grid-2">
          {TESTIMONIALS.map((q) => {
            const quote = t(q.quote);
            return (
              <figure key={q.who} className="card" style={{ margin: 0 }}>
                <blockquote className="quote" style={{ margin: '0 0 0.75rem' }}>
                  {t`“${quote}”`}
                </blockquote>
                <figcaption>
                  <strong>{q.who}</strong> <span className="muted">· {t(q.role)}</span>
                </figcaption>
              </figure>
            );
          })}
        </div>
      </section>

      <section className="section" aria-labelledby="pricing">
        <h2 id="pricing">
          <Trans>Pricing</Trans>
        </h2>
        <div className="grid-3">
          {TIERS.map((tier) => {
            const name = t(tier.name);
            const price = formatNumber(tier.price, {
              style: 'currency',
              currency: 'USD',
              maximumFractionDigits: 0,
            });
            return (
              <article
                key={tier.name.id}
                className={`card${tier.featured ? ' tier-featured' : ''}`}
              >
                <h3>{name}</h3>
                <p className="price">
                  <Trans>
                    {price} <small>per project</small>
                  </Trans>
                </p>
                <ul className="ticks">
                  {tier.items.map((i) => (
                    <li key={i.id}>{t(i)}</li>
                  ))}
                </ul>
                <Link
                  to="/signup"
                  className={`btn btn-block${tier.featured ? ' btn-primary' : ''}`}
                  aria-label={t`Choose ${name}`}
                >
                  <Trans>Choose {name}</Trans>
                </Link>
              </article>
            );
          })}
        </div>
      </section>
    </PublicLayout>
  );
}
