/**
 * Role resolution and the permission map stored on the profile at sign up
 * (product rules "Roles and what they may do").
 */
import type { SignupRole } from '../domain/projectLabels';

export type Role = SignupRole;

/** Permission names of product rules "Roles and what they may do", as stored on the profile. */
const HOMEOWNER = [
  'create_projects',
  'view_own_projects',
  'edit_own_projects',
  'delete_own_projects',
  'request_quotes',
  'view_contractors',
  'message_contractors',
  'review_contractors',
  'upload_files',
] as const;

const CONTRACTOR = [
  'view_own_projects',
  'upload_files',
  'view_all_projects',
  'bid_on_projects',
  'view_bids',
  'manage_bids',
  'update_project_status',
] as const;

const ORG_ADMIN = [
  ...HOMEOWNER,
  'view_all_projects',
  'bid_on_projects',
  'view_bids',
  'manage_bids',
  'update_project_status',
  'manage_organization',
  'manage_users',
  'manage_team_members',
  'view_analytics',
  'manage_organization_settings',
  'invite_users',
  'assign_projects',
] as const;

/** The permission map for a role: `{ [permission]: true }` (product rules "Roles and what they may do"). */
export function permissionsFor(role: Role): Record<string, boolean> {
  const list: readonly string[] =
    role === 'contractor' ? CONTRACTOR : role === 'org_admin' ? ORG_ADMIN : HOMEOWNER;
  return Object.fromEntries(list.map((p) => [p, true]));
}

function isRole(value: unknown): value is Role {
  return value === 'homeowner' || value === 'contractor' || value === 'org_admin';
}

/**
 * Resolves the role (product rules "Roles and what they may do"): the profile's role, else the account
 * metadata's, else homeowner. A present but invalid role resolves to
 * homeowner with a console warning.
 */
export function resolveRole(profileRole: unknown, metadataRole: unknown): Role {
  const raw = profileRole ?? metadataRole;
  if (raw === undefined || raw === null || raw === '') return 'homeowner';
  if (isRole(raw)) return raw;
  console.warn(`Invalid role ${JSON.stringify(raw)}; using homeowner permissions.`);
  return 'homeowner';
}

/** In the UI only homeowner vs the rest matters (product rules "Roles and what they may do"): any non-homeowner sees the contractor variant. */
export function uiRole(role: Role): 'homeowner' | 'contractor' {
  return role === 'homeowner' ? 'homeowner' : 'contractor';
}
