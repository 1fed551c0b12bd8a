import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';

/** Product rules "Error messages" 'Project not found' card: the project is missing, or not the user's to see. */
export function ProjectNotFound() {
  return (
    <main className="container container-narrow">
      <div className="card">
        <h1>
          <Trans>Project not found</Trans>
        </h1>
        <p>
          <Trans>This project does not exist or you do not have access to it.</Trans>
        </p>
        <Link to="/dashboard" className="btn btn-primary">
          <Trans>Back to Dashboard</Trans>
        </Link>
      </div>
    </main>
  );
}
