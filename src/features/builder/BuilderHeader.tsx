/**
 * The builder's page head and its error states: the job as a contractor
 * names it (the customer, that is the project name, and where the cabinets
 * are), and product rules "Error messages" builder errors, each with Back to
 * Dashboard.
 */
import { Link } from 'react-router-dom';
import { Trans } from '@lingui/react/macro';
import { domainText } from '../../i18n/domainTexts';
import type { ProjectRow } from '../../data';
import { UNTITLED_PROJECT } from '../../domain/projectLabels';

/** Product rules "Error messages" builder error states, each with Back to Dashboard. */
export function BuilderError({ message }: { message: string }) {
  return (
    <main className="container container-narrow">
      <div className="card" role="alert">
        <p className="bld-error-text">{domainText(message)}</p>
        <Link to="/dashboard" className="btn btn-primary">
          <Trans>Back to Dashboard</Trans>
        </Link>
      </div>
    </main>
  );
}

/** "Cabinet Builder", the customer and, when it differs, the address; Back to Dashboard above. */
export function BuilderHeader({ project }: { project: ProjectRow }) {
  const customer = project.name?.trim() || domainText(UNTITLED_PROJECT);
  const address =
    typeof project.details?.address === 'string' ? project.details.address.trim() : '';
  return (
    <header className="bld-head">
      <Link to="/dashboard" className="bld-back">
        <Trans>← Back to Dashboard</Trans>
      </Link>
      <p className="muted bld-eyebrow">
        <Trans>Cabinet Builder</Trans>
      </p>
      <h1>
        {customer}
        {address && address !== customer ? (
          <span className="bld-title-address">
            <span aria-hidden="true"> · </span>
            <span className="visually-hidden">, </span>
            {address}
          </span>
        ) : null}
      </h1>
    </header>
  );
}
