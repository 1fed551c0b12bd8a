import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ProjectNotFound } from './ProjectNotFound';
import { format } from 'date-fns';
import { useAuth } from '../../auth/useAuth';
import { Spinner } from '../../app/Spinner';
import { useProject } from '../../hooks';
import { StatusBadge } from '../../app/ui/StatusBadge';
import {
  BUDGET_LABELS,
  projectDisplayName,
  projectTypeLabel,
  statusLabel,
  type Budget,
} from '../../domain/projectLabels';
import { cabinetSummary } from '../../domain/cabinetSummary';
import { ProjectFiles } from './ProjectFiles';
import { ProjectMembers } from './ProjectMembers';
import { ProjectThread } from '../../app/thread/ProjectThread';
import { SharedProjectView } from './SharedProjectView';
import { HomeownerQuotes } from './ProjectQuotesSummary';
import { ProjectReview } from './ProjectReview';
import './project.css';

function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : format(d, 'PPpp');
}

function str(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

/** `tel:` href of a phone as typed: digits and a leading +, nothing else. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return `tel:${digits}`;
}

/** A maps search for an address (opens the maps app on phones and tablets). */
export function mapsHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

const ICON_PATHS = {
  phone:
    'M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z',
  mail: 'M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm1 2.2V17h16V7.2l-8 5.3zM5.3 7 12 11.4 18.7 7z',
  pin: 'M12 2a7 7 0 0 1 7 7c0 5.2-7 13-7 13S5 14.2 5 9a7 7 0 0 1 7-7zm0 4.5A2.5 2.5 0 1 0 12 11.5 2.5 2.5 0 0 0 12 6.5z',
} as const;

function Icon({ name }: { name: keyof typeof ICON_PATHS }) {
  return (
    <span className="prj-link-icon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" focusable="false">
        <path d={ICON_PATHS[name]} fillRule="evenodd" />
      </svg>
    </span>
  );
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
  const description = project.description ?? str(details.description);
  const name = projectDisplayName(project.name);
  const phone = str(details.phone);
  const email = str(details.email);
  const address = str(details.address);
  const type = str(details.projectType);
  const scopes = Array.isArray(details.projectScopes)
    ? details.projectScopes.filter((s): s is string => typeof s === 'string')
    : [];
  const budget = str(details.budget);
  const budgetText =
    budget === 'custom'
      ? str(details.customBudget) || 'Custom'
      : (BUDGET_LABELS[budget as Budget] ?? budget);
  const hasCabinets =
    Array.isArray(details.cabinetData?.cabinetRows) && details.cabinetData.cabinetRows.length > 0;

  return (
    <main className="container prj">
      <div className="page-head">
        <div>
          <h1>{name}</h1>
          <StatusBadge status={project.status} />
        </div>
        <div className="btn-row">
          <Link to="/dashboard" className="btn">
            Back to Dashboard
          </Link>
        </div>
      </div>

      <div className="prj-grid">
        <section className="card section-card prj-contact" aria-labelledby="contact-heading">
          <h2 id="contact-heading">Contact</h2>
          {phone || email || address ? (
            <ul className="prj-links">
              {phone ? (
                <li>
                  <a className="prj-link" href={telHref(phone)}>
                    <Icon name="phone" />
                    <span>
                      <span className="prj-link-label">Call</span>{' '}
                      <span className="prj-link-value">{phone}</span>
                    </span>
                  </a>
                </li>
              ) : null}
              {email ? (
                <li>
                  <a className="prj-link" href={`mailto:${email}`}>
                    <Icon name="mail" />
                    <span>
                      <span className="prj-link-label">Email</span>{' '}
                      <span className="prj-link-value">{email}</span>
                    </span>
                  </a>
                </li>
              ) : null}
              {address ? (
                <li>
                  <a
                    className="prj-link"
                    href={mapsHref(address)}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    <Icon name="pin" />
                    <span>
                      <span className="prj-link-label">Map</span>{' '}
                      <span className="prj-link-value">{address}</span>
                      <span className="visually-hidden"> (opens in a new tab)</span>
                    </span>
                  </a>
                </li>
              ) : null}
            </ul>
          ) : (
            <p className="muted">No phone, email or address on this project.</p>
          )}
        </section>

        <section className="card section-card" aria-labelledby="details-heading">
          <h2 id="details-heading">Details</h2>
          <dl className="dl">
            <dt>Status</dt>
            <dd>{statusLabel(project.status)}</dd>
            {type ? (
              <>
                <dt>Type</dt>
                <dd>{projectTypeLabel(type)}</dd>
              </>
            ) : null}
            {scopes.length > 0 ? (
              <>
                <dt>Scopes</dt>
                <dd>{scopes.map((s) => projectTypeLabel(s)).join(', ')}</dd>
              </>
            ) : null}
            {budgetText ? (
              <>
                <dt>Budget</dt>
                <dd>{budgetText}</dd>
              </>
            ) : null}
            <dt>Description</dt>
            <dd>{description || <span className="muted">No description</span>}</dd>
            <dt>Created</dt>
            <dd>{when(project.created_at)}</dd>
            <dt>Updated</dt>
            <dd>{when(project.updated_at)}</dd>
          </dl>
        </section>
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
