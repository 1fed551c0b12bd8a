import { customerName, quoteCustomerName } from './projectLabels';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  emptyProjectForm,
  formatPhone,
  projectTypeLabel,
  validateContractorProject,
  validateHomeownerProject,
  validateSignIn,
  validateSignUp,
} from './projectRules';

describe('formatPhone (product rules "Input checks")', () => {
  it.each([
    ['', ''],
    ['5', '(5'],
    ['555', '(555'],
    ['5551', '(555) 1'],
    ['555123', '(555) 123'],
    ['5551234567', '(555) 123-4567'],
    ['(555) 123-45678999', '(555) 123-4567'],
    ['555.123.4567', '(555) 123-4567'],
  ])('%s → %s', (input, out) => {
    expect(formatPhone(input)).toBe(out);
  });
  it('is idempotent and never holds more than 10 digits', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const once = formatPhone(s);
        expect(formatPhone(once)).toBe(once);
        expect(once.replace(/\D/g, '').length).toBeLessThanOrEqual(10);
      }),
    );
  });
});

describe('sign in / sign up (product rules "Input checks")', () => {
  it('requires email and password', () => {
    expect(validateSignIn({ email: '', password: 'secret1' })).toEqual({
      ok: false,
      errors: { form: 'Please fill in all required fields' },
    });
    expect(validateSignIn({ email: 'a@b.co', password: '' })).toEqual({
      ok: false,
      errors: { form: 'Please fill in all required fields' },
    });
  });
  it('requires 6 characters', () => {
    expect(validateSignIn({ email: 'a@b.co', password: '12345' })).toEqual({
      ok: false,
      errors: { form: 'Password must be at least 6 characters long' },
    });
    expect(validateSignIn({ email: ' a@b.co ', password: '123456' })).toEqual({
      ok: true,
      value: { email: 'a@b.co', password: '123456' },
    });
  });
  const good = {
    email: 'a@b.co',
    password: 'secret1',
    confirmPassword: 'secret1',
    firstName: 'Ann',
    lastName: 'Lee',
    role: 'contractor',
  };
  it('requires names, matching passwords and a valid role', () => {
    expect(validateSignUp({ ...good, firstName: ' ' })).toMatchObject({
      errors: { form: 'Please fill in all required fields' },
    });
    expect(validateSignUp({ ...good, lastName: '' })).toMatchObject({
      errors: { form: 'Please fill in all required fields' },
    });
    expect(validateSignUp({ ...good, password: 'abc', confirmPassword: 'abc' })).toMatchObject({
      errors: { form: 'Password must be at least 6 characters long' },
    });
    expect(validateSignUp({ ...good, confirmPassword: 'secret2' })).toMatchObject({
      errors: { form: 'Passwords do not match' },
    });
    expect(validateSignUp({ ...good, role: 'admin' })).toMatchObject({
      errors: { form: 'Invalid role: admin. Please select a valid role.' },
    });
    expect(validateSignUp({ ...good, role: 'org_admin' })).toMatchObject({
      ok: true,
      value: { role: 'org_admin' },
    });
  });
});

describe('project forms (product rules "Input checks")', () => {
  it('homeowner: name and type', () => {
    const r = validateHomeownerProject(emptyProjectForm('homeowner'));
    expect(r).toEqual({
      ok: false,
      errors: { name: 'Project name is required', projectType: 'Please select a project type' },
    });
    expect(
      validateHomeownerProject({
        ...emptyProjectForm('homeowner'),
        name: 'Kitchen',
        projectType: 'kitchen',
      }).ok,
    ).toBe(true);
  });
  it('defaults: homeowner active, contractor draft (product rules "States and changes")', () => {
    expect(emptyProjectForm('homeowner').status).toBe('active');
    expect(emptyProjectForm('contractor').status).toBe('draft');
  });
  it('contractor: every required field with the spec texts', () => {
    const r = validateContractorProject(emptyProjectForm('contractor'), 'create');
    expect(r).toEqual({
      ok: false,
      errors: {
        name: 'Customer name is required',
        address: 'Address is required',
        phone: 'Phone number is required',
        email: 'Email is required',
        projectScopes: 'Please select at least one project scope',
      },
    });
  });
  it('contractor: phone digits, email pattern, scopes only at creation', () => {
    const base = {
      ...emptyProjectForm('contractor'),
      name: 'Jo',
      address: '1 Main St',
      phone: '(555) 123-456',
      email: 'jo at x',
      projectScopes: [],
    };
    expect(validateContractorProject(base, 'edit')).toEqual({
      ok: false,
      errors: {
        phone: 'Please enter a valid 10-digit US phone number',
        email: 'Please enter a valid email address',
      },
    });
    for (const bad of ['a@b', 'a b@c.d', '@.', 'ab.c']) {
      expect(
        validateContractorProject({ ...base, phone: '5551234567', email: bad }, 'edit'),
      ).toMatchObject({ errors: { email: 'Please enter a valid email address' } });
    }
    const ok = validateContractorProject(
      { ...base, phone: '5551234567', email: 'jo@x.com', projectScopes: ['commercial'] },
      'create',
    );
    expect(ok).toMatchObject({ ok: true, value: { phone: '(555) 123-4567' } });
  });
  it('labels types', () => {
    expect(projectTypeLabel('living_room')).toBe('Living Room');
    expect(projectTypeLabel('commercial')).toBe('Commercial');
    expect(projectTypeLabel(undefined)).toBe('');
  });
});

describe('the one text rule on the project form', () => {
  it('refuses a name or description past its limit on the field, and saves at the limit', () => {
    const values = {
      ...emptyProjectForm('homeowner'),
      name: 'n'.repeat(201),
      projectType: 'kitchen',
      description: 'd'.repeat(4001),
    };
    const r = validateHomeownerProject(values);
    expect(r).toEqual({
      ok: false,
      errors: {
        name: 'Keep this to 200 characters (it has 201)',
        description: 'Keep this to 4,000 characters (it has 4,001)',
      },
    });
    expect(
      validateHomeownerProject({ ...values, name: 'n'.repeat(200), description: 'd'.repeat(4000) })
        .ok,
    ).toBe(true);
  });
});

describe('customerName: who a door order or a quote is for', () => {
  it("the homeowner on the job, never the project's name over her; the project's name only without one", () => {
    expect(customerName({ name: 'Maria Alvarez' }, 'Kitchen refresh')).toBe('Maria Alvarez');
    expect(customerName(null, 'Hannah Owens')).toBe('Hannah Owens');
    expect(customerName(undefined, '  ')).toBe('Untitled Project');
  });
});

describe('quoteCustomerName: who a printed quote is for', () => {
  const kitchen = { name: 'Our kitchen', owner_user_id: 'maria' };
  const client = { name: 'Hannah Owens', owner_user_id: null };
  it('her name when the job tells it; never her project’s name; the client’s job’s name on a contractor’s own job', () => {
    expect(quoteCustomerName({ name: ' Maria Alvarez ' }, kitchen, true)).toBe('Maria Alvarez');
    // A bidder from the request alone: no job on his device, no name from the server.
    expect(quoteCustomerName(undefined, undefined, true)).toBe('');
    // Her job on the device but its people not yet: not the kitchen's name.
    expect(quoteCustomerName(null, kitchen, false)).toBe('');
    expect(quoteCustomerName(null, { ...client, owner_user_id: null }, true)).toBe('');
    // A contractor's client who was never invited: the name the contractor gave the job.
    expect(quoteCustomerName(null, client, false)).toBe('Hannah Owens');
  });
});
