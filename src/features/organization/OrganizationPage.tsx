import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { useCurrentRole } from '../../auth/useCurrentRole';
import { useAllProjects, useJobContractors } from '../../hooks';
import type { PendingInvite, SentInvite } from '../../remote/invites';
import { InviteLinkPanel } from '../../ui/InviteLinkPanel';
import { Assignments } from './Assignments';
import { Invitations } from './Invitations';
import { cachedTeam, loadOrgInvites, loadTeam, type TeamMember } from './orgApi';
import type { Notice } from './orgNames';
import { ProjectCounts } from './ProjectCounts';
import { TeamList } from './TeamList';
import '../../ui/sharing.css';
import { errorText } from '../../remote/rpc';

/**
 * /organization (org_admin): the team (contractors, invite into the
 * organization, remove), and the organization's projects with filters by
 * contractor and status, counts per contractor and status, and assigning or
 * reassigning a project to a contractor of the organization. Projects come
 * from the device (offline too); team changes and assignments need the network.
 * This container loads the team and invitations and holds the page's notice;
 * the parts are TeamList, Invitations, ProjectCounts and Assignments.
 */
export function OrganizationPage() {
  const role = useCurrentRole();
  const { t } = useLingui();
  // Every live project on the admin's device (the organization's, as synced), newest first.
  const projects = useAllProjects();
  // Who is each job's contractor: the server's answer on the jobs' people rows.
  const contractors = useJobContractors();
  const [team, setTeam] = useState<TeamMember[]>(cachedTeam);
  const [invites, setInvites] = useState<PendingInvite[]>([]);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [sent, setSent] = useState<SentInvite | null>(null);

  const refresh = useCallback(async () => {
    const [loaded, i] = await Promise.all([loadTeam(), loadOrgInvites()]);
    if (loaded.ok) setTeam(loaded.value);
    if (i.ok) setInvites(i.value);
    if (!loaded.ok) setNotice({ kind: 'error', text: errorText(loaded) });
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const byId = useMemo(() => new Map(team.map((m) => [m.id, m])), [team]);

  if (role === undefined || projects === undefined || contractors === undefined)
    return <Spinner label={t`Loading your organization…`} />;
  if (role !== 'org_admin') {
    return (
      <main className="container container-narrow">
        <div className="card">
          <h1>
            <Trans>Organization</Trans>
          </h1>
          <p>
            <Trans>Only an organization admin can manage a team.</Trans>
          </p>
          <Link to="/dashboard" className="btn btn-primary">
            <Trans>Back to Dashboard</Trans>
          </Link>
        </div>
      </main>
    );
  }

  return (
    <main className="container">
      <PageHeader
        title={t`Organization`}
        actions={
          <Link to="/organization/analytics" className="btn btn-primary">
            <Trans>Analytics</Trans>
          </Link>
        }
      />
      {notice ? (
        <div
          className={`alert alert-${notice.kind}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </div>
      ) : null}

      <section className="card section-card" aria-labelledby="team-heading">
        <h2 id="team-heading">
          <Trans>Team</Trans>
        </h2>
        {sent ? <InviteLinkPanel sent={sent} onClose={() => setSent(null)} /> : null}
        <TeamList team={team} onNotice={setNotice} onChanged={refresh} />
        <Invitations invites={invites} onNotice={setNotice} onSent={setSent} onChanged={refresh} />
      </section>

      <ProjectCounts projects={projects} contractors={contractors} byId={byId} />
      <Assignments
        projects={projects}
        contractors={contractors}
        team={team}
        byId={byId}
        onNotice={setNotice}
      />
    </main>
  );
}
