import { format } from 'date-fns';
import { deadLettersRepo, type ThreadMessage } from '../../data';
import { messageSegments } from '../../domain/messageText';
import { errorText, serverFailure } from '../../remote/errorCodes';

/** A body as text, with links, email addresses and phone numbers tappable (never HTML). */
function Body({ text }: { text: string }) {
  return (
    <p className="msg-body">
      {messageSegments(text).map((s, i) =>
        s.kind === 'text' ? (
          <span key={i}>{s.text}</span>
        ) : (
          // Isolated left to right: a bidi control in the text around cannot reorder the address.
          <bdi key={i} dir="ltr">
            <a
              href={s.href}
              {...(s.kind === 'link'
                ? { target: '_blank', rel: 'noopener noreferrer nofollow' }
                : {})}
            >
              {s.text}
            </a>
          </bdi>
        ),
      )}
    </p>
  );
}

/** One message of the thread: author, time, body, files, its delivery state and "Seen". */
export function MessageBubble({
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
          <span>Not sent: {errorText(serverFailure(m.failure))}</span>{' '}
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
