import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '../../app/Spinner';
import { useCurrentRole } from '../../auth/useCurrentRole';
import type { ProjectRow, ProjectStatus } from '../../data';
import { useAllProjects } from '../../hooks';
import { PROJECT_STATUSES, STATUS_LABELS, projectDisplayName } from '../../domain/projectLabels';
import { isEmailAddress } from '../../../shared/emailRule';
import { StatusBadge } from '../../app/ui/StatusBadge';
import { revokeInvite, type PendingInvite, type SentInvite } from '../../app/invites';
import { InviteLinkPanel } from '../../app/ui/InviteLinkPanel';
import {
  assignProject,
  cachedTeam,
  inviteContractor,
  loadOrgInvites,
  loadTeam,
  removeContractor,
  type TeamMember,
} from './orgApi';
import '../../app/ui/sharing.css';

const UNASSIGNED = 'unassigned';

function who(m: TeamMember | undefined, id: string | null): string {
  if (!id) return 'Unassigned';
  if (!m) return 'Former contractor';
  return m.name ?? m.email ?? 'Contractor';
}

/**
 * /organization (org_admin): the team (contractors, invite into the
 * organization, remove), and the organization's projects with filters by
 * contractor and status, counts per contractor and status, and assigning or
 * reassigning a project to a contractor of the organization. Projects come
 * from the device (offline too); team changes and assignments need the network.
 */
export function OrganizationPage() {
  const role = useCurrentRole();
  // Every live project on the admin's device (the organization's, as synced), newest first.
  const projects = useAllProjects();
  const [team, setTeam] = useState<TeamMember[]>(cachedTeam);
  const [invites, setInvites] = useState<PendingInvite[]>([]);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [sent, setSent] = useState<SentInvite | null>(null);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [contractor, setContractor] = useState('all');
  const [status, setStatus] = useState<ProjectStatus | 'all'>('all');
  const [choice, setChoice] = useState<Record<string, string>>({});

  const refresh = useCallback(async () => {
    const [t, i] = await Promise.all([loadTeam(), loadOrgInvites()]);
    if (t.ok) setTeam(t.value);
    if (i.ok) setInvites(i.value);
    if (!t.ok) setNotice({ kind: 'error', text: t.message });
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const byId = useMemo(() => new Map(team.map((m) => [m.id, m])), [team]);
  const counts = useMemo(() => {
    const out = new Map<string, Record<ProjectStatus | 'total', number>>();
    for (const p of projects ?? []) {
      const key = p.assigned_contractor_id ?? UNASSIGNED;
      const row = out.get(key) ?? { draft: 0, active: 0, completed: 0, archived: 0, total: 0 };
      if (p.status in row) row[p.status] += 1;
      row.total += 1;
      out.set(key, row);
    }
    return out;
  }, [projects]);

  if (role === undefined || projects === undefined)
    return <Spinner label="Loading your organization…" />;
  if (role !== 'org_admin') {
    return (
      <main className="container container-narrow">
        <div className="card">
          <h1>Organization</h1>
          <p>Only an organization admin can manage a team.</p>
          <Link to="/dashboard" className="btn btn-primary">
            Back to Dashboard
          </Link>
        </div>
      </main>
    );
  }

  const shown = projects.filter(
    (p) =>
      (contractor === 'all' || (p.assigned_contractor_id ?? UNASSIGNED) === contractor) &&
      (status === 'all' || p.status === status),
  );

  async function invite(e: FormEvent) {
    e.preventDefault();
    if (!isEmailAddress(email.trim())) {
      setNotice({ kind: 'error', text: 'Please enter a valid email address' });
      return;
    }
    if (await sendOrgInvite(email.trim())) setEmail('');
  }

  /** Sends or resends an invitation into the organization; shows its link to pass on. True when made. */
  async function sendOrgInvite(to: string): Promise<boolean> {
    setBusy(true);
    setSent(null);
    const r = await inviteContractor(to);
    setBusy(false);
    setNotice(
      r.ok
        ? {
            kind: 'success',
            text: r.value.mailed
              ? `Invitation sent to ${r.value.email}`
              : `Invitation made for ${r.value.email}`,
          }
        : { kind: 'error', text: r.message },
    );
    if (!r.ok) return false;
    setSent(r.value);
    await refresh();
    return true;
  }

  async function assign(p: ProjectRow) {
    const to = choice[p.id];
    if (!to) return;
    const r = await assignProject(p.id, to);
    setNotice(
      r.ok
        ? { kind: 'success', text: `${p.name || 'Project'} assigned to ${who(byId.get(to), to)}` }
        : { kind: 'error', text: r.message },
    );
  }

  async function remove(m: TeamMember) {
    if (
      !window.confirm(
        `Remove ${who(m, m.id)} from your organization? Their projects come back to you.`,
      )
    )
      return;
    const r = await removeContractor(m.id);
    setNotice(
      r.ok
        ? { kind: 'success', text: `${who(m, m.id)} was removed` }
        : { kind: 'error', text: r.message },
    );
    if (r.ok) await refresh();
  }

  const keys = [...counts.keys()].sort((a, b) =>
    who(byId.get(a), a === UNASSIGNED ? null : a).localeCompare(
      who(byId.get(b), b === UNASSIGNED ? null : b),
    ),
  );
  return (
    <main className="container">
      <div className="page-head">
        <h1>Organization</h1>
        <Link to="/dashboard" className="btn">
          Back to Dashboard
        </Link>
      </div>
      {notice ? (
        <div
          className={`alert alert-${notice.kind}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </div>
      ) : null}

      <section className="card section-card" aria-labelledby="team-heading">
        <h2 id="team-heading">Team</h2>
        {sent ? <InviteLinkPanel sent={sent} onClose={() => setSent(null)} /> : null}
        <ul className="members" aria-label="Team">
          {team.map((m) => (
            <li key={m.id} className="member">
              <span className="member-who">
                {who(m, m.id)} {m.email && m.name ? <span className="muted">{m.email}</span> : null}
              </span>
              <span className="badge">{m.role === 'org_admin' ? 'Admin' : 'Contractor'}</span>
              {m.role === 'contractor' ? (
                <button
                  type="button"
                  className="btn btn-sm btn-danger-outline"
                  onClick={() => void remove(m)}
                  aria-label={`Remove ${who(m, m.id)} from the organization`}
                >
                  Remove
                </button>
              ) : null}
            </li>
          ))}
        </ul>
        {invites.length > 0 ? (
          <ul className="members" aria-label="Pending invitations">
            {invites.map((i) => (
              <li key={i.id} className="member">
                <span className="member-who">{i.email}</span>
                <span className="badge badge-pending">{i.expired ? 'Expired' : 'Invited'}</span>
                <span className="btn-row">
                  <button
                    type="button"
                    className="btn btn-sm"
                    disabled={busy}
                    onClick={() => void sendOrgInvite(i.email)}
                    aria-label={`Resend invitation to ${i.email}`}
                  >
                    Resend
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-danger-outline"
                    onClick={() => void revokeInvite(i.id).then(() => refresh())}
                    aria-label={`Revoke invitation to ${i.email}`}
                  >
                    Revoke
                  </button>
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        <form className="invite-form" onSubmit={(e) => void invite(e)} noValidate>
          <div className="field">
            <label htmlFor="org-invite-email">Invite a contractor by email</label>
            <input
              id="org-invite-email"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              placeholder="contractor@example.com"
            />
          </div>
          <span />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Sending…' : 'Send invitation'}
          </button>
        </form>
      </section>

      <section className="card section-card" aria-labelledby="counts-heading">
        <h2 id="counts-heading">Projects by contractor</h2>
        <div style={{ overflowX: 'auto' }}>
          <table
            className="shared-order-table org-counts"
            aria-label="Projects per contractor and status"
          >
            <thead>
              <tr>
                <th scope="col">Contractor</th>
                {PROJECT_STATUSES.map((s) => (
                  <th key={s} scope="col">
                    {STATUS_LABELS[s]}
                  </th>
                ))}
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {keys.map((k) => (
                <tr key={k}>
                  <th scope="row">{who(byId.get(k), k === UNASSIGNED ? null : k)}</th>
                  {PROJECT_STATUSES.map((s) => (
                    <td key={s}>{counts.get(k)![s]}</td>
                  ))}
                  <td>{counts.get(k)!.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="card section-card" aria-labelledby="org-projects-heading">
        <h2 id="org-projects-heading">Projects</h2>
        <div className="invite-form">
          <div className="field">
            <label htmlFor="org-filter-contractor">Contractor</label>
            <select
              id="org-filter-contractor"
              value={contractor}
              onChange={(e) => setContractor(e.target.value)}
            >
              <option value="all">All contractors</option>
              {team.map((m) => (
                <option key={m.id} value={m.id}>
                  {who(m, m.id)}
                </option>
              ))}
              <option value={UNASSIGNED}>Unassigned</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="org-filter-status">Status</label>
            <select
              id="org-filter-status"
              value={status}
              onChange={(e) => setStatus(e.target.value as ProjectStatus | 'all')}
            >
              <option value="all">All statuses</option>
              {PROJECT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <p className="muted">{shown.length} shown</p>
        </div>
        {shown.length === 0 ? (
          <p className="muted">No projects found.</p>
        ) : (
          <ul className="members" aria-label="Organization projects">
            {shown.map((p) => (
              <li key={p.id} className="member">
                <span className="member-who">
                  <Link to={`/project/${p.id}`}>{projectDisplayName(p.name)}</Link>
                  <br />
                  <span className="muted">
                    {who(byId.get(p.assigned_contractor_id ?? ''), p.assigned_contractor_id)}
                  </span>
                </span>
                <StatusBadge status={p.status} />
                <span className="btn-row">
                  <label className="visually-hidden" htmlFor={`assign-${p.id}`}>
                    Assign {p.name} to
                  </label>
                  <select
                    id={`assign-${p.id}`}
                    value={choice[p.id] ?? ''}
                    onChange={(e) => setChoice({ ...choice, [p.id]: e.target.value })}
                  >
                    <option value="">Assign to…</option>
                    {team
                      .filter((m) => m.id !== p.assigned_contractor_id)
                      .map((m) => (
                        <option key={m.id} value={m.id}>
                          {who(m, m.id)}
                        </option>
                      ))}
                  </select>
                  <button
                    type="button"
                    className="btn btn-sm btn-primary"
                    disabled={!choice[p.id]}
                    onClick={() => void assign(p)}
                  >
                    Assign
                  </button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
