import { useMemo, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { punchListRepo, PUNCH_LIMITS, type PunchWriteError } from '../../data';
import type { ProjectRow, ProjectSignoffRow, PunchListItemRow } from '../../data/types';
import {
  useProjectPunchList,
  useProjectQuotes,
  useProjectSignoff,
  useProjectVisits,
} from '../../hooks';
import { installDone } from '../../domain/installGate';
import { syncNow } from '../../hooks/sessionActions';
import { callRpc } from '../../remote/rpc';
import { errorText } from '../../remote/errorCodes';
import { computeDoorOrder } from '../../domain/doorOrder';
import type { JobAnswer } from '../../domain/jobRole';
import { formatDate } from '../../i18n/format';
import { failure, type Outcome } from '../../../shared/outcome';
import { PartPhoto } from '../../ui/PartPhoto';
import './walkthrough.css';

/** One opening of the job a punch list item can name. */
interface Opening {
  key: string;
  label: string;
}

/**
 * The walkthrough on a job's page once a quote is accepted: the punch list
 * per opening (item, note, done; written offline, synced), and the
 * homeowner's sign-off with her typed name over the list she sees, which
 * completes the job (the server also issues the final invoice) and then
 * asks for her review. The contractor's side and the homeowner both add and
 * tick items; after the sign-off the list is read-only.
 */
export function Walkthrough({ project, job }: { project: ProjectRow; job: JobAnswer }) {
  const { t } = useLingui();
  const quotes = useProjectQuotes(project.id);
  const accepted = quotes?.some((q) => q.status === 'accepted') ?? false;
  const items = useProjectPunchList(project.id);
  const signoff = useProjectSignoff(project.id);
  const visits = useProjectVisits(project.id);
  const [error, setError] = useState<string | null>(null);
  const openings = useMemo<Opening[]>(() => {
    const data = project.details?.cabinetData;
    if (!data) return [];
    return computeDoorOrder(data).pieces.map((p) => {
      const cabinet = p.row + 1;
      const part = p.index + 1;
      return {
        key: `${p.rowId}_${p.index}`,
        label:
          p.kind === 'door'
            ? t`Cabinet ${cabinet}: door ${part}`
            : t`Cabinet ${cabinet}: drawer front ${part}`,
      };
    });
  }, [project.details, t]);
  const role = job.me?.role;
  const mayWrite = job.me?.may.files === true;
  if (items === undefined || signoff === undefined) return null;
  if (!accepted && items.length === 0 && !signoff) return null;
  const labelOf = (key: string | null) =>
    key === null ? t`The whole job` : (openings.find((o) => o.key === key)?.label ?? t`An opening`);
  const open = items.filter((i) => !i.done).length;
  // The server's rule (signoff.install_not_done): the sign-off waits for the install.
  const installed = installDone(visits, Date.now());

  async function act(run: () => Promise<Outcome<unknown, PunchWriteError>>) {
    const res = await run();
    setError(res.ok ? null : errorText(res));
  }

  return (
    <section className="card section-card walkthrough" aria-labelledby="walkthrough-heading">
      <h2 id="walkthrough-heading">
        <Trans>Walkthrough</Trans>
      </h2>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="muted">
          <Trans>Nothing on the punch list.</Trans>
        </p>
      ) : (
        <ul className="punch-list" aria-label={t`Punch list`}>
          {items.map((i) => (
            <PunchItem
              key={i.id}
              item={i}
              opening={labelOf(i.opening_key)}
              editable={mayWrite && !signoff}
              onDone={(done) => void act(() => punchListRepo.setDone(i.id, done))}
              onRemove={() => void act(() => punchListRepo.remove(i.id))}
              onPhoto={(fileId) => void act(() => punchListRepo.setPhoto(i.id, fileId))}
            />
          ))}
        </ul>
      )}
      {mayWrite && !signoff ? (
        <AddItem projectId={project.id} openings={openings} onError={setError} />
      ) : null}
      {signoff ? (
        <SignedOff signoff={signoff} asksForReview={role === 'owner'} />
      ) : !installed && (role === 'owner' || role === 'contractor' || role === 'org_admin') ? (
        <p className="muted signoff-waits" data-testid="signoff-waits">
          {role === 'owner' ? (
            <Trans>
              The sign-off opens once the install is done: when your contractor marks it done, or
              after the last install day.
            </Trans>
          ) : (
            <Trans>
              The homeowner can sign off once the install is done: mark it done under Visits, or it
              opens after the last install day.
            </Trans>
          )}
        </p>
      ) : role === 'owner' && installed ? (
        <SignOffForm projectId={project.id} items={items} open={open} />
      ) : null}
    </section>
  );
}

function PunchItem({
  item: i,
  opening,
  editable,
  onDone,
  onRemove,
  onPhoto,
}: {
  item: PunchListItemRow;
  opening: string;
  editable: boolean;
  onDone: (done: boolean) => void;
  onRemove: () => void;
  onPhoto: (fileId: string) => void;
}) {
  const { t } = useLingui();
  const what = i.item;
  return (
    <li className={`punch-item${i.done ? ' punch-done' : ''}`} data-punch={i.id}>
      <label className="punch-check">
        <input
          type="checkbox"
          checked={i.done}
          disabled={!editable}
          onChange={(e) => onDone(e.target.checked)}
        />
        <span className="punch-text">{i.item}</span>
      </label>
      <span className="muted punch-opening">{opening}</span>
      {i.note ? <p className="punch-note">{i.note}</p> : null}
      {i.photo_file_id || editable ? (
        <PartPhoto
          projectId={i.project_id}
          fileId={i.photo_file_id}
          onPick={onPhoto}
          disabled={!editable}
        />
      ) : null}
      {i.version === 0 ? (
        <span className="badge">
          <Trans>Not sent yet</Trans>
        </span>
      ) : null}
      {editable ? (
        <button
          type="button"
          className="btn btn-sm"
          aria-label={t`Remove ${what}`}
          onClick={onRemove}
        >
          <Trans>Remove</Trans>
        </button>
      ) : null}
    </li>
  );
}

function AddItem({
  projectId,
  openings,
  onError,
}: {
  projectId: string;
  openings: readonly Opening[];
  onError: (message: string | null) => void;
}) {
  const { t } = useLingui();
  const [item, setItem] = useState('');
  const [note, setNote] = useState('');
  const [opening, setOpening] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const res = await punchListRepo.create({
      projectId,
      item,
      note,
      openingKey: opening || null,
    });
    if (!res.ok) {
      setFieldError(errorText(res));
      return;
    }
    setFieldError(null);
    onError(null);
    setItem('');
    setNote('');
  }

  return (
    <form className="punch-add" onSubmit={(e) => void submit(e)} noValidate>
      <label>
        <span>
          <Trans>Opening</Trans>
        </span>
        <select value={opening} onChange={(e) => setOpening(e.target.value)}>
          <option value="">{t`The whole job`}</option>
          {openings.map((o) => (
            <option key={o.key} value={o.key}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>
          <Trans>What needs fixing</Trans>
        </span>
        <input
          value={item}
          maxLength={PUNCH_LIMITS.item + 1}
          aria-invalid={fieldError ? true : undefined}
          onChange={(e) => setItem(e.target.value)}
        />
      </label>
      {fieldError ? (
        <p className="field-error" role="alert">
          {fieldError}
        </p>
      ) : null}
      <label>
        <span>
          <Trans>Note</Trans>
        </span>
        <input value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      <button type="submit" className="btn">
        <Trans>Add to the punch list</Trans>
      </button>
    </form>
  );
}

function SignOffForm({
  projectId,
  items,
  open,
}: {
  projectId: string;
  items: readonly PunchListItemRow[];
  open: number;
}) {
  const { t } = useLingui();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const unsent = items.some((i) => i.version === 0);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (name.trim().length < 2) {
      setError(errorText(failure('signoff.signer_name_required')));
      return;
    }
    setBusy(true);
    const res = await callRpc(
      'sign_off_project',
      {
        p_project_id: projectId,
        p_items: items.map((i) => ({ id: i.id, version: i.version })),
        p_signer_name: name.trim(),
      },
      'request.failed',
    );
    setBusy(false);
    setError(res.ok ? null : errorText(res));
    syncNow();
  }

  return (
    <form className="signoff-form" onSubmit={(e) => void submit(e)} noValidate>
      <h3>
        <Trans>Sign off the job</Trans>
      </h3>
      <p>
        {open > 0 ? (
          <Trans>When every item is done, sign to say the job is finished.</Trans>
        ) : (
          <Trans>Everything is done. Sign to say the job is finished: this completes it.</Trans>
        )}
      </p>
      <label>
        <span>
          <Trans>Type your full name to sign</Trans>
        </span>
        <input
          value={name}
          autoComplete="name"
          aria-invalid={error ? true : undefined}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        className="btn btn-primary"
        disabled={busy || open > 0 || unsent}
        title={unsent ? t`Waiting for the punch list to be sent` : undefined}
      >
        <Trans>Sign off</Trans>
      </button>
    </form>
  );
}

/** The sign-off's line; `asksForReview`: the homeowner's, who is asked for her review below. */
function SignedOff({
  signoff,
  asksForReview,
}: {
  signoff: ProjectSignoffRow;
  asksForReview: boolean;
}) {
  const name = signoff.signer_name;
  const date = formatDate(signoff.signed_at);
  return (
    <div className="signoff-done" role="status">
      <p>
        <strong>
          <Trans>
            Signed off by {name} on {date}
          </Trans>
        </strong>
      </p>
      {asksForReview ? (
        <p>
          <a href="#review-heading">
            <Trans>How did it go? Review your contractor</Trans>
          </a>
        </p>
      ) : null}
    </div>
  );
}
