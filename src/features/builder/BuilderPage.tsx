import { useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Spinner } from '../../app/Spinner';
import { useAuth } from '../../auth/useAuth';
import { useProject } from '../../hooks';
import { sizeContext } from '../../domain/itemSize';
import { UNTITLED_PROJECT } from '../../domain/projectLabels';
import {
  AddCabinetSection,
  DetailsSection,
  NotesSection,
  OverlaySection,
  StileRailSection,
} from './BuilderSections';
import { BuilderSummary } from './BuilderSummary';
import { ActionBar } from './ActionBar';
import { BuilderConflicts } from './BuilderConflicts';
import { BuilderThreadPanel, useBuilderThread } from './BuilderThread';
import { useBuilderStore } from './builderStore';
import { CabinetCard } from './CabinetCard';
import { useCardCount } from './cardWindow';
import { PartList, useBuilderView, ViewSwitch } from './PartList';
import { TapeKeypad } from './TapeKeypad';
import { UndoToast, useUndoShortcuts } from './UndoToast';
import { useBuilderSave } from './useBuilderSave';
import './builder.css';

/** Product rules "Error messages" builder error states, each with Back to Dashboard. */
function BuilderError({ message }: { message: string }) {
  return (
    <main className="container container-narrow">
      <div className="card" role="alert">
        <p className="bld-error-text">{message}</p>
        <Link to="/dashboard" className="btn btn-primary">
          Back to Dashboard
        </Link>
      </div>
    </main>
  );
}

/** From this many cabinets on, off-screen cards skip layout (CSS content-visibility) so typing stays fast. */
const BIG_JOB_CABINETS = 40;

/**
 * /cabinet-builder/:projectId (product rules "Screens and routes" "Cabinet builder"): the
 * project's `details.cabinetData` edited in a draft store, saved through the
 * local data layer (works offline), autosaved 1.5 s after the last change.
 */
export function BuilderPage() {
  const { projectId } = useParams();
  const status = useAuth((s) => s.status);
  const user = useAuth((s) => s.user);
  const project = useProject(projectId);
  const loadedId = useBuilderStore((s) => s.projectId);
  // Subscribe to the parts of the draft this component renders, not to
  // itemState: a keystroke in a part then re-renders that part only.
  const form = useBuilderStore((s) => s.data?.form);
  const stileRail = useBuilderStore((s) => s.data?.stileRail);
  const cabinetRows = useBuilderStore((s) => s.data?.cabinetRows);
  const notes = useBuilderStore((s) => s.data?.notes ?? '');
  const showNotes = useBuilderStore((s) => s.data?.showNotes ?? false);
  const load = useBuilderStore((s) => s.load);
  const { save } = useBuilderSave();
  useUndoShortcuts();
  const cardCount = useCardCount(cabinetRows?.length ?? 0, projectId ?? '');
  const view = useBuilderView((s) => s.view);
  const threadOpen = useBuilderThread((s) => s.open);

  // On entering the page, reload from the local database unless the draft of
  // this project still has changes being saved (then the draft is newer).
  useEffect(() => {
    const s = useBuilderStore.getState();
    if (s.projectId !== projectId || s.revision <= s.savedRevision)
      useBuilderStore.setState({ projectId: null, data: null });
  }, [projectId]);

  // The row changed (a pull brought another device's edit, or our own save
  // landed): merge it into the open draft instead of overwriting it.
  const mergeRemote = useBuilderStore((s) => s.mergeRemote);
  useEffect(() => {
    if (!project || !projectId) return;
    if (loadedId !== projectId) load(projectId, project.details?.cabinetData);
    else mergeRemote(project.details?.cabinetData);
  }, [project, projectId, loadedId, load, mergeRemote]);

  const ctx = useMemo(
    () => (form && stileRail ? sizeContext({ form, stileRail }) : null),
    [form, stileRail],
  );

  if (!projectId) return <BuilderError message="No project ID provided" />;
  if (status === 'loading') return <Spinner />;
  if (status === 'signedOut')
    return <BuilderError message="Please sign in to access the Cabinet Builder." />;
  if (!user) return <BuilderError message="User not authenticated" />;
  if (project === undefined) return <Spinner />;
  if (project === null) return <BuilderError message="Project not found" />;
  if (!form || !stileRail || !cabinetRows || !ctx || loadedId !== projectId) return <Spinner />;

  // The job as a contractor names it: the customer (the project name) and where the cabinets are.
  const customer = project.name?.trim() || UNTITLED_PROJECT;
  const address =
    typeof project.details?.address === 'string' ? project.details.address.trim() : '';

  return (
    <main className={threadOpen ? 'container bld bld-thread-open' : 'container bld'}>
      <header className="bld-head">
        <Link to="/dashboard" className="bld-back">
          ← Back to Dashboard
        </Link>
        <p className="muted bld-eyebrow">Cabinet Builder</p>
        <h1>
          {customer}
          {address && address !== customer ? (
            <span className="bld-title-address">
              <span aria-hidden="true"> · </span>
              <span className="visually-hidden">, </span>
              {address}
            </span>
          ) : null}
        </h1>
      </header>
      <ActionBar projectId={projectId} onSave={() => void save()} />
      <BuilderConflicts />
      <DetailsSection form={form} />
      <OverlaySection form={form} />
      <StileRailSection stileRail={stileRail} />
      <AddCabinetSection />
      <section
        aria-label="Cabinets"
        className={
          cabinetRows.length > BIG_JOB_CABINETS ? 'bld-cabinets bld-cabinets-big' : 'bld-cabinets'
        }
      >
        <div className="bld-cabinets-head">
          <h2 className="visually-hidden">Cabinets</h2>
          {cabinetRows.length > 0 ? <ViewSwitch /> : null}
        </div>
        {cabinetRows.length === 0 ? (
          <p className="muted">No cabinets yet. Pick a type above and add one.</p>
        ) : null}
        {view === 'list' && cabinetRows.length > 0 ? (
          <PartList
            rows={cardCount < cabinetRows.length ? cabinetRows.slice(0, cardCount) : cabinetRows}
            ctx={ctx}
          />
        ) : (
          (cardCount < cabinetRows.length ? cabinetRows.slice(0, cardCount) : cabinetRows).map(
            (row, i) => <CabinetCard key={row.id} row={row} number={i + 1} ctx={ctx} />,
          )
        )}
      </section>
      <BuilderSummary />
      <NotesSection notes={notes} showNotes={showNotes} />
      <UndoToast />
      <TapeKeypad />
      <BuilderThreadPanel project={project} userId={user.id} />
    </main>
  );
}
