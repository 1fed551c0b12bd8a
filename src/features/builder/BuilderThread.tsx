/**
 * The project's thread inside the builder: a "Messages" button with the
 * unread count, and the thread in a side panel on a tablet or desktop (the
 * builder stays usable beside it) or a bottom sheet on a phone. The thread
 * is the same component as on the project page; closing the panel keeps the
 * builder's draft (it never unmounts) and the composer's unsent text.
 */
import { useEffect, useId, useRef } from 'react';
import { Trans } from '@lingui/react/macro';
import { create } from 'zustand';
import { ProjectThread } from '../thread/ProjectThread';
import { UnreadBadge } from '../../ui/UnreadBadge';
import type { ProjectRow } from '../../data';
import { useJob, useUnreadCounts } from '../../hooks';

/** Whether the builder's thread panel is open (kept while the user moves around the app). */
export const useBuilderThread = create<{ open: boolean; setOpen: (open: boolean) => void }>(
  (set) => ({ open: false, setOpen: (open) => set({ open }) }),
);

/** The id tying the Messages button to the panel it opens (aria-controls). */
const PANEL_ID = 'bld-thread-panel';

/** The "Messages" button of the builder's action bar, with the project's unread count. */
export function MessagesButton({ projectId }: { projectId: string }) {
  const open = useBuilderThread((s) => s.open);
  const setOpen = useBuilderThread((s) => s.setOpen);
  const unread = useUnreadCounts()?.get(projectId) ?? 0;
  return (
    <button
      type="button"
      className={open ? 'btn bld-messages bld-messages-open' : 'btn bld-messages'}
      aria-expanded={open}
      aria-controls={PANEL_ID}
      data-thread-toggle=""
      onClick={() => setOpen(!open)}
    >
      <span className="bld-messages-icon" aria-hidden="true">
        ✉
      </span>
      <span className="bld-messages-label">
        <Trans>Messages</Trans>
      </span>
      <UnreadBadge count={open ? 0 : unread} />
    </button>
  );
}

/**
 * The thread panel (side panel from 768 px wide, a bottom sheet below),
 * shown while {@link useBuilderThread} is open. Escape or Close shuts it and
 * puts the focus back on the Messages button.
 */
export function BuilderThreadPanel({ project, userId }: { project: ProjectRow; userId: string }) {
  const open = useBuilderThread((s) => s.open);
  const setOpen = useBuilderThread((s) => s.setOpen);
  const job = useJob(project.id);
  const ref = useRef<HTMLElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (open) ref.current?.focus();
  }, [open]);

  if (!open) return null;
  // Whoever may not add files (a viewer) still writes (as in the shared view): the server's answer.
  const canAttach = job?.me?.may.files ?? false;
  const close = () => {
    setOpen(false);
    document.querySelector<HTMLElement>('[data-thread-toggle]')?.focus();
  };
  return (
    <aside
      ref={ref}
      id={PANEL_ID}
      className="bld-thread"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={(e) => {
        if (e.key === 'Escape') close();
      }}
    >
      <div className="bld-thread-head">
        <span id={titleId} className="bld-thread-title">
          <Trans>Project messages</Trans>
        </span>
        <button type="button" className="btn btn-sm" onClick={close}>
          <Trans>Close</Trans>
        </button>
      </div>
      <ProjectThread project={project} userId={userId} canAttach={canAttach} />
    </aside>
  );
}
