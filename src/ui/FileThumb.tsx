import { msg, ph } from '@lingui/core/macro';
import { i18n } from '../i18n/i18n';
import { useEffect, useState } from 'react';
import { filesRepo, type LocalProjectFile } from '../data';
import { loadThumbnail, storeThumbnail } from './thumbnails';

/** Extension badge text of a file: `PDF`, `JPG`, … */
export function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1, dot + 5).toUpperCase() : 'FILE';
}

/** True for files shown as photos (thumbnail, full size on tap). */
export function isImage(file: Pick<LocalProjectFile, 'file_type'>): boolean {
  return file.file_type.startsWith('image/');
}

/**
 * Thumbnail of an image file: the one stored on this device, else made once
 * from the photo (cached locally, or downloaded when online) and stored.
 * Other files, and photos not available here, show the extension.
 */
export function FileThumb({ file }: { file: LocalProjectFile }) {
  const image = isImage(file);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image) return undefined;
    let cancelled = false;
    let made: string | null = null;
    const show = (blob: Blob | null) => {
      if (cancelled || !blob) return;
      made = URL.createObjectURL(blob);
      setUrl(made);
    };
    void (async () => {
      const stored = await loadThumbnail(file.id).catch(() => null);
      if (stored) return show(stored);
      const full = await filesRepo.openBlob(file.id).catch(() => null);
      if (!full || cancelled) return;
      show((await storeThumbnail(file.id, full).catch(() => null)) ?? full);
    })();
    return () => {
      cancelled = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [file.id, image, file.hasLocalBlob]);
  if (url)
    return (
      <img
        className="file-thumb"
        src={url}
        alt={i18n._(msg`Preview of ${ph({ name: file.file_name })}`)}
      />
    );
  return (
    <span className="file-thumb" aria-hidden="true">
      {extension(file.file_name)}
    </span>
  );
}
