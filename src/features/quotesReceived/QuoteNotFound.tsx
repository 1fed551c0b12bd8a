import { Link } from 'react-router-dom';

/** The project or quote is missing, or not the user's to see (the same card as a missing project). */
export function QuoteNotFound() {
  return (
    <main className="container container-narrow">
      <div className="card">
        <h1>Quote not found</h1>
        <p>This quote does not exist or you do not have access to it.</p>
        <Link to="/dashboard" className="btn btn-primary">
          Back to Dashboard
        </Link>
      </div>
    </main>
  );
}
