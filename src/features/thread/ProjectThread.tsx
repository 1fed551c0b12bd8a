import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Trans, useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { messageEditable, messagesRepo, type ProjectRow, type ThreadMessage } from '../../data';
import { useJob, useOthersReadUpTo, useProjectFiles, useThread } from '../../hooks';
import { jobAnswer } from '../../domain/jobRole';
import { authorLabel } from '../../domain/jobRoleTexts';
import { Composer } from './Composer';
import { MessageBubble } from './MessageBubble';
import { dayLabel, sameDay, writeText } from './threadTexts';
import './thread.css';

/** Messages shown at first (the newest). */
const PAGE = 50;
/** Messages added by "Show earlier messages" or by scrolling near the top. */
const EARLIER = PAGE * 4;

/**
 * A row of the list: a message, with the day's separator above it when it is the first shown
 * message of its day (device time zone). The separator lives in the message's row, so every row
 * is keyed by its message: when earlier messages come in above, the row at the top of the view
 * keeps its key and the list can hold it in place (a row of its own for the separator would be
 * the top row at the very top, and it changes when the day's earlier messages arrive).
 */
interface Item {
  m: ThreadMessage;
  day: string | null;
}

/** The messages as rows, the first of each day carrying the day's label. */
function withDays(messages: readonly ThreadMessage[]): Item[] {
  const items: Item[] = [];
  let prev: Date | null = null;
  for (const m of messages) {
    const d = new Date(m.created_at);
    items.push({ m, day: !prev || !sameDay(prev, d) ? dayLabel(d) : null });
    prev = d;
  }
  return items;
}

/**
 * A project's thread (the project page, the shared view and the builder's panel): the newest
 * messages at the bottom with day separators, a virtualized list so a
 * thread of thousands opens at once, earlier messages 200 at a time when
 * scrolled within a screen of the top or with "Show earlier messages" (the
 * view stays on the message it showed), each message's delivery state
 * ("Waiting to send", failed with Retry and Delete), "Seen" under the last
 * of the user's messages the other side has read, and the composer (4,000
 * characters, the text kept when refused; a photo can go with it).
 */
export function ProjectThread({
  project,
  userId,
  canAttach = true,
}: {
  project: ProjectRow;
  userId: string;
  /** False for a viewer, who may write but not add files to the project. */
  canAttach?: boolean;
}) {
  const { t, i18n } = useLingui();
  const [limit, setLimit] = useState(PAGE);
  const page = useThread(project.id, limit);
  // Authors are named by the server's answer of who is who on the job (names travel on the people rows).
  const job = useJob(project.id) ?? jobAnswer([], userId);
  const files = useProjectFiles(project.id);
  const othersRead = useOthersReadUpTo(project.id) ?? '';
  const headingId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [editing, setEditing] = useState<ThreadMessage | null>(null);
  const [deleting, setDeleting] = useState<ThreadMessage | null>(null);

  const messages = page?.messages;
  // The day labels are words of the language shown: a switch of language words them again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const items = useMemo(() => withDays(messages ?? []), [messages, i18n.locale]);
  const seenId = useMemo(() => {
    if (!othersRead || !messages) return null;
    for (let i = messages.length - 1; i >= 0; i--) {
      const m = messages[i]!;
      if (m.author_id === userId && m.state === 'sent' && m.created_at <= othersRead) return m.id;
    }
    return null;
  }, [messages, othersRead, userId]);

  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (items[i]?.day ? 32 + 72 : 72),
    getItemKey: (i) => items[i]?.m.id ?? i,
    overscan: 6,
    // Opened at its end: the first render already lays out the newest messages, not the oldest.
    initialOffset: () => Number.MAX_SAFE_INTEGER,
    initialRect: { width: 0, height: 480 },
    // Earlier messages go in above what is on screen: the message at the top of the view stays put
    // instead of the view jumping back by the height of the added page.
    anchorTo: 'end',
  });

  // One page at a time: a page is still on its way while fewer messages than asked have come.
  const loadingEarlier = page !== undefined && page.hasEarlier && page.messages.length < limit;
  const showEarlier = () => {
    if (page?.hasEarlier && !loadingEarlier) setLimit((l) => l + EARLIER);
  };

  // Newest at the bottom: follow new messages while the reader is at the bottom.
  const newestId = messages?.[messages.length - 1]?.id;
  useLayoutEffect(() => {
    if (!newestId || !atBottom.current) return;
    virtualizer.scrollToIndex(items.length - 1, { align: 'end' });
  }, [newestId, items.length, virtualizer]);

  // Read up to the newest message while the thread is on screen: when it arrives, and when the
  // user comes back to the app with it already there (it came while the app was in the background).
  const newestAt = messages?.[messages.length - 1]?.created_at;
  useEffect(() => {
    if (!newestAt) return;
    const read = () => {
      if (document.visibilityState === 'hidden') return;
      // The marker goes out through the outbox, like the messages.
      void messagesRepo.markRead(project.id, newestAt);
    };
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
  }, [newestAt, project.id]);

  const fileById = useMemo(() => new Map((files ?? []).map((f) => [f.id, f])), [files]);

  return (
    <section className="card section-card thread" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Messages</Trans>
      </h2>
      {page === undefined ? (
        <p className="muted">
          <Trans>Loading messages…</Trans>
        </p>
      ) : (
        <>
          {page.hasEarlier ? (
            <button type="button" className="btn btn-sm" onClick={showEarlier}>
              <Trans>Show earlier messages</Trans>
            </button>
          ) : null}
          <div
            ref={scrollRef}
            className="thread-scroll"
            role="log"
            aria-label={t`Messages`}
            tabIndex={0}
            onScroll={(e) => {
              const el = e.currentTarget;
              atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
              // Within a screen of the top, the next page comes without a click, so a reader
              // scrolling back through a long thread never meets its end while more is stored.
              if (el.scrollTop < el.clientHeight) showEarlier();
            }}
          >
            {items.length === 0 ? (
              <p className="muted thread-empty">
                <Trans>No messages yet.</Trans>
              </p>
            ) : (
              <div className="thread-inner" style={{ height: virtualizer.getTotalSize() }}>
                {virtualizer.getVirtualItems().map((v) => {
                  const item = items[v.index]!;
                  return (
                    <div
                      key={v.key}
                      data-index={v.index}
                      ref={virtualizer.measureElement}
                      className="thread-row"
                      style={{ transform: `translateY(${v.start}px)` }}
                    >
                      {item.day ? (
                        <div className="thread-day" role="separator">
                          {item.day}
                        </div>
                      ) : null}
                      <MessageBubble
                        m={item.m}
                        mine={item.m.author_id === userId}
                        author={authorLabel(job, item.m.author_id, userId)}
                        seen={item.m.id === seenId}
                        files={fileById}
                        changeable={messageEditable(item.m, userId, Date.now())}
                        onEdit={() => setEditing(item.m)}
                        onDelete={() => setDeleting(item.m)}
                      />
                    </div>
                  );
                })}
              </div>
            )}
          </div>
        </>
      )}
      <Composer
        key={editing?.id ?? 'new'}
        projectId={project.id}
        canAttach={canAttach}
        editing={editing}
        onDoneEditing={() => setEditing(null)}
        onSent={() => {
          atBottom.current = true;
        }}
      />
      {deleting ? (
        <ConfirmDialog
          title={t`Delete message`}
          message={t`Delete this message for everyone on the project?`}
          confirmLabel={t`Delete`}
          danger
          onConfirm={async () => {
            const result = await messagesRepo.remove(deleting.id);
            return result.ok ? null : writeText(result.code);
          }}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}
