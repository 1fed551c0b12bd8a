import { Trans, useLingui } from '@lingui/react/macro';
import { useProjectFiles } from '../../hooks';
import { FileThumb, isImage } from '../../ui/FileThumb';

/**
 * The project's photos as checkboxes with their thumbnails: the homeowner
 * chooses which ones contractors may see. Photos still waiting to upload are
 * left out (the server must have them to share them).
 */
export function PhotoPicker({
  projectId,
  chosen,
  onChange,
  error,
}: {
  projectId: string;
  chosen: string[];
  onChange: (ids: string[]) => void;
  error?: string | undefined;
}) {
  const { t } = useLingui();
  const photos = useProjectFiles(projectId)?.filter((f) => isImage(f) && !f.pending);
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...chosen, id] : chosen.filter((x) => x !== id));
  return (
    <fieldset
      className="qr-photos"
      aria-describedby={error ? 'qr-photos-err' : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>{t`Photos to share`}</legend>
      {photos === undefined ? (
        <p className="muted">{t`Loading photos…`}</p>
      ) : photos.length === 0 ? (
        <p className="muted">
          <Trans>
            No photos on this project yet. Add some under Files so contractors can see the job.
          </Trans>
        </p>
      ) : (
        <ul className="qr-photo-grid">
          {photos.map((f) => (
            <li key={f.id}>
              <label className="qr-photo">
                <input
                  type="checkbox"
                  checked={chosen.includes(f.id)}
                  onChange={(e) => toggle(f.id, e.target.checked)}
                />
                <FileThumb file={f} />
                <span className="qr-photo-name">{f.file_name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <p className="field-error" id="qr-photos-err">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
