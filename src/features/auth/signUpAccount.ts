/**
 * Creating an account (product rules "Backend calls"): supabase-js sign-up
 * with the role, its permissions and the names as metadata, then the profile
 * when the server signed the user in at once (no email confirmation).
 */
import { t } from '@lingui/core/macro';
import { supabase } from '../../auth/supabase';
import { currentLocale } from '../../i18n/i18n';
import { ensureProfile } from '../../auth/profileSetup';
import { permissionsFor } from '../../auth/roles';
import type { validateSignUp } from '../../domain/projectRules';

type SignUpValues = Extract<ReturnType<typeof validateSignUp>, { ok: true }>['value'];

/** What became of a sign-up: signed in, waiting for the email's confirmation, or an error to show. */
export type SignUpOutcome =
  | { kind: 'signedIn' }
  | { kind: 'confirmEmail'; email: string }
  | { kind: 'error'; message: string };

/** Signs up with checked values; never throws (the provider's message comes back as an error). */
export async function signUpAccount(v: SignUpValues): Promise<SignUpOutcome> {
  const { data, error } = await supabase.auth.signUp({
    email: v.email,
    password: v.password,
    options: {
      emailRedirectTo: `${window.location.origin}/dashboard`,
      data: {
        role: v.role,
        permissions: permissionsFor(v.role),
        first_name: v.firstName,
        last_name: v.lastName,
        // The confirmation mail's language (the server's recipientLocale), until the profile has one.
        locale: currentLocale(),
      },
    },
  });
  if (error) return { kind: 'error', message: error.message };
  if (data.session && data.user) {
    const profile = await ensureProfile(data.user);
    if (!profile.ok) {
      const failure = profile.error;
      return {
        kind: 'error',
        message: t`Account created but profile setup failed: ${failure}. Please contact support.`,
      };
    }
    return { kind: 'signedIn' };
  }
  return { kind: 'confirmEmail', email: v.email };
}
