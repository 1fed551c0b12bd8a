import { Link } from 'react-router-dom';
import { Trans } from '@lingui/react/macro';

/** The project or quote is missing, or not the user's to see (the same card as a missing project). */
export function QuoteNotFound() {
  return (
    <main className="container container-narrow">
      <div className="card">
        <h1>
          <Trans>Quote not found</Trans>
        </h1>
        <p>
          <Trans>This quote does not exist or you do not have access to it.</Trans>
        </p>
        <Link to="/dashboard" className="btn btn-primary">
          <Trans>Back to Dashboard</Trans>
        </Link>
      </div>
    </main>
  );
}
