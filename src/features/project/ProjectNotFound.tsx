import { Link } from 'react-router-dom';

/** Product rules "Error messages" 'Project not found' card: the project is missing, or not the user's to see. */
export function ProjectNotFound() {
  return (
    <main className="container container-narrow">
      <div className="card">
        <h1>Project not found</h1>
        <p>This project does not exist or you do not have access to it.</p>
        <Link to="/dashboard" className="btn btn-primary">
          Back to Dashboard
        </Link>
      </div>
    </main>
  );
}
