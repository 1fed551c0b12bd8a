/**
 * The words of an invitation that needs a contractor account: a team
 * invitation (an organization admin inviting a contractor to her team) and
 * a project invitation as "Contractor (edits)" (a homeowner inviting a
 * contractor to measure her job). Shared by the invitation page, sign-up
 * and the dashboard's notice when joining is refused.
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

/** The words of a project invitation as "Contractor (edits)"; the same keys as {@link TEAM_INVITE_TEXTS}. */
export const PROJECT_CONTRACTOR_INVITE_TEXTS = {
  get title() {
    return t`You're invited to a project as its contractor`;
  },
  get intro() {
    return t`This project invitation is for a contractor: you measure the cabinets, edit the door order and message the homeowner. Create your contractor account with the email address the invitation was sent to, or sign in to your contractor account. You join the project right after.`;
  },
  get roleFixed() {
    return t`Contractor`;
  },
  get roleFixedHint() {
    return t`An invitation to a project as its contractor is for a contractor account.`;
  },
  get emailLocked() {
    return t`The invitation was sent to this address; you join with it.`;
  },
  get wrongRole() {
    return t`This project invitation is for a contractor account, and you are signed in with another kind of account, so it cannot join the project as its contractor. Ask the person who invited you to invite you as a viewer instead, or to send the invitation to an email address that has no account yet, then create a contractor account with it.`;
  },
};

/** The words of an invitation that needs a contractor account, by its kind. */
export const CONTRACTOR_INVITE_TEXTS: Record<
  'team' | 'project',
  { readonly [K in keyof typeof TEAM_INVITE_TEXTS]: string }
> = {
  team: TEAM_INVITE_TEXTS,
  project: PROJECT_CONTRACTOR_INVITE_TEXTS,
};
