/**
 * The sections of {@link SharedProjectView} (the project page of someone it
 * was shared with): the job, the other side of the job (from the server's
 * answer of who is who), and the cabinet summary with the door order, all
 * read-only.
 */
import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ContractorRatingLine } from '../../ui/ContractorRatingLine';
import { useContractorRatings } from '../../hooks';
import { useMemo } from 'react';
import type { ProjectMemberRow, ProjectRow } from '../../data';
import type { JobAnswer, JobPerson } from '../../domain/jobRole';
import { cabinetSummaryText, statusText } from '../../i18n/domainLabels';
import { formatDate } from '../../i18n/format';
import { normalizeCabinetData } from '../../domain/cabinetData';
import { computeDoorOrder, type OrderLine } from '../../domain/doorOrder';
import { formatSize } from '../../domain/fractions';

function updated(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : formatDate(d);
}

/** One table of the door order: how many of each finished size (inches, width × height). */
function Lines({ title, lines }: { title: string; lines: readonly OrderLine[] }) {
  const total = lines.reduce((s, l) => s + l.quantity, 0);
  return (
    <div className="shared-order">
      <h3>
        {title} ({total})
      </h3>
      {lines.length === 0 ? (
        <p className="muted">
          <Trans>None.</Trans>
        </p>
      ) : (
        <table className="shared-order-table">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Qty</Trans>
              </th>
              <th scope="col">
                <Trans>Finished size (W × H)</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((l) => (
              <tr key={`${l.width}x${l.height}`}>
                <td>{l.quantity}</td>
                <td>{formatSize(l.width, l.height)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** The job: its status, address (when there is one) and when it last changed. */
export function SharedJobSection({ project }: { project: ProjectRow }) {
  const address = typeof project.details?.address === 'string' ? project.details.address : '';
  return (
    <section className="card section-card" aria-labelledby="job-heading">
      <h2 id="job-heading">
        <Trans>Job</Trans>
      </h2>
      <dl className="dl">
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd>{statusText(project.status)}</dd>
        {address ? (
          <>
            <dt>
              <Trans>Address</Trans>
            </dt>
            <dd>{address}</dd>
          </>
        ) : null}
        <dt>
          <Trans>Updated</Trans>
        </dt>
        <dd>{updated(project.updated_at)}</dd>
      </dl>
    </section>
  );
}

/**
 * The other side of the job for the person it was shared with (the
 * server's answer, product rules "Who is who on a job"): "Your contractor"
 * with the contractor's name, rating, phone and email for the homeowner's
 * side and viewers; "Homeowner" with her name and the job's phone (so the
 * contractor invited to edit can call her) for a contractor invited to edit
 * and for an organization admin.
 */
export function JobCounterpartCard({
  job,
  contact,
  phone,
}: {
  job: JobAnswer;
  /** The job's contact phone (the project's details: the homeowner's), shown to the contractor's side. */
  phone?: string;
  /** The contractor's phone and email as the member's row carries them (the homeowner's side only). */
  contact: ProjectMemberRow['contact'];
}) {
  const contractorSide = job.me?.role === 'editor' || job.me?.role === 'org_admin';
  if (contractorSide) {
    return (
      <section className="card section-card" aria-labelledby="contact-heading">
        <h2 id="contact-heading">
          <Trans>Homeowner</Trans>
        </h2>
        {job.homeowner ? (
          <p>{job.homeowner.name}</p>
        ) : (
          <p className="muted">
            <Trans>No homeowner on this job yet.</Trans>
          </p>
        )}
        {phone ? (
          <dl className="dl">
            <dt>
              <Trans>Phone</Trans>
            </dt>
            <dd>
              <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
            </dd>
          </dl>
        ) : null}
      </section>
    );
  }
  return <ContractorContact contractor={job.contractor} contact={contact} />;
}

/** "Your contractor": the contractor of record's name (the server's), rating, phone and email. */
function ContractorContact({
  contractor,
  contact,
}: {
  contractor: JobPerson | null;
  contact: ProjectMemberRow['contact'];
}) {
  const { t } = useLingui();
  const contractorId = contractor?.userId ?? null;
  const ratings = useContractorRatings(contractorId ? [contractorId] : []);
  const name = contractor?.name ?? contact.name ?? '';
  return (
    <section className="card section-card" aria-labelledby="contact-heading">
      <h2 id="contact-heading">
        <Trans>Your contractor</Trans>
      </h2>
      {contractorId ? (
        <ContractorRatingLine
          contractorId={contractorId}
          rating={ratings?.[contractorId]}
          name={name || t`your contractor`}
        />
      ) : null}
      {name || contact.email || contact.phone ? (
        <dl className="dl">
          {name ? (
            <>
              <dt>
                <Trans>Name</Trans>
              </dt>
              <dd>{name}</dd>
            </>
          ) : null}
          {contact.phone ? (
            <>
              <dt>
                <Trans>Phone</Trans>
              </dt>
              <dd>
                <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
              </dd>
            </>
          ) : null}
          {contact.email ? (
            <>
              <dt>
                <Trans>Email</Trans>
              </dt>
              <dd>
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p className="muted">
          <Trans>No contact details yet.</Trans>
        </p>
      )}
    </section>
  );
}

/** The cabinet summary and the door order (doors, drawer fronts), read-only. */
export function SharedCabinets({ project, job }: { project: ProjectRow; job: JobAnswer }) {
  const { t } = useLingui();
  const raw = project.details?.cabinetData;
  const order = useMemo(() => computeDoorOrder(normalizeCabinetData(raw)), [raw]);
  return (
    <section className="card section-card" aria-labelledby="cabinets-heading">
      <h2 id="cabinets-heading">
        <Trans>Cabinets and door order</Trans>
      </h2>
      <p>{cabinetSummaryText(raw)}</p>
      <Lines title={t`Doors`} lines={order.doors} />
      <Lines title={t`Drawer fronts`} lines={order.drawerFronts} />
      {job.me?.may.edit_measurements ? null : (
        <p className="muted">
          {job.contractor
            ? t`Read-only: ${ph({ who: job.contractor.name })} measures and orders the doors.`
            : t`Read-only: your contractor measures and orders the doors.`}
        </p>
      )}
    </section>
  );
}
