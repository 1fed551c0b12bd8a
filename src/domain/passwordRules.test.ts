import { describe, expect, it } from 'vitest';
import { newPasswordError } from './passwordRules';
import { projectDisplayName } from './projectLabels';

describe('newPasswordError', () => {
  it('gives the first broken rule in the spec order: both filled, length, match', () => {
    expect(newPasswordError('', 'secret1')).toBe('Please fill in all required fields');
    expect(newPasswordError('abc', '')).toBe('Please fill in all required fields');
    expect(newPasswordError('abc', 'abd')).toBe('Password must be at least 6 characters long');
    expect(newPasswordError('secret1', 'secret2')).toBe('Passwords do not match');
    expect(newPasswordError('secret1', 'secret1')).toBeNull();
  });
});

describe('projectDisplayName', () => {
  it('trims the name and calls a blank one Untitled Project', () => {
    expect(projectDisplayName('  Smith kitchen ')).toBe('Smith kitchen');
    expect(projectDisplayName('   ')).toBe('Untitled Project');
    expect(projectDisplayName(null)).toBe('Untitled Project');
  });
});
