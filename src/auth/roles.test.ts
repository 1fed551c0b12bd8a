import { afterEach, describe, expect, it, vi } from 'vitest';
import { permissionsFor, resolveRole, uiRole } from './roles';

afterEach(() => vi.restoreAllMocks());

describe('resolveRole (product rules "Roles and what they may do")', () => {
  it('takes the profile, else metadata, else homeowner', () => {
    expect(resolveRole('contractor', 'homeowner')).toBe('contractor');
    expect(resolveRole(null, 'org_admin')).toBe('org_admin');
    expect(resolveRole(undefined, undefined)).toBe('homeowner');
  });
  it('gives an invalid role homeowner permissions with a console warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(resolveRole('superuser', undefined)).toBe('homeowner');
    expect(warn).toHaveBeenCalledTimes(1);
  });
  it('shows the contractor variant to every non-homeowner', () => {
    expect(uiRole('org_admin')).toBe('contractor');
    expect(uiRole('homeowner')).toBe('homeowner');
  });
  it('maps permissions per product rules "Roles and what they may do"', () => {
    expect(permissionsFor('contractor').create_projects).toBeUndefined();
    expect(permissionsFor('contractor').update_project_status).toBe(true);
    expect(permissionsFor('homeowner').create_projects).toBe(true);
    expect(permissionsFor('org_admin').manage_users).toBe(true);
    expect(permissionsFor('org_admin').create_projects).toBe(true);
  });
});
