/**
 * Project option lists and their labels (product rules "Records and their fields", "States and changes", "Constants and formulas"): statuses, filter
 * chips, project types, contractor scopes, budgets, sign-up roles. Pure and
 * dependency-free, so screens that only show labels do not load the
 * validation library; `projectRules.ts` re-exports everything here.
 */

/** Project status values as stored (lowercase), product rules "States and changes". */
export const PROJECT_STATUSES = ['draft', 'active', 'completed', 'archived'] as const;
export type ProjectStatusValue = (typeof PROJECT_STATUSES)[number];

/** Display labels of the statuses (product rules "Constants and formulas" filter list: All, Draft, Active, Completed, Archived). */
export const STATUS_LABELS: Record<ProjectStatusValue, string> = {
  draft: 'Draft',
  active: 'Active',
  completed: 'Completed',
  archived: 'Archived',
};

/** Dashboard filter chips, in the order of product rules "Screens and routes". */
export const STATUS_FILTERS = ['all', ...PROJECT_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** Homeowner project types (product rules "Records and their fields"). */
export const PROJECT_TYPES = [
  'kitchen',
  'bathroom',
  'bedroom',
  'living_room',
  'basement',
  'garage',
  'outdoor',
  'whole_house',
  'custom',
] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

/** Contractor project scopes: the homeowner types plus commercial (product rules "Records and their fields"). */
export const PROJECT_SCOPES = [...PROJECT_TYPES, 'commercial'] as const;
export type ProjectScope = (typeof PROJECT_SCOPES)[number];

const TYPE_LABELS: Record<ProjectScope, string> = {
  kitchen: 'Kitchen',
  bathroom: 'Bathroom',
  bedroom: 'Bedroom',
  living_room: 'Living Room',
  basement: 'Basement',
  garage: 'Garage',
  outdoor: 'Outdoor',
  whole_house: 'Whole House',
  custom: 'Custom',
  commercial: 'Commercial',
};

/** Budget values (product rules "Records and their fields"); `custom` stores the custom text beside it. */
export const BUDGETS = [
  'under-10k',
  '10k-25k',
  '25k-50k',
  '50k-100k',
  '100k-plus',
  'custom',
] as const;
export type Budget = (typeof BUDGETS)[number];

export const BUDGET_LABELS: Record<Budget, string> = {
  'under-10k': 'Under $10k',
  '10k-25k': '$10k – $25k',
  '25k-50k': '$25k – $50k',
  '50k-100k': '$50k – $100k',
  '100k-plus': '$100k+',
  custom: 'Custom',
};

/** Roles a user may pick at sign up (product rules "Input checks"); org_admin is shown as Organization. */
export const SIGNUP_ROLES = ['homeowner', 'contractor', 'org_admin'] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];

export const ROLE_LABELS: Record<SignupRole, string> = {
  homeowner: 'Homeowner',
  contractor: 'Contractor',
  org_admin: 'Organization',
};

/**
 * Label of a project type or scope value; unknown values are shown as given
 * with underscores turned into spaces, empty as ''.
 */
export function projectTypeLabel(value: string | undefined | null): string {
  if (!value) return '';
  return (TYPE_LABELS as Record<string, string>)[value] ?? value.replace(/_/g, ' ');
}

/** Label of a status value; unknown values are shown as given. */
export function statusLabel(value: string): string {
  return (STATUS_LABELS as Record<string, string>)[value] ?? value;
}

/** What a project without a name is called (product rules "Screens and routes" card fallback), on every screen and in sync's labels. */
export const UNTITLED_PROJECT = 'Untitled Project';

/** A project's name as shown: trimmed, or 'Untitled Project' when blank. */
export function projectDisplayName(name: string | null | undefined): string {
  return name?.trim() || UNTITLED_PROJECT;
}

/**
 * Who a door order or a printed quote is for ("Customer"): the homeowner on
 * the job (the server's display name: first and last name, else email);
 * when no homeowner is on the job yet (a contractor's client who was never
 * invited), the project's name, which is how the contractor named that
 * client. Never the project's name over a known homeowner.
 */
export function customerName(
  homeowner: { name: string } | null | undefined,
  projectName: string | null | undefined,
): string {
  return homeowner?.name.trim() || projectDisplayName(projectName);
}

/**
 * Who a printed quote is for ("Customer"): the homeowner's name as the
 * server gives it to the people on her job (`homeowner`, the job's owner
 * row); '' when this device cannot know it. A contractor who quotes from a
 * request alone is not on her job and the server tells him no name (a
 * request shows none until a quote is accepted), and a homeowner's job
 * (`homeownersJob`: it has an owner, or the quote answers a request) is
 * never called by its project's name, which names her kitchen, not her.
 * On a contractor's own client job, the project's name, as
 * {@link customerName}.
 */
export function quoteCustomerName(
  homeowner: { name: string } | null | undefined,
  project: { name: string | null; owner_user_id: string | null } | null | undefined,
  homeownersJob: boolean,
): string {
  const name = homeowner?.name.trim();
  if (name) return name;
  if (!project || homeownersJob || project.owner_user_id) return '';
  return projectDisplayName(project.name);
}
