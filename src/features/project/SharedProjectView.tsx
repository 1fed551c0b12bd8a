import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import '../../ui/sharing.css';
import { Link } from 'react-router-dom';
import { ProjectNotFound } from './ProjectNotFound';
import { Spinner } from '../../ui/Spinner';
import { type ProjectRow } from '../../data';
import { useJob, useMyMembership } from '../../hooks';
import { jobRoleText, projectNameText } from '../../i18n/domainLabels';
import { PageHeader } from '../../ui/PageHeader';
import { StatusBadge } from '../../ui/StatusBadge';
import { ProjectFiles } from './ProjectFiles';
import { ProjectThread } from '../thread/ProjectThread';
import { JobCounterpartCard, SharedCabinets, SharedJobSection } from './SharedProjectParts';

/**
 * The project page of someone it was shared with (a contractor invited to
 * edit, a viewer, a homeowner invited to a contractor's job, an
 * organization admin): status, the other side of the job, the project's
 * messages, photos and files (who may add them is the server's answer),
 * and the cabinet summary and door order read-only. Whoever the server's
 * answer lets change the measurements (a contractor invited to edit) gets
 * the Cabinets button, and "Prepare a quote" while the answer offers it. 'Project not found' when the user is not on the job.
 */
export function SharedProjectView({ project }: { project: ProjectRow }) {
  const membership = useMyMembership(project.id);
  const job = useJob(project.id);
  const { t } = useLingui();
  if (membership === undefined || job === undefined) return <Spinner label={t`Loading project…`} />;
  const me = job.me;
  if (membership === null || !me) {
    return <ProjectNotFound />;
  }
  const contact = me.role === 'editor' ? {} : (membership.contact ?? {});
  return (
    <main className="container shared-project">
      <PageHeader
        title={projectNameText(project.name)}
        badges={
          <div className="btn-row">
            <StatusBadge status={project.status} />
            <span className="badge badge-role">{t`Shared with you · ${ph({ role: jobRoleText(me.role) })}`}</span>
          </div>
        }
        actions={
          <>
            {me.may.edit_measurements ? (
              <Link to={`/cabinet-builder/${project.id}`} className="btn btn-primary">
                <Trans>Cabinets</Trans>
              </Link>
            ) : null}
            {me.may.quote ? (
              <Link to={`/quote/new/${project.id}`} className="btn">
                <Trans>Prepare a quote</Trans>
              </Link>
            ) : null}
          </>
        }
      />
      <SharedJobSection project={project} />
      <JobCounterpartCard
        job={job}
        contact={contact}
        phone={typeof project.details?.phone === 'string' ? project.details.phone.trim() : ''}
      />
      <ProjectThread project={project} userId={membership.user_id} canAttach={me.may.files} />
      <ProjectFiles
        projectId={project.id}
        canUpload={me.may.files}
        canDelete={(f) => me.may.files && f.user_id === membership.user_id}
      />
      <SharedCabinets project={project} job={job} />
    </main>
  );
}
