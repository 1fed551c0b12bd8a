import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { deadLettersRepo, type LocalProjectFile, type ThreadMessage } from '../../data';
import { messageSegments } from '../../domain/messageText';
import { FileThumb, isImage } from '../../ui/FileThumb';
import { PhotoViewer } from '../../ui/PhotoViewer';
import { errorText, serverFailure } from '../../remote/errorCodes';
import { messageTime } from './threadTexts';

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

/**
 * A message's files: a photo as its thumbnail (made on the device, kept
 * offline) that opens full size; another file by its name. The rows are the
 * project's files, the same ones Files lists.
 */
function Attachments({ ids, files }: { ids: string[]; files: Map<string, LocalProjectFile> }) {
  const { t } = useLingui();
  const [viewing, setViewing] = useState<LocalProjectFile | null>(null);
  return (
    <>
      <ul className="msg-files">
        {ids.map((id) => {
          const file = files.get(id);
          if (!file)
            return (
              <li key={id} className="muted">
                <Trans>A file no longer on the project</Trans>
              </li>
            );
          const name = file.file_name;
          if (!isImage(file))
            return (
              <li key={id}>
                <Trans>Attached: {name}</Trans>
              </li>
            );
          return (
            <li key={id} className="msg-photo">
              <button
                type="button"
                className="photo-open"
                onClick={() => setViewing(file)}
                aria-label={t`Open ${name} full size`}
              >
                <FileThumb file={file} />
              </button>
            </li>
          );
        })}
      </ul>
      {viewing ? <PhotoViewer file={viewing} onClose={() => setViewing(null)} /> : null}
    </>
  );
}

/** Why a message was not sent (the server's words, kept in its dead letter). */
function NotSent({ reason }: { reason: string }) {
  return (
    <span>
      <Trans>Not sent: {reason}</Trans>
    </span>
  );
}

/** One message of the thread: author, time, body, files, its delivery state and "Seen". */
export function MessageBubble({
  m,
  mine,
  author,
  seen,
  files,
  changeable,
  onEdit,
  onDelete,
}: {
  m: ThreadMessage;
  mine: boolean;
  author: string;
  seen: boolean;
  /** The project's files on this device, by id. */
  files: Map<string, LocalProjectFile>;
  /** The author may still change or delete it (15 minutes). */
  changeable: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useLingui();
  const time = messageTime(m.created_at);
  return (
    <article
      className={`msg ${mine ? 'msg-mine' : ''} msg-${m.state}`}
      aria-label={`${author}, ${time}`}
    >
      <div className="msg-head">
        <span className="msg-author">{author}</span> <time dateTime={m.created_at}>{time}</time>
        {m.edited_at ? (
          <span className="muted">
            {' '}
            · <Trans>edited</Trans>
          </span>
        ) : null}
      </div>
      <Body text={m.body} />
      {m.attachments.length > 0 ? <Attachments ids={m.attachments} files={files} /> : null}
      {m.state === 'waiting' ? (
        <p className="msg-state">
          <Trans>Waiting to send</Trans>
        </p>
      ) : null}
      {m.state === 'failed' && m.failure ? (
        <div className="msg-state msg-failed" role="alert">
          <NotSent reason={errorText(serverFailure(m.failure))} />{' '}
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => void deadLettersRepo.retry(m.failure!.letterId)}
          >
            <Trans>Retry</Trans>
          </button>{' '}
          <button
            type="button"
            className="btn btn-sm btn-danger-outline"
            onClick={() => void deadLettersRepo.discard(m.failure!.letterId)}
          >
            <Trans>Delete</Trans>
          </button>
        </div>
      ) : null}
      {changeable && m.state !== 'failed' ? (
        <div className="msg-actions">
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={t`Edit message`}
            onClick={onEdit}
          >
            <Trans>Edit</Trans>
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={t`Delete message`}
            onClick={onDelete}
          >
            <Trans>Delete</Trans>
          </button>
        </div>
      ) : null}
      {seen ? (
        <p className="msg-seen">
          <Trans>Seen</Trans>
        </p>
      ) : null}
    </article>
  );
}
