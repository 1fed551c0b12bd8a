import { useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { filesRepo, useDeadLetters, useProjectFiles, type LocalProjectFile } from '../../data';
import { formatBytes } from '../profile/useStorageEstimate';
import { FileThumb } from './FileThumb';

function errorText(err: unknown): string {
  return err instanceof Error && err.message ? err.message : String(err);
}

/**
 * The project's file list (spec §2, §7): upload (any file, or a photo from
 * the tablet camera), download, delete; image thumbnails; files attached
 * offline show 'Pending upload' until sync has stored them. Upload and
 * download errors show their message (spec §8). On a shared project,
 * `canUpload` false (a viewer) hides upload, and `canDelete` decides per file.
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
  const files = useProjectFiles(projectId);
  const deadLetters = useDeadLetters();
  const failed = new Map((deadLetters ?? []).filter((d) => d.op.table === 'project_files').map((d) => [d.op.id, d.message]));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);

  async function attach(e: ChangeEvent<HTMLInputElement>) {
    const list = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (list.length === 0) return;
    setError(null);
    setBusy(true);
    try {
      for (const f of list) await filesRepo.attach(projectId, f, f.name);
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

  async function remove(file: LocalProjectFile) {
    if (!window.confirm(`Delete ${file.file_name}?`)) return;
    setError(null);
    const result = await filesRepo.remove(file.id).catch((err: unknown) => ({ ok: false as const, error: errorText(err) }));
    if (!result.ok) setError(result.error === 'not_found' ? 'File not found' : result.error);
  }

  return (
    <section className="card section-card" aria-labelledby="files-heading">
      <div className="page-head" style={{ marginBottom: '0.75rem' }}>
        <h2 id="files-heading" style={{ margin: 0 }}>
          Files
        </h2>
        <div className="btn-row" hidden={!canUpload}>
          <input ref={fileInput} id="file-upload" type="file" multiple className="visually-hidden" tabIndex={-1} onChange={(e) => void attach(e)} />
          <input
            ref={cameraInput}
            id="camera-upload"
            type="file"
            accept="image/*"
            capture="environment"
            className="visually-hidden"
            tabIndex={-1}
            onChange={(e) => void attach(e)}
          />
          <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => fileInput.current?.click()}>
            Upload File
          </button>
          <button type="button" className="btn btn-sm" disabled={busy} onClick={() => cameraInput.current?.click()}>
            Take Photo
          </button>
        </div>
      </div>
      {error ? (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      ) : null}
      {files === undefined ? (
        <p className="muted">Loading files…</p>
      ) : files.length === 0 ? (
        <p className="muted">No files yet.</p>
      ) : (
        <ul className="files" aria-label="Project files">
          {files.map((f) => (
            <li key={f.id} className="file">
              <FileThumb file={f} />
              <div className="file-info">
                <div className="file-name">{f.file_name}</div>
                <div className="muted" style={{ fontSize: '0.9rem' }}>
                  {formatBytes(f.file_size)} · {f.file_type}{' '}
                  {f.pending ? <span className="badge badge-pending">Pending upload</span> : null}
                  {failed.has(f.id) ? (
                    <Link to="/sync" className="badge status-archived" title={failed.get(f.id)}>
                      Upload failed — see Sync
                    </Link>
                  ) : null}
                </div>
              </div>
              <div className="btn-row">
                <button type="button" className="btn btn-sm" onClick={() => void download(f)} aria-label={`Download ${f.file_name}`}>
                  Download
                </button>
                {canDelete(f) ? (
                  <button type="button" className="btn btn-sm btn-danger-outline" onClick={() => void remove(f)} aria-label={`Delete ${f.file_name}`}>
                    Delete
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
