/**
 * Everything the door order page shows, from the local database: the
 * project, its cabinets and the door order computed from them, the checks of
 * what is left off, the contractor's prices and contact, and the export
 * (buildOrderExport) that the sheet, the downloads and the share all use.
 */
import { useMemo, useState } from 'react';
import { format } from 'date-fns';
import { useAuth } from '../../auth/useAuth';
import { useDoorOrders, useJob, useMyMembership, useProfile, useProject } from '../../hooks';
import { normalizeCabinetData } from '../../domain/cabinetData';
import { computeDoorOrder } from '../../domain/doorOrder';
import { orderedParts, placedPoNumber } from '../../domain/doorOrderTracking';
import { buildOrderExport } from '../../domain/orderExport';
import { readPriceList } from '../../domain/pricing';
import { customerName } from '../../domain/projectLabels';
import { contractorOf, str } from './orderMeta';
import { jobOrderChecks } from './orderChecksSource';

/** The door order of `projectId` (undefined while loading; `project` null when missing). */
export function useOrderSheet(projectId: string | undefined) {
  const status = useAuth((s) => s.status);
  const user = useAuth((s) => s.user);
  const project = useProject(projectId);
  const membership = useMyMembership(projectId);
  const job = useJob(projectId);
  const profile = useProfile();
  const raw = project?.details?.cabinetData;
  const data = useMemo(() => normalizeCabinetData(raw), [raw]);
  const order = useMemo(() => computeDoorOrder(data), [data]);
  const checks = useMemo(() => jobOrderChecks(data, order), [data, order]);
  const prices = useMemo(() => readPriceList(profile?.price_list), [profile?.price_list]);
  const [today] = useState(() => new Date());
  const placed = useDoorOrders(projectId);
  // Once an order is placed, the sheet and its files name the PO the maker got, not the builder's field.
  const poNumber = placedPoNumber(placed, data.form.poNumber.trim());

  const customer = customerName(job?.homeowner, project?.name);
  const address = str(project?.details?.address);
  // Who may change the cabinets is the server's answer (the contractor's side; the homeowner until a quote
  // is accepted). Anyone else reads the order only, and the sheet names the job's contractor as the sender.
  const canEdit = !!project && !!user && (job?.me?.may.edit_measurements ?? false);
  const contact =
    !canEdit && job?.me
      ? { ...(membership?.contact ?? {}), name: job.contractor?.name ?? membership?.contact?.name }
      : null;
  const contractor = contact
    ? { name: str(contact.name), phone: str(contact.phone), email: str(contact.email), address: '' }
    : contractorOf(profile, user?.user_metadata ?? {}, user?.email ?? '');
  const company = contact ? '' : (prices?.company ?? '');
  const x = useMemo(
    () =>
      buildOrderExport(
        order,
        data.form,
        {
          customer,
          address,
          orderDate: format(today, 'yyyy-MM-dd'),
          poNumber,
          contractor: {
            company,
            name: contractor.name,
            phone: contractor.phone,
            email: contractor.email,
          },
        },
        { checks, prices },
      ),
    [
      order,
      data.form,
      customer,
      address,
      today,
      poNumber,
      checks,
      prices,
      company,
      contractor.name,
      contractor.phone,
      contractor.email,
    ],
  );

  // Who places and tracks the door order: the job's contractor of record or his organization's admin (the server checks the same).
  const mayOrder = job?.me?.role === 'contractor' || job?.me?.role === 'org_admin';
  const parts = useMemo(() => orderedParts(order), [order]);

  return {
    status,
    user,
    project,
    data,
    x,
    canEdit,
    contractor,
    company,
    customer,
    address,
    today,
    mayOrder,
    parts,
  };
}
