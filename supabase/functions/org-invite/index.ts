// Edge Function `org-invite`: an org_admin invites a contractor into its organization (handler in ../_shared/invite.ts).
import { serveInvite } from '../_shared/deno.ts';

serveInvite('org');
