import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useJob, useSharedProjects, useUnreadCounts, type SharedProject } from '../../hooks';
import { JOB_ROLE_LABELS, counterpart, toJobPerson } from '../../domain/jobRole';
import { cabinetSummary } from '../../domain/cabinetSummary';
import { projectDisplayName } from '../../domain/projectLabels';
import { PROJECT_CONTRACTOR_INVITE_TEXTS, TEAM_INVITE_TEXTS } from '../../ui/teamInviteTexts';
import { acceptPendingInvite } from '../../remote/invites';
import { pendingInviteToken } from '../../remote/pendingInvite';
import { StatusBadge } from '../../ui/StatusBadge';
import { UnreadBadge } from '../../ui/UnreadBadge';
import '../../ui/sharing.css';
import { errorText } from '../../remote/rpc';

function SharedCard({ item, unread }: { item: SharedProject; unread: number }) {
  const { project, membership } = item;
  const name = projectDisplayName(project.name);
  const job = useJob(project.id);
  const other = job ? counterpart(job) : null;
  const role = toJobPerson(membership)?.role;
  const headingId = `shared-${project.id}`;
  return (
    <article className="card project-card" aria-labelledby={headingId}>
      <div className="card-top">
        <h3 id={headingId}>
          <Link to={`/project/${project.id}`}>{name}</Link> <UnreadBadge count={unread} />
        </h3>
        <StatusBadge status={project.status} />
      </div>
      {other ? (
        <p className="meta">
          {other.label}: {other.person.name}
        </p>
      ) : null}
      <p className="meta">{cabinetSummary(project.details?.cabinetData)}</p>
      <div className="actions">
        {role ? <span className="badge">{JOB_ROLE_LABELS[role]}</span> : null}
        <Link
          to={`/project/${project.id}`}
          className="btn btn-sm btn-primary"
          aria-label={`Open ${name}`}
        >
          Open
        </Link>
      </div>
    </article>
  );
}

/**
 * "Shared with you" on the dashboard: projects the user was invited to, next
 * to their own (from the device, so offline too). Also accepts an invitation
 * opened before signing in, once the user is signed in here.
 */
export function SharedProjects() {
  const shared = useSharedProjects();
  const unread = useUnreadCounts();
  const [notice, setNotice] = useState<{
    kind: 'success' | 'error';
    text: string;
    projectId?: string;
  } | null>(null);
  useEffect(() => {
    if (!pendingInviteToken()) return;
    let live = true;
    void acceptPendingInvite().then((r) => {
      if (!live || !r) return;
      if (!r.ok)
        setNotice({
          kind: 'error',
          text:
            r.code === 'invite.contractor_only'
              ? PROJECT_CONTRACTOR_INVITE_TEXTS.wrongRole
              : r.code === 'invite.org_contractor_only'
                ? TEAM_INVITE_TEXTS.wrongRole
                : errorText(r),
        });
      else if (r.value.organizationId)
        setNotice({
          kind: 'success',
          text: 'You joined the organization. Projects assigned to you appear on your dashboard.',
        });
      else
        setNotice({
          kind: 'success',
          text: 'You joined the project. It appears below as soon as it has synced.',
          projectId: r.value.projectId ?? undefined,
        });
    });
    return () => {
      live = false;
    };
  }, []);
  if (!notice && (!shared || shared.length === 0)) return null;
  const joined = notice?.projectId
    ? shared?.find((x) => x.project.id === notice.projectId)
    : undefined;
  const noticeText = joined
    ? `You joined ${joined.project.name?.trim() || 'the project'}.`
    : notice?.text;
  return (
    <section className="shared-section" aria-labelledby="shared-heading">
      <h2 id="shared-heading">Shared with you</h2>
      {notice ? (
        <div
          className={`alert alert-${notice.kind}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          {noticeText}
        </div>
      ) : null}
      {shared && shared.length > 0 ? (
        <div className="projects">
          {shared.map((s) => (
            <SharedCard key={s.project.id} item={s} unread={unread?.get(s.project.id) ?? 0} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
