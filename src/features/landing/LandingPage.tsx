import { Link, useLocation } from 'react-router-dom';
import { PublicLayout } from '../../ui/PublicLayout';

const FEATURES = [
  {
    title: 'Measure on site, even offline',
    text: 'Enter door and drawer-front openings on a tablet in the kitchen. Everything is saved on the device and syncs when you are back online.',
  },
  {
    title: 'Finished sizes and hinges',
    text: 'Standard or full overlay, reveals and stile and rail widths turn into finished door and drawer-front sizes and a hinge count to buy.',
  },
  {
    title: 'Every project in one place',
    text: 'Homeowners track their renovations; contractors keep client details, project status, photos and files together.',
  },
];

const TESTIMONIALS = [
  {
    quote:
      'We measured a 30-cabinet kitchen in one visit and ordered the doors the same afternoon. No retyping, no mistakes.',
    who: 'Jordan Placeholder',
    role: 'Refacing contractor',
  },
  {
    quote:
      'I could see exactly where my project stood and share photos with my contractor without chasing emails.',
    who: 'Sam Example',
    role: 'Homeowner',
  },
];

const TIERS = [
  {
    name: 'Basic',
    price: 199,
    items: ['Consultation', 'Material recommendations', 'Email support'],
  },
  {
    name: 'Pro',
    price: 399,
    items: ['Everything in Basic', 'Contractor matchmaking', 'Priority support'],
    featured: true,
  },
  {
    name: 'Premium',
    price: 599,
    items: ['Everything in Pro', 'Dedicated project manager', 'Custom design guidance'],
  },
];

/**
 * The public landing page (product rules "Who uses it"): Features, Testimonials, Pricing. A
 * notice passed in the router state (e.g. after the account was deleted)
 * shows on top.
 */
export function LandingPage() {
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
          <h1>Cabinet refacing projects, measured right the first time</h1>
          <p>
            For homeowners planning a refresh and contractors measuring doors and drawer fronts on
            site.
          </p>
          <div className="btn-row">
            <Link to="/signup" className="btn btn-primary">
              Get Started
            </Link>
            <Link to="/login" className="btn" style={{ background: 'transparent', color: '#fff' }}>
              Sign In
            </Link>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="features">
        <h2 id="features">Features</h2>
        <div className="grid-3">
          {FEATURES.map((f) => (
            <article key={f.title} className="card">
              <h3>{f.title}</h3>
              <p className="muted">{f.text}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="section" aria-labelledby="testimonials">
        <h2 id="testimonials">Testimonials</h2>
        <div className="grid-2">
          {TESTIMONIALS.map((t) => (
            <figure key={t.who} className="card" style={{ margin: 0 }}>
              <blockquote className="quote" style={{ margin: '0 0 0.75rem' }}>
                “{t.quote}”
              </blockquote>
              <figcaption>
                <strong>{t.who}</strong> <span className="muted">· {t.role}</span>
              </figcaption>
            </figure>
          ))}
        </div>
      </section>

      <section className="section" aria-labelledby="pricing">
        <h2 id="pricing">Pricing</h2>
        <div className="grid-3">
          {TIERS.map((t) => (
            <article key={t.name} className={`card${t.featured ? ' tier-featured' : ''}`}>
              <h3>{t.name}</h3>
              <p className="price">
                ${t.price} <small>per project</small>
              </p>
              <ul className="ticks">
                {t.items.map((i) => (
                  <li key={i}>{i}</li>
                ))}
              </ul>
              <Link
                to="/signup"
                className={`btn btn-block${t.featured ? ' btn-primary' : ''}`}
                aria-label={`Choose ${t.name}`}
              >
                Choose {t.name}
              </Link>
            </article>
          ))}
        </div>
      </section>
    </PublicLayout>
  );
}
