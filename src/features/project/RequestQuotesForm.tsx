import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { format } from 'date-fns';
import { SelectField, TextField } from '../../ui/FormFields';
import type { ProjectRow } from '../../data';
import { PROJECT_TYPES } from '../../domain/projectLabels';
import { projectTypeText } from '../../i18n/domainLabels';
import { domainText } from '../../i18n/domainTexts';
import { quoteRequestErrors, zipFromAddress } from '../../domain/quoteRequestRules';
import { useServerReachable } from '../../hooks';
import { PhotoPicker } from './PhotoPicker';
import { createQuoteRequest, type QuoteRequest } from './quoteRequestApi';
import { errorText } from '../../remote/rpc';

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/**
 * "Request quotes": the photos to share, the project type, what to describe,
 * the ZIP code (read from the project's address when it ends with one) and
 * an optional needed-by date. Checked on the fields with the server's words;
 * sending needs the server: while there is no connection the button says so,
 * and a failed send keeps everything typed.
 */
export function RequestQuotesForm({
  project,
  onSent,
  onCancel,
}: {
  project: ProjectRow;
  onSent: (request: QuoteRequest) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const details = project.details ?? {};
  const [projectType, setProjectType] = useState(str(details.projectType));
  const [description, setDescription] = useState(str(details.description));
  const [zip, setZip] = useState(zipFromAddress(str(details.address)));
  const [neededBy, setNeededBy] = useState('');
  const [photoIds, setPhotoIds] = useState<string[]>([]);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const online = useServerReachable();

  const today = format(new Date(), 'yyyy-MM-dd');
  const errors = quoteRequestErrors(
    { zip, description, photoCount: photoIds.length, neededBy },
    today,
  );
  const shown = checked ? errors : {};

  async function submit(e: FormEvent) {
    e.preventDefault();
    setChecked(true);
    setMessage(null);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    const r = await createQuoteRequest({
      projectId: project.id,
      projectType,
      scopes: projectType ? [projectType] : [],
      description,
      zip,
      photoFileIds: photoIds,
      neededBy: neededBy || null,
    });
    setBusy(false);
    if (r.ok) onSent(r.value);
    else setMessage(errorText(r));
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label={t`Request quotes`}>
      {message ? (
        <div className="alert alert-error" role="alert">
          {message}
        </div>
      ) : null}
      <PhotoPicker
        projectId={project.id}
        chosen={photoIds}
        onChange={setPhotoIds}
        error={domainText(shown.photos ?? null) ?? undefined}
      />
      <SelectField
        id="qr-type"
        label={t`Project type`}
        value={projectType}
        empty={t`Select a project type`}
        options={PROJECT_TYPES.map((type) => ({ value: type, label: projectTypeText(type) }))}
        onChange={setProjectType}
      />
      <div className="field">
        <label htmlFor="qr-description">
          <Trans>Describe the job</Trans>
        </label>
        <textarea
          id="qr-description"
          rows={4}
          value={description}
          placeholder={t`Which cabinets, the door style and color you want, anything that stays.`}
          aria-invalid={shown.description ? true : undefined}
          aria-describedby={shown.description ? 'qr-description-err' : undefined}
          onChange={(e) => setDescription(e.target.value)}
        />
        {shown.description ? (
          <p className="field-error" id="qr-description-err">
            {domainText(shown.description)}
          </p>
        ) : null}
      </div>
      <TextField
        id="qr-zip"
        label={t`ZIP code`}
        value={zip}
        autoComplete="postal-code"
        error={domainText(shown.zip ?? null)}
        onChange={setZip}
      />
      <TextField
        id="qr-needed-by"
        label={t`Needed by (optional)`}
        type="date"
        value={neededBy}
        error={domainText(shown.neededBy ?? null)}
        onChange={setNeededBy}
      />
      <p className="muted">
        <Trans>
          Contractors who serve your ZIP code see the job, your photos and your description, never
          your name, email, phone or street address until you accept their quote.
        </Trans>
      </p>
      <div className="btn-row">
        <button type="submit" className="btn btn-primary" disabled={busy || !online}>
          {!online
            ? t`Requesting quotes needs a connection`
            : busy
              ? t`Sending…`
              : t`Send quote request`}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
