import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { RowSyncNote } from '../../app/rowSync/RowSyncNote';
import { refusalInBuilder } from '../../app/rowSync/refusalText';
import { ProjectNotFound } from './ProjectNotFound';
import { useAuth } from '../../auth/useAuth';
import { Spinner } from '../../app/Spinner';
import { useProject } from '../../hooks';
import { StatusBadge } from '../../app/ui/StatusBadge';
import { projectDisplayName } from '../../domain/projectLabels';
import { PageHeader } from '../../app/ui/PageHeader';
import { ProjectContactCard } from './ProjectContactCard';
import { ProjectDetailsCard } from './ProjectDetailsCard';
import { cabinetCount, cabinetSummary } from '../../domain/cabinetSummary';
import { ProjectFiles } from './ProjectFiles';
import { ProjectMembers } from './ProjectMembers';
import { ProjectThread } from '../../app/thread/ProjectThread';
import { SharedProjectView } from './SharedProjectView';
import { HomeownerQuotes } from './ProjectQuotesSummary';
import { ProjectReview } from './ProjectReview';
import './project.css';

function str(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

/**
 * /project/:projectId (product rules "Screens and routes", "Error messages"), laid out for the job site: the client's
 * contact as tap-to-call, email and map links; status, type and scopes; the
 * cabinet summary with the way to the builder and the door order; the files
 * and photos; and the spec's raw JSON folded behind "Technical details"
 * (closed by default), then the people on the project. This full page is for
 * the user's own projects (created, owned or assigned to them); a project
 * shared with them opens {@link SharedProjectView}. 'Project not found' when
 * missing or not accessible; 'Please sign in to view project details' when
 * signed out.
 */
export function ProjectDetailPage() {
  const { projectId } = useParams();
  const user = useAuth((s) => s.user);
  const project = useProject(projectId);
  const [techOpen, setTechOpen] = useState(false);
  const navigate = useNavigate();

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
  if (
    project &&
    project.user_id !== user.id &&
    project.owner_user_id !== user.id &&
    project.assigned_contractor_id !== user.id
  )
    return <SharedProjectView project={project} />;
  if (project === null) {
    return <ProjectNotFound />;
  }

  const details = project.details ?? {};
  const name = projectDisplayName(project.name);
  const phone = str(details.phone);
  const email = str(details.email);
  const address = str(details.address);
  const hasCabinets = cabinetCount(details.cabinetData) > 0;

  return (
    <main className="container prj">
      <PageHeader title={name} badges={<StatusBadge status={project.status} />} />
      <RowSyncNote
        table="projects"
        id={project.id}
        onFix={(letter) =>
          void navigate(
            refusalInBuilder(letter) ? `/cabinet-builder/${project.id}` : '/dashboard',
            refusalInBuilder(letter) ? undefined : { state: { edit: project.id } },
          )
        }
      />

      <div className="prj-grid">
        <ProjectContactCard phone={phone} email={email} address={address} />
        <ProjectDetailsCard project={project} />
      </div>

      <section className="card section-card" aria-labelledby="cabinets-heading">
        <h2 id="cabinets-heading">Cabinets</h2>
        <p className="prj-summary">{cabinetSummary(details.cabinetData)}</p>
        <div className="btn-row">
          <Link to={`/cabinet-builder/${project.id}`} className="btn btn-primary">
            {hasCabinets ? 'Open Cabinet Builder' : 'Start measuring'}
          </Link>
          {hasCabinets ? (
            <Link to={`/order/${project.id}`} className="btn">
              Door Order
            </Link>
          ) : null}
          {project.owner_user_id &&
          project.owner_user_id !== user.id &&
          project.assigned_contractor_id === user.id ? (
            <Link to={`/quote/new/${project.id}`} className="btn">
              Prepare a quote
            </Link>
          ) : null}
        </div>
      </section>

      {project.owner_user_id === user.id ? <HomeownerQuotes project={project} /> : null}
      <ProjectReview project={project} userId={user.id} />
      <ProjectThread project={project} userId={user.id} />
      <ProjectMembers project={project} />
      <ProjectFiles projectId={project.id} />

      <details
        className="card section-card prj-tech"
        onToggle={(e) => setTechOpen(e.currentTarget.open)}
      >
        <summary>
          <h2>Technical details</h2>
        </summary>
        {/* Rendered only when open: a closed disclosure holds nothing to tab to. */}
        {techOpen ? (
          <pre className="json" tabIndex={0} aria-label="Project as JSON">
            {JSON.stringify(project, null, 2)}
          </pre>
        ) : null}
      </details>
    </main>
  );
}
