import { useId, useState, type FormEvent } from 'react';
import { Trans } from '@lingui/react/macro';
import { filesRepo, messagesRepo, type ThreadMessage } from '../../data';
import { MESSAGE_MAX_CHARS, messageBodyError, messageLength } from '../../domain/messageText';
import { askNotificationsAfterFirstMessage } from '../../remote/messageNotices';
import { storeThumbnail } from '../../ui/thumbnails';
import { loadDraft, saveDraft } from './composerDraft';
import { writeText } from './threadTexts';
import { formatNumber } from '../../i18n/format';

/**
 * The thread's composer: 4,000 characters, the text kept when refused, a
 * photo can go with a new message. A new message's text and photos are kept
 * per project while the composer is closed (see composerDraft.ts).
 */
export function Composer({
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
  const [draft] = useState(() => (editing ? null : loadDraft(projectId)));
  const [text, setTextState] = useState(editing?.body ?? draft?.text ?? '');
  const [error, setError] = useState<string | null>(null);
  const [photos, setPhotosState] = useState<File[]>(draft?.photos ?? []);
  // A new message is kept as it is typed, so closing the composer loses nothing.
  const setText = (next: string) => {
    setTextState(next);
    if (!editing) saveDraft(projectId, { text: next, photos });
  };
  const setPhotos = (next: File[]) => {
    setPhotosState(next);
    if (!editing) saveDraft(projectId, { text, photos: next });
  };
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
        setError(writeText(problem));
        return;
      }
      if (editing) {
        const edited = await messagesRepo.edit(editing.id, text);
        if (!edited.ok) {
          setError(writeText(edited.code));
          return;
        }
        onDoneEditing();
        return;
      }
      // The message names its files, so they are queued first and the outbox sends them before it.
      const ids: string[] = [];
      for (const photo of photos) {
        // One project file, listed under Files too; its thumbnail made now so the thread shows it offline.
        const row = await filesRepo.attach(projectId, photo, photo.name);
        ids.push(row.id);
        if (photo.type.startsWith('image/')) await storeThumbnail(row.id, photo).catch(() => null);
      }
      const result = await messagesRepo.send(projectId, text, ids);
      if (!result.ok) {
        setError(writeText(result.code));
        return;
      }
      setTextState('');
      setPhotosState([]);
      saveDraft(projectId, { text: '', photos: [] });
      setError(null);
      onSent();
      askNotificationsAfterFirstMessage();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="composer" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={fieldId}>
        {editing ? <Trans>Edit your message</Trans> : <Trans>Message</Trans>}
      </label>
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
          {formatNumber(length)} / {formatNumber(MESSAGE_MAX_CHARS)}
        </span>
        {canAttach && !editing ? (
          <label className="btn btn-sm">
            <Trans>Attach photo</Trans>
            <input
              type="file"
              accept="image/*"
              capture="environment"
              className="visually-hidden"
              onChange={(e) => {
                const picked = Array.from(e.target.files ?? []);
                setPhotos([...photos, ...picked]);
                e.target.value = '';
              }}
            />
          </label>
        ) : null}
        {editing ? (
          <button type="button" className="btn btn-sm" onClick={onDoneEditing}>
            <Trans>Cancel</Trans>
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {editing ? <Trans>Save</Trans> : <Trans>Send</Trans>}
        </button>
      </div>
      {photos.length > 0 ? (
        <ul className="msg-files">
          {photos.map(({ name }, i) => (
            <li key={i}>
              <Trans>To attach: {name}</Trans>
            </li>
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
