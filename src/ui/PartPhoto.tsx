/**
 * One photo of a part or a punch list item, taken with the camera or chosen
 * from the phone or tablet (the system's own picker offers both): stored as
 * the project's files are, on this device first (its thumbnail made here)
 * and uploaded by the outbox, so it works offline; the same bytes already
 * under Files are reused. `fileId`: the photo now (a project_files id), null
 * for none; `onPick` gets the new photo's id.
 */
import { useId, useState, type ChangeEvent } from 'react';
import { Trans } from '@lingui/react/macro';
import { filesRepo } from '../data';
import { useProjectFiles } from '../hooks';
import { errorText } from '../remote/errorCodes';
import { FileThumb } from './FileThumb';
import { storeThumbnail } from './thumbnails';
import { failure } from '../../shared/outcome';
import './partPhoto.css';

export function PartPhoto({
  projectId,
  fileId,
  onPick,
  disabled = false,
}: {
  projectId: string;
  fileId: string | null | undefined;
  onPick: (fileId: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const files = useProjectFiles(fileId ? projectId : undefined);
  const file = fileId ? files?.find((f) => f.id === fileId) : undefined;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function picked(e: ChangeEvent<HTMLInputElement>) {
    const photo = e.target.files?.[0];
    e.target.value = '';
    if (!photo) return;
    setBusy(true);
    setError(null);
    try {
      const { row } = await filesRepo.attachOnce(projectId, photo, photo.name);
      // The thumbnail is made now, on this device, so the photo shows offline.
      if (photo.type.startsWith('image/')) await storeThumbnail(row.id, photo).catch(() => null);
      onPick(row.id);
    } catch {
      // The device could not keep the photo (storage full or refused): nothing was attached.
      setError(errorText(failure('request.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className="part-photo">
      {file ? <FileThumb file={file} /> : null}
      {disabled ? null : (
        <label className="btn btn-small part-photo-pick" htmlFor={id} aria-busy={busy || undefined}>
          {fileId ? <Trans>Change the photo</Trans> : <Trans>Add a photo</Trans>}
          <input
            id={id}
            type="file"
            accept="image/*"
            className="visually-hidden"
            disabled={busy}
            onChange={(e) => void picked(e)}
          />
        </label>
      )}
      {error ? (
        <span className="field-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
