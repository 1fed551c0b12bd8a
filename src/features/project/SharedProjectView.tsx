import { useMemo } from 'react';
import { format } from 'date-fns';
import '../../app/ui/sharing.css';
import { Link } from 'react-router-dom';
import { ProjectNotFound } from './ProjectNotFound';
import { Spinner } from '../../app/Spinner';
import { type ProjectRow } from '../../data';
import { useContractorRatings, useMyMembership } from '../../hooks';
import { cabinetSummary } from '../../domain/cabinetSummary';
import { normalizeCabinetData } from '../../domain/cabinetData';
import { computeDoorOrder, type OrderLine } from '../../domain/doorOrder';
import { formatFraction } from '../../domain/fractions';
import { projectDisplayName, statusLabel } from '../../domain/projectLabels';
import { StatusBadge } from '../../app/ui/StatusBadge';
import { ProjectFiles } from './ProjectFiles';
import { ProjectThread } from './ProjectThread';
import { MEMBER_ROLE_LABELS } from '../../app/invites';
import { ContractorRatingLine } from '../../app/ui/ContractorRatingLine';

function updated(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : format(d, 'PP');
}

function Lines({ title, lines }: { title: string; lines: readonly OrderLine[] }) {
  const total = lines.reduce((s, l) => s + l.quantity, 0);
  return (
    <div className="shared-order">
      <h3>
        {title} ({total})
      </h3>
      {lines.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <table className="shared-order-table">
          <thead>
            <tr>
              <th scope="col">Qty</th>
              <th scope="col">Finished size (W × H)</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={`${l.width}x${l.height}`}>
                <td>{l.quantity}</td>
                <td>
                  {formatFraction(l.width)} × {formatFraction(l.height)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/**
 * The project page of someone it was shared with (a member): status, the
 * contractor's contact, the project's messages, photos and files (a homeowner may add photos and
 * delete their own; a viewer only looks), and the cabinet summary and door
 * order read-only. A contractor member also gets the Cabinets button. 'Project
 * not found' when the user is not a member.
 */
export function SharedProjectView({ project }: { project: ProjectRow }) {
  const membership = useMyMembership(project.id);
  const ratings = useContractorRatings(
    project.assigned_contractor_id ? [project.assigned_contractor_id] : [],
  );
  const raw = project.details?.cabinetData;
  const order = useMemo(() => computeDoorOrder(normalizeCabinetData(raw)), [raw]);
  if (membership === undefined) return <Spinner label="Loading project…" />;
  if (membership === null) {
    return <ProjectNotFound />;
  }
  const role = membership.role;
  const contact = membership.contact ?? {};
  const address = typeof project.details?.address === 'string' ? project.details.address : '';
  return (
    <main className="container shared-project">
      <div className="page-head">
        <div>
          <h1>{projectDisplayName(project.name)}</h1>
          <div className="btn-row">
            <StatusBadge status={project.status} />
            <span className="badge badge-role">Shared with you · {MEMBER_ROLE_LABELS[role]}</span>
          </div>
        </div>
        <div className="btn-row">
          <Link to="/dashboard" className="btn">
            Back to Dashboard
          </Link>
          {role === 'contractor' ? (
            <Link to={`/cabinet-builder/${project.id}`} className="btn btn-primary">
              Cabinets
            </Link>
          ) : null}
        </div>
      </div>
      <section className="card section-card" aria-labelledby="job-heading">
        <h2 id="job-heading">Job</h2>
        <dl className="dl">
          <dt>Status</dt>
          <dd>{statusLabel(project.status)}</dd>
          {address ? (
            <>
              <dt>Address</dt>
              <dd>{address}</dd>
            </>
          ) : null}
          <dt>Updated</dt>
          <dd>{updated(project.updated_at)}</dd>
        </dl>
      </section>
      <section className="card section-card" aria-labelledby="contact-heading">
        <h2 id="contact-heading">Your contractor</h2>
        {project.assigned_contractor_id ? (
          <ContractorRatingLine
            contractorId={project.assigned_contractor_id}
            rating={ratings?.[project.assigned_contractor_id]}
            name={contact.name || 'your contractor'}
          />
        ) : null}
        {contact.name || contact.email || contact.phone ? (
          <dl className="dl">
            {contact.name ? (
              <>
                <dt>Name</dt>
                <dd>{contact.name}</dd>
              </>
            ) : null}
            {contact.phone ? (
              <>
                <dt>Phone</dt>
                <dd>
                  <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
                </dd>
              </>
            ) : null}
            {contact.email ? (
              <>
                <dt>Email</dt>
                <dd>
                  <a href={`mailto:${contact.email}`}>{contact.email}</a>
                </dd>
              </>
            ) : null}
          </dl>
        ) : (
          <p className="muted">No contact details yet.</p>
        )}
      </section>
      <ProjectThread project={project} userId={membership.user_id} canAttach={role !== 'viewer'} />
      <ProjectFiles
        projectId={project.id}
        canUpload={role !== 'viewer'}
        canDelete={(f) => role !== 'viewer' && f.user_id === membership.user_id}
      />
      <section className="card section-card" aria-labelledby="cabinets-heading">
        <h2 id="cabinets-heading">Cabinets and door order</h2>
        <p>{cabinetSummary(raw)}</p>
        <Lines title="Doors" lines={order.doors} />
        <Lines title="Drawer fronts" lines={order.drawerFronts} />
        <p className="muted">Read-only: your contractor measures and orders the doors.</p>
      </section>
    </main>
  );
}
