import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { domainText } from '../../i18n/domainTexts';
import { useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PhotoViewer } from '../../ui/PhotoViewer';
import { FILE_NOT_FOUND_TEXT, filesRepo, type LocalProjectFile } from '../../data';
import { useDeadLetters, useProjectFiles } from '../../hooks';
import { formatBytes } from '../../ui/formatBytes';
import { FileThumb, isImage } from '../../ui/FileThumb';
import { removeThumbnail, storeThumbnail } from '../../ui/thumbnails';
import { refusalText } from '../rowSync/refusalText';

function errorText(err: unknown): string {
  return err instanceof Error && err.message ? err.message : String(err);
}

/**
 * The project's files (product rules "Screens and routes", "Backend calls"): upload (any file, or a photo from the
 * tablet camera), download, delete after a confirmation naming the file;
 * photos as a thumbnail grid (thumbnails made on this device) that open full
 * size on tap; sizes in B/KB/MB; files attached offline show 'Pending upload'
 * until sync has stored them. Upload and download errors show their message
 * (product rules "Error messages"). On a shared project, `canUpload` false (a viewer) hides upload,
 * and `canDelete` decides per file.
 */
export function ProjectFiles({
  projectId,
  canUpload = true,
  canDelete = () => true,
}: {
  projectId: string;
  canUpload?: boolean;
  canDelete?: (file: LocalProjectFile) => boolean;
}) {
  const { t } = useLingui();
  const files = useProjectFiles(projectId);
  const deadLetters = useDeadLetters();
  const failed = new Map(
    (deadLetters ?? [])
      .filter((d) => d.op.table === 'project_files')
      .map((d) => [d.op.id, refusalText(d)]),
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<LocalProjectFile | null>(null);
  const [viewing, setViewing] = useState<LocalProjectFile | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);

  async function attach(e: ChangeEvent<HTMLInputElement>) {
    const list = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (list.length === 0) return;
    setError(null);
    setBusy(true);
    try {
      for (const f of list) {
        const row = await filesRepo.attach(projectId, f, f.name);
        // The thumbnail is made now, on this device, so the grid works offline.
        if (f.type.startsWith('image/')) await storeThumbnail(row.id, f).catch(() => null);
      }
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  async function download(file: LocalProjectFile) {
    setError(null);
    try {
      const blob = await filesRepo.openBlob(file.id);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = file.file_name;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (err) {
      setError(errorText(err));
    }
  }

  async function remove(file: LocalProjectFile): Promise<string | null> {
    const result = await filesRepo.remove(file.id).catch((err: unknown) => ({
      ok: false as const,
      code: 'thrown' as const,
      text: errorText(err),
    }));
    if (!result.ok)
      return result.code === 'not_found' ? domainText(FILE_NOT_FOUND_TEXT) : result.text;
    await removeThumbnail(file.id).catch(() => undefined);
    return null;
  }

  const photos = (files ?? []).filter(isImage);
  const others = (files ?? []).filter((f) => !isImage(f));

  const item = (f: LocalProjectFile, photo: boolean) => (
    <li key={f.id} className={photo ? 'file file-photo' : 'file'}>
      {photo ? (
        <button
          type="button"
          className="photo-open"
          onClick={() => setViewing(f)}
          aria-label={t`Open ${ph({ name: f.file_name })} full size`}
        >
          <FileThumb file={f} />
        </button>
      ) : (
        <FileThumb file={f} />
      )}
      <div className="file-info">
        <div className="file-name">{f.file_name}</div>
        <div className="muted file-meta">
          {formatBytes(f.file_size)}
          {photo ? '' : ` · ${f.file_type}`}{' '}
          {f.pending ? <span className="badge badge-pending">{t`Pending upload`}</span> : null}
          {failed.has(f.id) ? (
            <Link to="/sync" className="badge status-archived" title={failed.get(f.id)}>
              <Trans>Upload failed — see Sync</Trans>
            </Link>
          ) : null}
        </div>
      </div>
      <div className="btn-row file-actions">
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => void download(f)}
          aria-label={t`Download ${ph({ name: f.file_name })}`}
        >
          <Trans>Download</Trans>
        </button>
        {canDelete(f) ? (
          <button
            type="button"
            className="btn btn-sm btn-danger-outline"
            onClick={() => setDeleting(f)}
            aria-label={t`Delete ${ph({ name: f.file_name })}`}
          >
            <Trans>Delete</Trans>
          </button>
        ) : null}
      </div>
    </li>
  );

  return (
    <section className="card section-card" aria-labelledby="files-heading">
      <div className="page-head" style={{ marginBottom: '0.75rem' }}>
        <h2 id="files-heading" style={{ margin: 0 }}>
          <Trans>Files</Trans>
        </h2>
        <div className="btn-row" hidden={!canUpload}>
          <input
            ref={fileInput}
            id="file-upload"
            type="file"
            aria-label={t`Files to upload`}
            multiple
            className="visually-hidden"
            tabIndex={-1}
            onChange={(e) => void attach(e)}
          />
          <input
            ref={cameraInput}
            id="camera-upload"
            type="file"
            aria-label={t`Photo to upload`}
            accept="image/*"
            capture="environment"
            className="visually-hidden"
            tabIndex={-1}
            onChange={(e) => void attach(e)}
          />
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={busy}
            onClick={() => fileInput.current?.click()}
          >
            <Trans>Upload File</Trans>
          </button>
          <button
            type="button"
            className="btn btn-sm"
            disabled={busy}
            onClick={() => cameraInput.current?.click()}
          >
            <Trans>Take Photo</Trans>
          </button>
        </div>
      </div>
      {error ? (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      ) : null}
      {files === undefined ? (
        <p className="muted">
          <Trans>Loading files…</Trans>
        </p>
      ) : files.length === 0 ? (
        <p className="muted">
          <Trans>No files yet.</Trans>
        </p>
      ) : (
        // One list: photos first as a grid of tiles, then the other files as full-width rows.
        <ul className="files files-grid" aria-label={t`Project files`}>
          {photos.map((f) => item(f, true))}
          {others.map((f) => item(f, false))}
        </ul>
      )}
      {deleting ? (
        <ConfirmDialog
          title={t`Delete “${ph({ name: deleting.file_name })}”?`}
          message={t`The file “${ph({ name: deleting.file_name })}” (${ph({ size: formatBytes(deleting.file_size) })}) is removed from this project on every device. This cannot be undone.`}
          confirmLabel={t`Delete file`}
          danger
          onClose={() => setDeleting(null)}
          onConfirm={() => remove(deleting)}
        />
      ) : null}
      {viewing ? <PhotoViewer file={viewing} onClose={() => setViewing(null)} /> : null}
    </section>
  );
}
