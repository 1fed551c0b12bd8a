/**
 * The words of a team invitation (an organization admin inviting a
 * contractor to her team), shared by the invitation page, sign-up and the
 * dashboard's notice when joining is refused.
 */
export const TEAM_INVITE_TEXTS = {
  title: "You're invited to join a team",
  intro:
    'This is a team invitation: an organization admin invited you to join their team as a contractor, so they can assign you projects. Create your contractor account with the email address the invitation was sent to, or sign in to your contractor account. You join the team right after.',
  roleFixed: 'Contractor',
  roleFixedHint: 'A team invitation is for a contractor account.',
  emailLocked: 'The invitation was sent to this address; you join with it.',
  wrongRole:
    'This team invitation is for a contractor account, and you are signed in with another kind of account, so it cannot join a team. Ask the person who invited you to send the invitation to an email address that has no account yet, then create a contractor account with it.',
} as const;
