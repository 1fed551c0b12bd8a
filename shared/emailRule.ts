/**
 * The one email-address rule of the product, shared by the app's forms
 * (src/domain's project form, the invitation forms in src/features) and the
 * local backend's auth endpoints (server/auth), which share nothing else but
 * wire contracts. Pure, no imports, so both build it. Call `isEmailAddress`;
 * the pattern alone is not the rule.
 */

/** Product rules "Input checks" "basic pattern with no spaces, an @ and a dot". */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Longest address mail systems deliver to (RFC 5321's 254-character path limit). */
export const MAX_EMAIL_LENGTH = 254;

/** True when `email` (already trimmed) passes the spec's pattern, fits the length limit and has no control characters. */
export function isEmailAddress(email: string): boolean {
  return (
    email.length <= MAX_EMAIL_LENGTH &&
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
    !/[\u0000-\u001f\u007f]/.test(email) &&
    EMAIL_PATTERN.test(email)
  );
}
