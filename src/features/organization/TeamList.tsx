/** The organization's team: its admins and contractors; a contractor can be removed (their projects return to the admin). */
import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { removeContractor, type TeamMember } from './orgApi';
import { who, type Notice } from './orgNames';
import { errorText } from '../../remote/rpc';

export function TeamList({
  team,
  onNotice,
  onChanged,
}: {
  team: TeamMember[];
  onNotice: (notice: Notice) => void;
  /** The team changed on the server: load it again. */
  onChanged: () => Promise<void>;
}) {
  const { t } = useLingui();
  async function remove(m: TeamMember) {
    const name = who(m, m.id);
    if (!window.confirm(t`Remove ${name} from your organization? Their projects come back to you.`))
      return;
    const r = await removeContractor(m.id);
    onNotice(
      r.ok
        ? { kind: 'success', text: t`${name} was removed` }
        : { kind: 'error', text: errorText(r) },
    );
    if (r.ok) await onChanged();
  }

  return (
    <ul className="members" aria-label={t`Team`}>
      {team.map((m) => (
        <li key={m.id} className="member">
          <span className="member-who">
            {who(m, m.id)} {m.email && m.name ? <span className="muted">{m.email}</span> : null}
          </span>
          <span className="badge">{m.role === 'org_admin' ? t`Admin` : t`Contractor`}</span>
          {m.role === 'contractor' ? (
            <button
              type="button"
              className="btn btn-sm btn-danger-outline"
              onClick={() => void remove(m)}
              aria-label={t`Remove ${ph({ name: who(m, m.id) })} from the organization`}
            >
              <Trans>Remove</Trans>
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
