import { Link, useParams } from 'react-router-dom';
import { format } from 'date-fns';
import { useAuth } from '../../auth/useAuth';
import { Spinner } from '../../app/Spinner';
import { useProject } from '../../data';
import { StatusBadge } from '../dashboard/StatusEditor';
import { statusLabel } from '../../domain/projectLabels';
import { ProjectFiles } from './ProjectFiles';
import { ProjectMembers } from './ProjectMembers';
import { SharedProjectView } from './SharedProjectView';

function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : format(d, 'PPpp');
}

/**
 * /project/:projectId (spec §2, §8): name, description, status, created and
 * updated dates, the raw JSON, and the file list. 'Project not found' when
 * missing or not accessible (spec §6: only projects whose user_id is the
 * current user); 'Please sign in to view project details' when signed out.
 */
export function ProjectDetailPage() {
  const { projectId } = useParams();
  const user = useAuth((s) => s.user);
  const project = useProject(projectId);

  if (!user) {
    return (
      <main className="container">
        <div className="card">
          <p>Please sign in to view project details</p>
        </div>
      </main>
    );
  }
  if (project === undefined) return <Spinner label="Loading project…" />;
  if (project && project.user_id !== user.id && project.owner_user_id !== user.id && project.assigned_contractor_id !== user.id) return <SharedProjectView project={project} />;
  if (project === null || project.user_id !== user.id) {
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

  const description = project.description ?? (typeof project.details?.description === 'string' ? project.details.description : '');
  return (
    <main className="container">
      <div className="page-head">
        <div>
          <h1>{project.name?.trim() || 'Untitled Project'}</h1>
          <StatusBadge status={project.status} />
        </div>
        <div className="btn-row">
          <Link to="/dashboard" className="btn">
            Back to Dashboard
          </Link>
          <Link to={`/cabinet-builder/${project.id}`} className="btn btn-primary">
            Cabinets
          </Link>
        </div>
      </div>
      <section className="card section-card" aria-labelledby="details-heading">
        <h2 id="details-heading">Details</h2>
        <dl className="dl">
          <dt>Description</dt>
          <dd>{description || <span className="muted">No description</span>}</dd>
          <dt>Status</dt>
          <dd>{statusLabel(project.status)}</dd>
          <dt>Created</dt>
          <dd>{when(project.created_at)}</dd>
          <dt>Updated</dt>
          <dd>{when(project.updated_at)}</dd>
        </dl>
      </section>
      <ProjectMembers project={project} />
      <ProjectFiles projectId={project.id} />
      <section className="card section-card" aria-labelledby="json-heading">
        <h2 id="json-heading">Raw data</h2>
        <pre className="json" tabIndex={0} aria-label="Project as JSON">
          {JSON.stringify(project, null, 2)}
        </pre>
      </section>
    </main>
  );
}
