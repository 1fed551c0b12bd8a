import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useJob, useSharedProjects, useUnreadCounts, type SharedProject } from '../../hooks';
import { toJobPerson } from '../../domain/jobRole';
import {
  cabinetSummaryText,
  counterpartText,
  jobRoleText,
  projectNameText,
} from '../../i18n/domainLabels';
import { PROJECT_CONTRACTOR_INVITE_TEXTS, TEAM_INVITE_TEXTS } from '../../ui/teamInviteTexts';
import { acceptPendingInvite } from '../../remote/invites';
import { pendingInviteToken } from '../../remote/pendingInvite';
import { StatusBadge } from '../../ui/StatusBadge';
import { UnreadBadge } from '../../ui/UnreadBadge';
import '../../ui/sharing.css';
import { errorText } from '../../remote/rpc';

function SharedCard({ item, unread }: { item: SharedProject; unread: number }) {
  const { project, membership } = item;
  const { t } = useLingui();
  const name = projectNameText(project.name);
  const job = useJob(project.id);
  const other = job ? counterpartText(job) : null;
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
      <p className="meta">{cabinetSummaryText(project.details?.cabinetData)}</p>
      <div className="actions">
        {role ? <span className="badge">{jobRoleText(role)}</span> : null}
        <Link
          to={`/project/${project.id}`}
          className="btn btn-sm btn-primary"
          aria-label={t`Open ${name}`}
        >
          <Trans>Open</Trans>
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
  const { t } = useLingui();
  // What happened to the waiting invitation; its words are chosen at render, in the language shown.
  const [notice, setNotice] = useState<
    | { kind: 'error'; text: string }
    | { kind: 'success'; joined: 'organization' }
    | { kind: 'success'; joined: 'project'; projectId?: string }
    | null
  >(null);
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
      else if (r.value.organizationId) setNotice({ kind: 'success', joined: 'organization' });
      else
        setNotice({
          kind: 'success',
          joined: 'project',
          projectId: r.value.projectId ?? undefined,
        });
    });
    return () => {
      live = false;
    };
  }, []);
  if (!notice && (!shared || shared.length === 0)) return null;
  const joined =
    notice && 'projectId' in notice && notice.projectId
      ? shared?.find((x) => x.project.id === notice.projectId)
      : undefined;
  const noticeText = !notice
    ? null
    : notice.kind === 'error'
      ? notice.text
      : joined
        ? joined.project.name?.trim()
          ? t`You joined ${ph({ name: joined.project.name.trim() })}.`
          : t`You joined the project.`
        : notice.joined === 'organization'
          ? t`You joined the organization. Projects assigned to you appear on your dashboard.`
          : t`You joined the project. It appears below as soon as it has synced.`;
  return (
    <section className="shared-section" aria-labelledby="shared-heading">
      <h2 id="shared-heading">
        <Trans>Shared with you</Trans>
      </h2>
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
