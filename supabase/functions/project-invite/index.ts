// Edge Function `project-invite`: invite a person to a project by email (handler in ../_shared/invite.ts).
import { serveInvite } from '../_shared/deno.ts';

serveInvite('project');
