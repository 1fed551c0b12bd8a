/**
 * Project and auth form rules (product rules "Records and their fields", "States and changes", "Input checks"): the option lists with their
 * labels, phone formatting, and validation with the spec's texts word for word.
 * Pure: no React, no storage, no clock.
 */
import { textFieldError, type TextField } from './userText';
import { z } from 'zod';
import { SIGNUP_ROLES, type SignupRole } from './projectLabels';
import { isEmailAddress } from '../../shared/emailRule';
import {
  MIN_PASSWORD_LENGTH,
  PASSWORDS_DIFFER_TEXT,
  PASSWORD_TOO_SHORT_TEXT,
  REQUIRED_FIELDS_TEXT,
} from './passwordRules';

export * from './projectLabels';

/** The digits of a phone input, at most 10 (product rules "Input checks": phone input limited to 10 digits). */
export function phoneDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, 10);
}

/**
 * Formats a phone input as the user types (product rules "Input checks"): digits only, at most 10,
 * shown as `(555) 123-4567`; partial input is formatted as far as it goes
 * (`(555`, `(555) 12`).
 */
export function formatPhone(input: string): string {
  const d = phoneDigits(input);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** Field errors by field name; empty when valid. */
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

export type RuleResult<T, K extends string> =
  { ok: true; value: T } | { ok: false; errors: FieldErrors<K> };

function collect<K extends string>(error: z.ZodError): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form') as K;
    if (errors[key] === undefined) errors[key] = issue.message;
  }
  return errors;
}

const required = z.string().trim().min(1, REQUIRED_FIELDS_TEXT);

export interface SignInInput {
  email: string;
  password: string;
}

/**
 * Validates the sign-in form (product rules "Input checks"). The first failing rule gives one form
 * error under `form`: 'Please fill in all required fields', then
 * 'Password must be at least 6 characters long'.
 */
export function validateSignIn(input: SignInInput): RuleResult<SignInInput, 'form'> {
  const schema = z.object({
    email: required,
    password: z.string().min(1, REQUIRED_FIELDS_TEXT),
  });
  const parsed = schema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: { form: REQUIRED_FIELDS_TEXT } };
  if (input.password.length < MIN_PASSWORD_LENGTH)
    return { ok: false, errors: { form: PASSWORD_TOO_SHORT_TEXT } };
  return { ok: true, value: { email: input.email.trim(), password: input.password } };
}

export interface SignUpInput extends SignInInput {
  confirmPassword: string;
  firstName: string;
  lastName: string;
  role: string;
}

/**
 * Validates the sign-up form (product rules "Input checks") in the spec's order: required fields
 * (email, password, first and last name), password length, confirmation
 * match, then role ('Invalid role: {role}. Please select a valid role.').
 * One form-level error under `form`.
 */
export function validateSignUp(
  input: SignUpInput,
): RuleResult<SignUpInput & { role: SignupRole }, 'form'> {
  const schema = z.object({
    email: required,
    password: z.string().min(1, REQUIRED_FIELDS_TEXT),
    firstName: required,
    lastName: required,
  });
  if (!schema.safeParse(input).success)
    return { ok: false, errors: { form: REQUIRED_FIELDS_TEXT } };
  if (input.password.length < MIN_PASSWORD_LENGTH)
    return { ok: false, errors: { form: PASSWORD_TOO_SHORT_TEXT } };
  if (input.password !== input.confirmPassword)
    return { ok: false, errors: { form: PASSWORDS_DIFFER_TEXT } };
  const role = z.enum(SIGNUP_ROLES).safeParse(input.role);
  if (!role.success)
    return {
      ok: false,
      errors: { form: `Invalid role: ${input.role}. Please select a valid role.` },
    };
  return {
    ok: true,
    value: {
      ...input,
      email: input.email.trim(),
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      role: role.data,
    },
  };
}

/** The fields of the project create/edit form (both roles; contractors use all). */
export interface ProjectFormValues {
  name: string;
  projectType: string;
  description: string;
  email: string;
  phone: string;
  address: string;
  projectScopes: string[];
  budget: string;
  customBudget: string;
  status: string;
}

export type ProjectField = keyof ProjectFormValues;

/** The project form's text fields and the text rule's field each is stored in. */
const PROJECT_TEXT_FIELDS: Partial<Record<ProjectField, TextField>> = {
  name: 'projects.name',
  description: 'projects.details.description',
  email: 'projects.details.email',
  phone: 'projects.details.phone',
  address: 'projects.details.address',
  customBudget: 'projects.details.customBudget',
};

/**
 * The one text rule's limits on the project form (src/domain/userText.ts): a
 * field past its limit gets "Keep this to N characters (it has M)" and the
 * form does not save, so the server never has to refuse it.
 */
export function tooLongProjectFields(values: ProjectFormValues): FieldErrors<ProjectField> {
  const errors: FieldErrors<ProjectField> = {};
  for (const [key, field] of Object.entries(PROJECT_TEXT_FIELDS) as [ProjectField, TextField][]) {
    const value = values[key];
    const error = typeof value === 'string' ? textFieldError(field, value.trim()) : undefined;
    if (error) errors[key] = error;
  }
  return errors;
}

/** An empty form; status defaults per product rules "States and changes" (homeowner active, contractor draft). */
export function emptyProjectForm(kind: 'homeowner' | 'contractor'): ProjectFormValues {
  return {
    name: '',
    projectType: '',
    description: '',
    email: '',
    phone: '',
    address: '',
    projectScopes: [],
    budget: '',
    customBudget: '',
    status: kind === 'homeowner' ? 'active' : 'draft',
  };
}

/**
 * Validates the homeowner project form (product rules "Input checks"): 'Project name is required',
 * 'Please select a project type'. Errors per field.
 */
export function validateHomeownerProject(
  values: ProjectFormValues,
): RuleResult<ProjectFormValues, ProjectField> {
  const schema = z.object({
    name: z.string().trim().min(1, 'Project name is required'),
    projectType: z.string().trim().min(1, 'Please select a project type'),
  });
  const parsed = schema.safeParse(values);
  const long = tooLongProjectFields(values);
  if (!parsed.success)
    return { ok: false, errors: { ...long, ...collect<ProjectField>(parsed.error) } };
  if (Object.keys(long).length) return { ok: false, errors: long };
  return { ok: true, value: { ...values, name: values.name.trim() } };
}

/**
 * Validates the contractor (client) project form (product rules "Input checks"): customer name,
 * address, phone (required, exactly 10 digits), email (required; the
 * product's one rule, `isEmailAddress` in shared/emailRule.ts, which the
 * server's auth applies too) and — at creation only — at least one project
 * scope. Errors per field, with the spec's texts.
 */
export function validateContractorProject(
  values: ProjectFormValues,
  mode: 'create' | 'edit',
): RuleResult<ProjectFormValues, ProjectField> {
  const schema = z.object({
    name: z.string().trim().min(1, 'Customer name is required'),
    address: z.string().trim().min(1, 'Address is required'),
    phone: z
      .string()
      .refine((v) => phoneDigits(v).length > 0, 'Phone number is required')
      .refine(
        (v) => phoneDigits(v).length === 0 || v.replace(/\D/g, '').length === 10,
        'Please enter a valid 10-digit US phone number',
      ),
    email: z
      .string()
      .trim()
      .min(1, 'Email is required')
      .refine((v) => v.length === 0 || isEmailAddress(v), 'Please enter a valid email address'),
    projectScopes: z
      .array(z.string())
      .refine((v) => mode === 'edit' || v.length > 0, 'Please select at least one project scope'),
  });
  const parsed = schema.safeParse(values);
  const long = tooLongProjectFields(values);
  if (!parsed.success)
    return { ok: false, errors: { ...long, ...collect<ProjectField>(parsed.error) } };
  if (Object.keys(long).length) return { ok: false, errors: long };
  return {
    ok: true,
    value: {
      ...values,
      name: values.name.trim(),
      email: values.email.trim(),
      address: values.address.trim(),
      phone: formatPhone(values.phone),
    },
  };
}
