/**
 * The project form's values and the project row, both ways: a row into the
 * form's values, the values into `details`, and the status choices of the
 * contractor's create form. ProjectFormModal.tsx shows and checks them.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { STATUS_MESSAGES } from '../../i18n/domainLabels';
import type { ProjectDetails, ProjectRow, ProjectStatus } from '../../data';
import { emptyProjectForm, formatPhone, type ProjectFormValues } from '../../domain/projectRules';

/**
 * Status choices of the contractor create form (product rules "States and changes": it also offers
 * Pending, stored as draft). The label says so, so the card showing Draft
 * afterwards is no surprise.
 */
export const CREATE_STATUSES: { value: string; label: MessageDescriptor }[] = [
  { value: 'draft', label: STATUS_MESSAGES.draft },
  { value: 'pending', label: msg`Pending (saved as Draft)` },
  { value: 'active', label: STATUS_MESSAGES.active },
  { value: 'completed', label: STATUS_MESSAGES.completed },
  { value: 'archived', label: STATUS_MESSAGES.archived },
];

/** The status a create form's choice is stored as (Pending is a draft). */
export function storedStatus(value: string): ProjectStatus {
  return value === 'active' || value === 'completed' || value === 'archived' ? value : 'draft';
}

/** The form's values of a project row, for the given kind of form. */
export function fromProject(
  project: ProjectRow,
  kind: 'homeowner' | 'contractor',
): ProjectFormValues {
  const d = project.details ?? {};
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    ...emptyProjectForm(kind),
    name: project.name ?? '',
    projectType: str(d.projectType),
    description: str(d.description),
    email: str(d.email),
    phone: formatPhone(str(d.phone)),
    address: str(d.address),
    projectScopes: Array.isArray(d.projectScopes)
      ? d.projectScopes.filter((s): s is string => typeof s === 'string')
      : [],
    budget: str(d.budget),
    customBudget: str(d.customBudget),
    status: project.status,
  };
}

/** The project's `details` from the form's values, on top of `base`; contractor-only fields for contractors. */
export function toDetails(
  values: ProjectFormValues,
  kind: 'homeowner' | 'contractor',
  base: ProjectDetails,
): ProjectDetails {
  const details: ProjectDetails = {
    ...base,
    description: values.description.trim(),
    projectType: values.projectType,
    email: values.email.trim(),
    phone: values.phone,
    address: values.address.trim(),
  };
  if (kind === 'contractor') {
    details.projectScopes = values.projectScopes;
    details.budget = values.budget;
    details.customBudget = values.budget === 'custom' ? values.customBudget.trim() : '';
  }
  return details;
}
