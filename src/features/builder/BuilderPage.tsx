import { useEffect, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useLingui } from '@lingui/react/macro';
import { RowSyncNote } from '../rowSync/RowSyncNote';
import { refusalFieldName, refusalInBuilder } from '../rowSync/refusalText';
import { focusFieldNamed } from './jobTexts';
import { Spinner } from '../../ui/Spinner';
import { useAuth } from '../../auth/useAuth';
import { useJob, useProject } from '../../hooks';
import { measurementsLockedMessage } from '../../i18n/domainLabels';
import { sizeContext } from '../../domain/itemSize';
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
import { selectCabinetRows, useBuilderStore } from './builderStore';
import { BuilderCabinets } from './BuilderCabinets';
import { BuilderError, BuilderHeader } from './BuilderHeader';
import { useCardCount } from './cardWindow';
import { TapeKeypad } from './TapeKeypad';
import { UndoToast, useUndoShortcuts } from './UndoToast';
import { useBuilderSave } from './useBuilderSave';
import './builder.css';

/**
 * /cabinet-builder/:projectId (product rules "Screens and routes" "Cabinet builder"): the
 * project's `details.cabinetData` edited in a draft store, saved through the
 * local data layer (works offline), autosaved 1.5 s after the last change.
 * The container: it loads the project into the draft, merges other devices'
 * changes, and lays out the head, the job's sections, the cabinets and the
 * project's thread panel.
 */
export function BuilderPage() {
  const { projectId } = useParams();
  const navigate = useNavigate();
  const status = useAuth((s) => s.status);
  const user = useAuth((s) => s.user);
  const project = useProject(projectId);
  const job = useJob(projectId);
  const loadedId = useBuilderStore((s) => s.projectId);
  // Subscribe to the parts of the draft this component renders, not to
  // itemState: a keystroke in a part then re-renders that part only.
  const form = useBuilderStore((s) => s.data?.form);
  const stileRail = useBuilderStore((s) => s.data?.stileRail);
  const cabinetRows = useBuilderStore(selectCabinetRows);
  const notes = useBuilderStore((s) => s.data?.notes ?? '');
  const showNotes = useBuilderStore((s) => s.data?.showNotes ?? false);
  const load = useBuilderStore((s) => s.load);
  const { save } = useBuilderSave();
  useUndoShortcuts();
  const cardCount = useCardCount(cabinetRows?.length ?? 0, projectId ?? '');
  const threadOpen = useBuilderThread((s) => s.open);
  const { t } = useLingui();

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

  if (!projectId) return <BuilderError message={t`No project ID provided`} />;
  if (status === 'loading') return <Spinner />;
  if (status === 'signedOut')
    return <BuilderError message={t`Please sign in to access the Cabinet Builder.`} />;
  if (!user) return <BuilderError message={t`User not authenticated`} />;
  if (project === undefined) return <Spinner />;
  if (project === null) return <BuilderError message={t`Project not found`} />;
  // Whether the measurements are the user's to change is the server's answer (after a quote is
  // accepted the homeowner's change goes through the contractor).
  const locked = job ? measurementsLockedMessage(job) : null;
  if (locked) return <BuilderError message={locked} />;
  if (!form || !stileRail || !cabinetRows || !ctx || loadedId !== projectId) return <Spinner />;

  return (
    <main className={threadOpen ? 'container bld bld-thread-open' : 'container bld'}>
      <BuilderHeader project={project} />
      <ActionBar projectId={projectId} onSave={() => void save()} />
      <RowSyncNote
        table="projects"
        id={projectId}
        showWaiting={false}
        onFix={(letter) => {
          if (refusalInBuilder(letter)) focusFieldNamed(refusalFieldName(letter));
          else void navigate('/dashboard', { state: { edit: projectId } });
        }}
      />
      <BuilderConflicts />
      <DetailsSection form={form} />
      <OverlaySection form={form} />
      <StileRailSection stileRail={stileRail} />
      <AddCabinetSection />
      <BuilderCabinets rows={cabinetRows} cardCount={cardCount} ctx={ctx} />
      <BuilderSummary />
      <NotesSection notes={notes} showNotes={showNotes} />
      <UndoToast />
      <TapeKeypad />
      <BuilderThreadPanel project={project} userId={user.id} />
    </main>
  );
}
