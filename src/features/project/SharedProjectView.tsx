import '../../app/ui/sharing.css';
import { Link } from 'react-router-dom';
import { ProjectNotFound } from './ProjectNotFound';
import { Spinner } from '../../app/Spinner';
import { type ProjectRow } from '../../data';
import { useMyMembership } from '../../hooks';
import { projectDisplayName } from '../../domain/projectLabels';
import { PageHeader } from '../../app/ui/PageHeader';
import { StatusBadge } from '../../app/ui/StatusBadge';
import { ProjectFiles } from './ProjectFiles';
import { ProjectThread } from '../../app/thread/ProjectThread';
import { MEMBER_ROLE_LABELS } from '../../app/invites';
import { ContractorContact, SharedCabinets, SharedJobSection } from './SharedProjectParts';

/**
 * The project page of someone it was shared with (a member): status, the
 * contractor's contact, the project's messages, photos and files (a homeowner may add photos and
 * delete their own; a viewer only looks), and the cabinet summary and door
 * order read-only. A contractor member also gets the Cabinets button. 'Project
 * not found' when the user is not a member.
 */
export function SharedProjectView({ project }: { project: ProjectRow }) {
  const membership = useMyMembership(project.id);
  if (membership === undefined) return <Spinner label="Loading project…" />;
  if (membership === null) {
    return <ProjectNotFound />;
  }
  const role = membership.role;
  const contact = membership.contact ?? {};
  return (
    <main className="container shared-project">
      <PageHeader
        title={projectDisplayName(project.name)}
        badges={
          <div className="btn-row">
            <StatusBadge status={project.status} />
            <span className="badge badge-role">Shared with you · {MEMBER_ROLE_LABELS[role]}</span>
          </div>
        }
        actions={
          role === 'contractor' ? (
            <>
              <Link to={`/cabinet-builder/${project.id}`} className="btn btn-primary">
                Cabinets
              </Link>
              {project.owner_user_id ? (
                <Link to={`/quote/new/${project.id}`} className="btn">
                  Prepare a quote
                </Link>
              ) : null}
            </>
          ) : null
        }
      />
      <SharedJobSection project={project} />
      <ContractorContact contact={contact} contractorId={project.assigned_contractor_id} />
      <ProjectThread project={project} userId={membership.user_id} canAttach={role !== 'viewer'} />
      <ProjectFiles
        projectId={project.id}
        canUpload={role !== 'viewer'}
        canDelete={(f) => role !== 'viewer' && f.user_id === membership.user_id}
      />
      <SharedCabinets project={project} />
    </main>
  );
}
