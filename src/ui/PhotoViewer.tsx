import { useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { filesRepo, type LocalProjectFile } from '../data';
import { Modal } from './Modal';

/**
 * A photo full size, in a dialog: the copy kept on this device, else
 * downloaded when online and kept (filesRepo.openBlob), so a photo seen once
 * opens offline. Under Files and in a thread alike: the same file row.
 */
export function PhotoViewer({ file, onClose }: { file: LocalProjectFile; onClose: () => void }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let cancelled = false;
    filesRepo
      .openBlob(file.id)
      .then((blob) => {
        if (cancelled) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch((err: unknown) => {
        if (!cancelled) setError(err instanceof Error && err.message ? err.message : String(err));
      });
    return () => {
      cancelled = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [file.id]);
  return (
    <Modal title={file.file_name} onClose={onClose}>
      {error ? (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      ) : url ? (
        <img className="photo-full" src={url} alt={file.file_name} />
      ) : (
        <p className="muted">
          <Trans>Opening photo…</Trans>
        </p>
      )}
    </Modal>
  );
}
