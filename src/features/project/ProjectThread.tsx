import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { format, isSameDay, isToday, isYesterday } from 'date-fns';
import { ConfirmDialog } from '../../app/ui/ConfirmDialog';
import {
  deadLettersRepo,
  filesRepo,
  messageEditable,
  messagesRepo,
  type MessageWriteError,
  type ProjectMemberRow,
  type ProjectRow,
  type ThreadMessage,
} from '../../data';
import {
  MESSAGE_MAX_CHARS,
  MESSAGE_TEXTS,
  messageBodyError,
  messageLength,
  messageSegments,
} from '../../domain/messageText';
import { useOthersReadUpTo, useProjectFiles, useProjectMembers, useThread } from '../../hooks';
import { askNotificationsAfterFirstMessage, sendReadMarker } from '../../app/messageNotices';

/** Messages shown at first (the newest); "Show earlier messages" adds a page of this many. */
const PAGE = 50;

/** What the thread says when a change of one's own message is refused on the device. */
const WRITE_TEXTS: Record<MessageWriteError, string> = {
  ...MESSAGE_TEXTS,
  not_found: 'This message is no longer here',
  not_author: 'Only its author can change a message',
  too_late: 'A message can be changed or deleted only in the 15 minutes after it was sent',
};

/** A row of the list: a day separator or a message. */
type Item =
  { kind: 'day'; key: string; label: string } | { kind: 'message'; key: string; m: ThreadMessage };

function dayLabel(d: Date): string {
  if (isToday(d)) return 'Today';
  if (isYesterday(d)) return 'Yesterday';
  return format(d, 'EEEE, MMMM d, yyyy');
}

/** The messages with a separator before the first message of each day (device time zone). */
function withDays(messages: readonly ThreadMessage[]): Item[] {
  const items: Item[] = [];
  let prev: Date | null = null;
  for (const m of messages) {
    const d = new Date(m.created_at);
    if (!prev || !isSameDay(prev, d))
      items.push({
        kind: 'day',
        key: `day:${m.created_at.slice(0, 10)}:${m.id}`,
        label: dayLabel(d),
      });
    items.push({ kind: 'message', key: m.id, m });
    prev = d;
  }
  return items;
}

/** Who wrote a message, as the thread names them. */
function authorName(
  authorId: string,
  me: string,
  project: ProjectRow,
  members: readonly ProjectMemberRow[],
): string {
  if (authorId === me) return 'You';
  const member = members.find((r) => r.user_id === authorId);
  if (authorId === project.assigned_contractor_id || member?.role === 'contractor') {
    const contact = members.find((r) => r.contact?.name)?.contact;
    return contact?.name ?? member?.email ?? 'Contractor';
  }
  if (authorId === project.owner_user_id) return member?.email ?? 'Homeowner';
  return member?.email ?? 'Team member';
}

/** A body as text, with links, email addresses and phone numbers tappable (never HTML). */
function Body({ text }: { text: string }) {
  return (
    <p className="msg-body">
      {messageSegments(text).map((s, i) =>
        s.kind === 'text' ? (
          <span key={i}>{s.text}</span>
        ) : (
          <a
            key={i}
            href={s.href}
            {...(s.kind === 'link'
              ? { target: '_blank', rel: 'noopener noreferrer nofollow' }
              : {})}
          >
            {s.text}
          </a>
        ),
      )}
    </p>
  );
}

/**
 * A project's thread (the project page and the shared view): the newest
 * messages at the bottom with day separators, a virtualized list so a
 * thread of thousands opens at once, each message's delivery state
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
  const [limit, setLimit] = useState(PAGE);
  const page = useThread(project.id, limit);
  const members = useProjectMembers(project.id) ?? [];
  const files = useProjectFiles(project.id);
  const othersRead = useOthersReadUpTo(project.id) ?? '';
  const headingId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [editing, setEditing] = useState<ThreadMessage | null>(null);
  const [deleting, setDeleting] = useState<ThreadMessage | null>(null);

  const messages = page?.messages;
  const items = useMemo(() => withDays(messages ?? []), [messages]);
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
    estimateSize: (i) => (items[i]?.kind === 'day' ? 32 : 72),
    getItemKey: (i) => items[i]?.key ?? i,
    overscan: 6,
    // Opened at its end: the first render already lays out the newest messages, not the oldest.
    initialOffset: () => Number.MAX_SAFE_INTEGER,
    initialRect: { width: 0, height: 480 },
  });

  // Newest at the bottom: follow new messages while the reader is at the bottom.
  const newestId = messages?.[messages.length - 1]?.id;
  useLayoutEffect(() => {
    if (!newestId || !atBottom.current) return;
    virtualizer.scrollToIndex(items.length - 1, { align: 'end' });
  }, [newestId, items.length, virtualizer]);

  // Read up to the newest message while the thread is on screen.
  const newestAt = messages?.[messages.length - 1]?.created_at;
  useEffect(() => {
    if (!newestAt || document.visibilityState === 'hidden') return;
    void messagesRepo
      .markRead(project.id, newestAt)
      .then(() => sendReadMarker(project.id, newestAt));
  }, [newestAt, project.id]);

  const fileNames = useMemo(() => new Map((files ?? []).map((f) => [f.id, f.file_name])), [files]);

  return (
    <section className="card section-card thread" aria-labelledby={headingId}>
      <h2 id={headingId}>Messages</h2>
      {page === undefined ? (
        <p className="muted">Loading messages…</p>
      ) : (
        <>
          {page.hasEarlier ? (
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => setLimit((l) => l + PAGE * 4)}
            >
              Show earlier messages
            </button>
          ) : null}
          <div
            ref={scrollRef}
            className="thread-scroll"
            role="log"
            aria-label="Messages"
            tabIndex={0}
            onScroll={(e) => {
              const el = e.currentTarget;
              atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
            }}
          >
            {items.length === 0 ? (
              <p className="muted thread-empty">No messages yet.</p>
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
                      {item.kind === 'day' ? (
                        <div className="thread-day" role="separator">
                          {item.label}
                        </div>
                      ) : (
                        <MessageBubble
                          m={item.m}
                          mine={item.m.author_id === userId}
                          author={authorName(item.m.author_id, userId, project, members)}
                          seen={item.m.id === seenId}
                          fileNames={fileNames}
                          changeable={messageEditable(item.m, userId, Date.now())}
                          onEdit={() => setEditing(item.m)}
                          onDelete={() => setDeleting(item.m)}
                        />
                      )}
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
          title="Delete message"
          message="Delete this message for everyone on the project?"
          confirmLabel="Delete"
          danger
          onConfirm={async () => {
            const result = await messagesRepo.remove(deleting.id);
            return result.ok ? null : WRITE_TEXTS[result.error];
          }}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}

function MessageBubble({
  m,
  mine,
  author,
  seen,
  fileNames,
  changeable,
  onEdit,
  onDelete,
}: {
  m: ThreadMessage;
  mine: boolean;
  author: string;
  seen: boolean;
  fileNames: Map<string, string>;
  /** The author may still change or delete it (15 minutes). */
  changeable: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const time = format(new Date(m.created_at), 'h:mm a');
  return (
    <article
      className={`msg ${mine ? 'msg-mine' : ''} msg-${m.state}`}
      aria-label={`${author}, ${time}`}
    >
      <div className="msg-head">
        <span className="msg-author">{author}</span> <time dateTime={m.created_at}>{time}</time>
        {m.edited_at ? <span className="muted"> · edited</span> : null}
      </div>
      <Body text={m.body} />
      {m.attachments.length > 0 ? (
        <ul className="msg-files">
          {m.attachments.map((id) => (
            <li key={id}>Attached: {fileNames.get(id) ?? 'a file no longer on the project'}</li>
          ))}
        </ul>
      ) : null}
      {m.state === 'waiting' ? <p className="msg-state">Waiting to send</p> : null}
      {m.state === 'failed' && m.failure ? (
        <div className="msg-state msg-failed" role="alert">
          <span>Not sent: {m.failure.message}</span>{' '}
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => void deadLettersRepo.retry(m.failure!.letterId)}
          >
            Retry
          </button>{' '}
          <button
            type="button"
            className="btn btn-sm btn-danger-outline"
            onClick={() => void deadLettersRepo.discard(m.failure!.letterId)}
          >
            Delete
          </button>
        </div>
      ) : null}
      {changeable && m.state !== 'failed' ? (
        <div className="msg-actions">
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label="Edit message"
            onClick={onEdit}
          >
            Edit
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label="Delete message"
            onClick={onDelete}
          >
            Delete
          </button>
        </div>
      ) : null}
      {seen ? <p className="msg-seen">Seen</p> : null}
    </article>
  );
}

function Composer({
  projectId,
  canAttach,
  editing,
  onDoneEditing,
  onSent,
}: {
  projectId: string;
  canAttach: boolean;
  /** The user's own message being changed (the field starts with its text), or null for a new one. */
  editing: ThreadMessage | null;
  onDoneEditing: () => void;
  onSent: () => void;
}) {
  const [text, setText] = useState(editing?.body ?? '');
  const [error, setError] = useState<string | null>(null);
  const [photos, setPhotos] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const errorId = useId();
  const length = messageLength(text);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const problem = messageBodyError(text);
      if (problem) {
        setError(MESSAGE_TEXTS[problem]);
        return;
      }
      if (editing) {
        const edited = await messagesRepo.edit(editing.id, text);
        if (!edited.ok) {
          setError(WRITE_TEXTS[edited.error]);
          return;
        }
        onDoneEditing();
        return;
      }
      // The message names its files, so they are queued first and the outbox sends them before it.
      const ids: string[] = [];
      for (const photo of photos)
        ids.push((await filesRepo.attach(projectId, photo, photo.name)).id);
      const result = await messagesRepo.send(projectId, text, ids);
      if (!result.ok) {
        setError(WRITE_TEXTS[result.error]);
        return;
      }
      setText('');
      setPhotos([]);
      setError(null);
      onSent();
      askNotificationsAfterFirstMessage();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="composer" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={fieldId}>{editing ? 'Edit your message' : 'Message'}</label>
      <textarea
        id={fieldId}
        value={text}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (error && messageLength(e.target.value) <= MESSAGE_MAX_CHARS && e.target.value.trim())
            setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit(e);
        }}
      />
      <div className="composer-row">
        <span className={length > MESSAGE_MAX_CHARS ? 'field-error' : 'muted'}>
          {length.toLocaleString('en-US')} / {MESSAGE_MAX_CHARS.toLocaleString('en-US')}
        </span>
        {canAttach && !editing ? (
          <label className="btn btn-sm">
            Attach photo
            <input
              type="file"
              accept="image/*"
              capture="environment"
              className="visually-hidden"
              onChange={(e) => {
                const picked = Array.from(e.target.files ?? []);
                setPhotos((p) => [...p, ...picked]);
                e.target.value = '';
              }}
            />
          </label>
        ) : null}
        {editing ? (
          <button type="button" className="btn btn-sm" onClick={onDoneEditing}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {editing ? 'Save' : 'Send'}
        </button>
      </div>
      {photos.length > 0 ? (
        <ul className="msg-files">
          {photos.map((p, i) => (
            <li key={i}>To attach: {p.name}</li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
