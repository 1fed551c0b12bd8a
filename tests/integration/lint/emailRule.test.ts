/**
 * One email rule in one place: shared/emailRule.ts's `isEmailAddress`. The
 * app's project form (src/domain/projectRules.ts) and the local backend's auth
 * field (server/auth/shared.ts) must give the same verdict for every address,
 * and no other source file may carry its own email pattern.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isEmailAddress, MAX_EMAIL_LENGTH } from '../../../shared/emailRule';
import { emptyProjectForm, validateContractorProject } from '../../../src/domain/projectRules';
import { emailField } from '../../../server/auth/shared.ts';

const root = join(import.meta.dirname, '..', '..', '..');

/** The contractor project form's verdict on an email, everything else valid. */
function formAccepts(email: string): boolean {
  const values = {
    ...emptyProjectForm('contractor'),
    name: 'Jo',
    address: '1 Main St',
    phone: '5551234567',
    email,
    projectScopes: ['kitchen'],
  };
  return validateContractorProject(values, 'create').ok;
}

const local = (n: number) => 'a'.repeat(n);
const ADDRESSES: [string, boolean][] = [
  ['jo@example.com', true],
  ['  jo@example.com  ', true],
  ['Jo.Lee+tag@Sub.Example.co', true],
  ['a@b.co', true],
  [`${local(MAX_EMAIL_LENGTH - '@example.com'.length)}@example.com`, true],
  [`${local(MAX_EMAIL_LENGTH - '@example.com'.length + 1)}@example.com`, false],
  ['jo at example.com', false],
  ['a@b', false],
  ['a b@c.d', false],
  ['@.', false],
  ['ab.c', false],
  ['a@@b.co', false],
  ['nul\u0000@example.com', false],
  ['del\u007f@example.com', false],
];

describe('the one email rule', () => {
  it.each(ADDRESSES)(
    '%j → %s in the rule, the project form and the server auth field alike',
    (address, valid) => {
      expect(isEmailAddress(address.trim())).toBe(valid);
      expect(formAccepts(address)).toBe(valid);
      expect(emailField.safeParse(address).success).toBe(valid);
    },
  );

  it('no other source file writes an email pattern of its own', () => {
    const own = 'shared/emailRule.ts';
    const offenders: string[] = [];
    for (const dir of ['src', 'server', 'sync', 'shared']) {
      for (const f of readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })) {
        const path = join(dir, f).split('\\').join('/');
        if (!/\.tsx?$/.test(path) || /\.test\.tsx?$/.test(path) || path === own) continue;
        // The shape every hand-written address pattern has: a character class, then "@", then another.
        if (readFileSync(join(root, path), 'utf8').includes(']+@[')) offenders.push(path);
      }
    }
    expect(offenders).toEqual([]);
  });
});
