import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { RowSyncNote } from '../rowSync/RowSyncNote';
import { refusalInBuilder } from '../rowSync/refusalText';
import { ProjectNotFound } from './ProjectNotFound';
import { useAuth } from '../../auth/useAuth';
import { Spinner } from '../../ui/Spinner';
import { useJob, useProject } from '../../hooks';
import { jobPage } from '../../domain/jobRoleTexts';
import { StatusBadge } from '../../ui/StatusBadge';
import {
  cabinetSummaryText,
  measurementsLockedMessage,
  projectNameText,
} from '../../i18n/domainLabels';
import { PageHeader } from '../../ui/PageHeader';
import { ProjectContactCard } from './ProjectContactCard';
import { ProjectDetailsCard } from './ProjectDetailsCard';
import { cabinetCount } from '../../domain/cabinetSummary';
import { ProjectFiles } from './ProjectFiles';
import { ProjectMembers } from './ProjectMembers';
import { ProjectThread } from '../thread/ProjectThread';
import { SharedProjectView } from './SharedProjectView';
import { HomeownerQuotes } from './ProjectQuotesSummary';
import { ProjectReview } from './ProjectReview';
import { ProjectDoorOrders } from '../doorOrders/DoorOrderTracking';
import { ProjectVisits } from '../visits/ProjectVisits';
import { ProjectContractLink } from './ProjectContractLink';
import { Walkthrough } from '../walkthrough/Walkthrough';
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
 * the homeowner who owns the job and its contractor of record (the server's
 * answer, product rules "Who is who on a job"); anyone else on the job gets
 * {@link SharedProjectView}. 'Project not found' when
 * missing or not accessible; 'Please sign in to view project details' when
 * signed out.
 */
export function ProjectDetailPage() {
  const { projectId } = useParams();
  const user = useAuth((s) => s.user);
  const project = useProject(projectId);
  const job = useJob(projectId);
  const [techOpen, setTechOpen] = useState(false);
  const navigate = useNavigate();
  const { t } = useLingui();

  if (!user) {
    return (
      <main className="container">
        <div className="card">
          <p>
            <Trans>Please sign in to view project details</Trans>
          </p>
        </div>
      </main>
    );
  }
  if (project === undefined || job === undefined) return <Spinner label={t`Loading project…`} />;
  // Which page is the server's answer of who the user is on this job.
  const page = jobPage(job);
  if (project && page === 'shared') return <SharedProjectView project={project} />;
  if (project === null || page === 'none' || !job.me) {
    return <ProjectNotFound />;
  }
  const me = job.me;
  const locked = measurementsLockedMessage(job);

  const details = project.details ?? {};
  const name = projectNameText(project.name);
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
        <h2 id="cabinets-heading">
          <Trans>Cabinets</Trans>
        </h2>
        <p className="prj-summary">{cabinetSummaryText(details.cabinetData)}</p>
        {locked ? <p className="muted">{locked}</p> : null}
        <div className="btn-row">
          {locked ? null : (
            <Link to={`/cabinet-builder/${project.id}`} className="btn btn-primary">
              {hasCabinets ? t`Open Cabinet Builder` : t`Start measuring`}
            </Link>
          )}
          {hasCabinets ? (
            <Link to={`/order/${project.id}`} className="btn">
              <Trans>Door Order</Trans>
            </Link>
          ) : null}
          {me.may.quote ? (
            <Link to={`/quote/new/${project.id}`} className="btn">
              <Trans>Prepare a quote</Trans>
            </Link>
          ) : null}
        </div>
      </section>

      {me.role === 'owner' ? <HomeownerQuotes project={project} /> : null}
      <ProjectContractLink projectId={project.id} />
      <ProjectVisits projectId={project.id} job={job} userId={user.id} />
      <ProjectDoorOrders projectId={project.id} />
      <Walkthrough project={project} job={job} />
      <ProjectReview project={project} userId={user.id} job={job} />
      <ProjectThread project={project} userId={user.id} />
      <ProjectMembers project={project} job={job} />
      <ProjectFiles
        projectId={project.id}
        canUpload={me.may.files}
        canDelete={() => me.may.files}
      />

      <details
        className="card section-card prj-tech"
        onToggle={(e) => setTechOpen(e.currentTarget.open)}
      >
        <summary>
          <h2>
            <Trans>Technical details</Trans>
          </h2>
        </summary>
        {/* Rendered only when open: a closed disclosure holds nothing to tab to. */}
        {techOpen ? (
          <pre className="json" tabIndex={0} aria-label={t`Project as JSON`}>
            {JSON.stringify(project, null, 2)}
          </pre>
        ) : null}
      </details>
    </main>
  );
}
