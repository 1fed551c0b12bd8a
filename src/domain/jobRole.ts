/**
 * Who is who on a job (product rules "Who is who on a job"): the server's
 * answer, read from the synced people rows (`project_members`: one row per
 * person on the job with `role`, `display_name` and `may`), turned into what
 * the screens show. The server computes the answer (private.project_role and
 * private.job_may); the app never works it out from owner_user_id or
 * assigned_contractor_id. Pure: no React, no storage.
 */

/** What a person is on a job, as the server answers it. */
export type JobRole = 'owner' | 'contractor' | 'editor' | 'viewer' | 'org_admin';

/** What a person may do on a job (the server's `may`); every key false when unknown. */
export interface JobMay {
  read: boolean;
  /** Change the job's data (name, details, files). */
  edit: boolean;
  /** Change the measured cabinets (details.cabinetData): the homeowner who owns the job only until a quote is accepted. */
  edit_measurements: boolean;
  edit_status: boolean;
  files: boolean;
  /** Only the homeowner who owns it, or the contractor of record on a job its side created for a client. */
  delete: boolean;
  /** Invite and remove people. */
  invite: boolean;
  /** "Prepare a quote" is offered. */
  quote: boolean;
}

const MAY_KEYS = [
  'read',
  'edit',
  'edit_measurements',
  'edit_status',
  'files',
  'delete',
  'invite',
  'quote',
] as const satisfies readonly (keyof JobMay)[];

/** Nothing allowed: a person with no role, or an answer not yet synced. */
export const NO_MAY: JobMay = Object.freeze({
  read: false,
  edit: false,
  edit_measurements: false,
  edit_status: false,
  files: false,
  delete: false,
  invite: false,
  quote: false,
});

/** The label of each job role (badges, People lists). */
export const JOB_ROLE_LABELS: Record<JobRole, string> = {
  owner: 'Homeowner',
  contractor: 'Contractor',
  editor: 'Contractor (edits)',
  viewer: 'Viewer (read-only)',
  org_admin: 'Organization admin',
};

/** A synced people row as this module reads it (a subset of ProjectMemberRow). */
export interface PersonRow {
  user_id: string;
  role: string;
  display_name?: string | null;
  email?: string | null;
  may?: unknown;
  invited_as?: string | null;
  deleted_at?: string | null;
}

/** One person on a job, as the screens show them. */
export interface JobPerson {
  userId: string;
  role: JobRole;
  /** First and last name, then company, then email (the server's display_name). */
  name: string;
  may: JobMay;
  /** True when the person is on the job by an invitation (so they can be removed, or leave). */
  invited: boolean;
}

/** Everyone on a job and the signed-in person's place on it. */
export interface JobAnswer {
  /** The signed-in person, or null when they have no role on the job. */
  me: JobPerson | null;
  /** Everyone on the job (the signed-in person included), homeowner first, then the contractor, editors, admins, viewers. */
  people: JobPerson[];
  /** The homeowner who owns the job (or was invited as its owner), when there is one. */
  homeowner: JobPerson | null;
  /** The contractor of record, when there is one. */
  contractor: JobPerson | null;
}

function isJobRole(v: unknown): v is JobRole {
  return typeof v === 'string' && v in JOB_ROLE_LABELS;
}

/** The server's `may` object read defensively: a key that is missing or not `true` is false. */
export function jobMayOf(raw: unknown): JobMay {
  const o = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const may = { ...NO_MAY };
  for (const k of MAY_KEYS) may[k] = o[k] === true;
  return may;
}

/** A person's name as shown: the server's display name, else the email, else "Someone". */
export function personName(row: Pick<PersonRow, 'display_name' | 'email'>): string {
  return row.display_name?.trim() || row.email?.trim() || 'Someone';
}

const ORDER: Record<JobRole, number> = {
  owner: 0,
  contractor: 1,
  editor: 2,
  org_admin: 3,
  viewer: 4,
};

/** A live people row as a JobPerson; null for a tombstone or a role this app does not know. */
export function toJobPerson(row: PersonRow): JobPerson | null {
  if (row.deleted_at || !isJobRole(row.role)) return null;
  return {
    userId: row.user_id,
    role: row.role,
    name: personName(row),
    may: jobMayOf(row.may),
    invited: row.invited_as != null,
  };
}

/**
 * The answer for `me` from a job's synced people rows (tombstones ignored).
 * `me` is null when the rows hold no live row of the signed-in person.
 */
export function jobAnswer(rows: readonly PersonRow[], me: string): JobAnswer {
  const people = rows
    .map(toJobPerson)
    .filter((p): p is JobPerson => p !== null)
    .sort((a, b) => ORDER[a.role] - ORDER[b.role] || a.name.localeCompare(b.name));
  return {
    me: people.find((p) => p.userId === me) ?? null,
    people,
    homeowner: people.find((p) => p.role === 'owner') ?? null,
    contractor: people.find((p) => p.role === 'contractor') ?? null,
  };
}

/**
 * The answer on a job this device created and has not synced yet (no people
 * row exists until the server has the job): its creator is the homeowner
 * who owns it (a homeowner account) or its contractor (a contractor or an
 * organization admin, who create jobs for a client), with what the server
 * will grant that role on a new job.
 */
export function creatorAnswer(
  me: string,
  name: string,
  accountRole: 'homeowner' | 'contractor' | 'org_admin',
): JobAnswer {
  const role: JobRole = accountRole === 'homeowner' ? 'owner' : 'contractor';
  const person: JobPerson = {
    userId: me,
    role,
    name,
    invited: false,
    may: {
      read: true,
      edit: true,
      edit_measurements: true,
      edit_status: true,
      files: true,
      delete: true,
      invite: true,
      quote: false,
    },
  };
  return {
    me: person,
    people: [person],
    homeowner: role === 'owner' ? person : null,
    contractor: role === 'contractor' ? person : null,
  };
}

/**
 * True when the person is on the job by an invitation and not by what they
 * are (a contractor invited to edit, a viewer, a homeowner invited as the
 * owner of a contractor's job): the job is "Shared with you" for them, not
 * one of their own.
 */
export function isSharedWith(person: JobPerson | null): boolean {
  if (!person) return false;
  return (
    person.role === 'editor' ||
    person.role === 'viewer' ||
    (person.role === 'owner' && person.invited)
  );
}

/**
 * The other side of the job as a card or page names it, for the signed-in
 * person: the homeowner for the contractor's side, the contractor for the
 * homeowner's side and viewers. Null when that side has nobody yet.
 */
export function counterpart(answer: JobAnswer): { label: string; person: JobPerson } | null {
  const role = answer.me?.role;
  if (role === 'contractor' || role === 'editor' || role === 'org_admin') {
    return answer.homeowner ? { label: 'Homeowner', person: answer.homeowner } : null;
  }
  return answer.contractor ? { label: 'Contractor', person: answer.contractor } : null;
}
