import { useEffect, useState } from 'react';
import { filesRepo, type LocalProjectFile } from '../../data';

/** Extension badge text of a file: `PDF`, `JPG`, … */
function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1, dot + 5).toUpperCase() : 'FILE';
}

/**
 * Thumbnail of an image file from its local blob (downloaded and cached when
 * online); other files, and images not available, show the extension.
 */
export function FileThumb({ file }: { file: LocalProjectFile }) {
  const isImage = file.file_type.startsWith('image/');
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!isImage) return undefined;
    let cancelled = false;
    let made: string | null = null;
    filesRepo
      .openBlob(file.id)
      .then((blob) => {
        if (cancelled) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [file.id, isImage, file.hasLocalBlob]);
  if (url) return <img className="file-thumb" src={url} alt={`Preview of ${file.file_name}`} />;
  return (
    <span className="file-thumb" aria-hidden="true">
      {extension(file.file_name)}
    </span>
  );
}
