/**
 * The required-field and password rules of the auth forms (product rules "Input checks") with the
 * spec's texts word for word, written once for sign-in, sign-up, forgot and
 * reset password. Zod-free, so the password pages that need only these do not
 * load the validation library; projectRules.ts builds on them.
 */

/** The form error when a required field is empty. */
export const REQUIRED_FIELDS_TEXT = 'Please fill in all required fields';

/** Shortest password the forms accept. */
export const MIN_PASSWORD_LENGTH = 6;

/** The form error of a password shorter than MIN_PASSWORD_LENGTH. */
export const PASSWORD_TOO_SHORT_TEXT = 'Password must be at least 6 characters long';

/** The form error when the confirmation differs from the password. */
export const PASSWORDS_DIFFER_TEXT = 'Passwords do not match';

/** The hint under a new-password field. */
export const PASSWORD_HINT_TEXT = 'At least 6 characters.';

/**
 * The first rule a new password and its confirmation break, in the spec's
 * order (both filled, length, match); null when they pass.
 */
export function newPasswordError(password: string, confirm: string): string | null {
  if (!password || !confirm) return REQUIRED_FIELDS_TEXT;
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT_TEXT;
  if (password !== confirm) return PASSWORDS_DIFFER_TEXT;
  return null;
}
