/**
 * The words of a team invitation (an organization admin inviting a
 * contractor to her team), shared by the invitation page, sign-up and the
 * dashboard's notice when joining is refused.
 */
import { t } from '@lingui/core/macro';

/** Each text is read when shown (getters), so it reads in the language shown. */
export const TEAM_INVITE_TEXTS = {
  get title() {
    return t`You're invited to join a team`;
  },
  get intro() {
    return t`This is a team invitation: an organization admin invited you to join their team as a contractor, so they can assign you projects. Create your contractor account with the email address the invitation was sent to, or sign in to your contractor account. You join the team right after.`;
  },
  get roleFixed() {
    return t`Contractor`;
  },
  get roleFixedHint() {
    return t`A team invitation is for a contractor account.`;
  },
  get emailLocked() {
    return t`The invitation was sent to this address; you join with it.`;
  },
  get wrongRole() {
    return t`This team invitation is for a contractor account, and you are signed in with another kind of account, so it cannot join a team. Ask the person who invited you to send the invitation to an email address that has no account yet, then create a contractor account with it.`;
  },
};
