/**
 * The domain's labels (src/domain/projectLabels.ts, src/domain/jobRole.ts: statuses, project
 * types and scopes, budgets, sign-up roles, job roles, the unnamed project, a card's cabinet
 * summary) in the language shown. src/domain keeps its English labels (the spec's words: the
 * English catalog's source, held to them by domainLabels.test.ts) and stays free of Lingui; the
 * screens show these. Each function reads the active catalog, so call it in a render.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Budget, ProjectScope, SignupRole, StatusFilter } from '../domain/projectLabels';
import type { JobAnswer, JobPerson, JobRole } from '../domain/jobRole';
import type { ReviewFieldError } from '../domain/reviewText';
import { cabinetTally } from '../domain/cabinetSummary';
import { cabinetCount, doorCount, drawerFrontCount } from './counts';
import { i18n } from './i18n';

/** Statuses (and the "All" filter chip). */
export const STATUS_MESSAGES: Readonly<Record<StatusFilter, MessageDescriptor>> = {
  all: msg`All`,
  draft: msg`Draft`,
  active: msg`Active`,
  completed: msg`Completed`,
  archived: msg`Archived`,
};

/** Project types (homeowner) and scopes (contractor). */
export const TYPE_MESSAGES: Readonly<Record<ProjectScope, MessageDescriptor>> = {
  kitchen: msg`Kitchen`,
  bathroom: msg`Bathroom`,
  bedroom: msg`Bedroom`,
  living_room: msg`Living Room`,
  basement: msg`Basement`,
  garage: msg`Garage`,
  outdoor: msg`Outdoor`,
  whole_house: msg`Whole House`,
  custom: msg`Custom`,
  commercial: msg`Commercial`,
};

/** Budgets: the dollar ranges read the same; only the words change. */
export const BUDGET_MESSAGES: Readonly<Record<Budget, MessageDescriptor>> = {
  'under-10k': msg`Under $10k`,
  '10k-25k': msg`$10k – $25k`,
  '25k-50k': msg`$25k – $50k`,
  '50k-100k': msg`$50k – $100k`,
  '100k-plus': msg`$100k+`,
  custom: msg`Custom`,
};

/** Account roles as shown (org_admin is "Organization"). */
export const ROLE_MESSAGES: Readonly<Record<SignupRole, MessageDescriptor>> = {
  homeowner: msg`Homeowner`,
  contractor: msg`Contractor`,
  org_admin: msg`Organization`,
};

/** What a person is on a job (badges, People lists). */
export const JOB_ROLE_MESSAGES: Readonly<Record<JobRole, MessageDescriptor>> = {
  owner: msg`Homeowner`,
  contractor: msg`Contractor`,
  editor: msg`Contractor (edits)`,
  viewer: msg`Viewer (read-only)`,
  org_admin: msg`Organization admin`,
};

const UNTITLED = msg`Untitled Project`;
const NO_CABINETS = msg`No cabinets yet`;
const NO_TYPE = msg`No project type`;

/** A status's label; an unknown value as it is. */
export function statusText(value: string): string {
  const m = (STATUS_MESSAGES as Record<string, MessageDescriptor>)[value];
  return m ? i18n._(m) : value;
}

/** A project type's or scope's label; an unknown value with its underscores as spaces, empty as ''. */
export function projectTypeText(value: string | null | undefined): string {
  if (!value) return '';
  const m = (TYPE_MESSAGES as Record<string, MessageDescriptor>)[value];
  return m ? i18n._(m) : value.replace(/_/g, ' ');
}

/** A budget's label; an unknown value as it is. */
export function budgetText(value: string): string {
  const m = (BUDGET_MESSAGES as Record<string, MessageDescriptor>)[value];
  return m ? i18n._(m) : value;
}

/** An account role's label ("Homeowner", "Contractor", "Organization"); unknown as it is. */
export function roleText(value: string): string {
  const m = (ROLE_MESSAGES as Record<string, MessageDescriptor>)[value];
  return m ? i18n._(m) : value;
}

/** A job role's label. */
export function jobRoleText(role: JobRole): string {
  return i18n._(JOB_ROLE_MESSAGES[role]);
}

/** A project's name as shown: trimmed, or "Untitled Project" in the language shown. */
export function projectNameText(name: string | null | undefined): string {
  return name?.trim() || i18n._(UNTITLED);
}

/** "No project type" when a project has neither type nor scopes. */
export function noProjectTypeText(): string {
  return i18n._(NO_TYPE);
}

/**
 * A card's cabinet line: "3 cabinets · 5 doors · 2 drawer fronts" with each language's plurals,
 * or "No cabinets yet".
 */
export function cabinetSummaryText(cabinetData: unknown): string {
  const tally = cabinetTally(cabinetData);
  if (!tally) return i18n._(NO_CABINETS);
  return [
    cabinetCount(tally.cabinets),
    doorCount(tally.doors),
    drawerFrontCount(tally.drawerFronts),
  ].join(' · ');
}

/**
 * The other side of the job as a card shows it ("Homeowner" for the contractor's side,
 * "Contractor" for the homeowner's), with the label in the language shown.
 */
export function counterpartText(answer: JobAnswer): { label: string; person: JobPerson } | null {
  const role = answer.me?.role;
  if (role === 'contractor' || role === 'editor' || role === 'org_admin')
    return answer.homeowner ? { label: jobRoleText('owner'), person: answer.homeowner } : null;
  return answer.contractor ? { label: jobRoleText('contractor'), person: answer.contractor } : null;
}

/**
 * Why the measurements are read-only for the signed-in person on the job, or null when they may
 * change them (the server's answer; the English twin is src/domain/jobRoleTexts.ts).
 */
export function measurementsLockedMessage(answer: JobAnswer): string | null {
  const me = answer.me;
  if (!me || me.may.edit_measurements) return null;
  const who = answer.contractor?.name;
  if (me.role === 'owner' && !me.invited)
    return who
      ? i18n._(
          msg`A quote was accepted: ${who} measures and orders the doors now. Ask for a change in the messages.`,
        )
      : i18n._(
          msg`A quote was accepted: your contractor measures and orders the doors now. Ask for a change in the messages.`,
        );
  return who
    ? i18n._(msg`Read-only: ${who} measures and orders the doors.`)
    : i18n._(msg`Read-only: your contractor measures and orders the doors.`);
}

/** Why a review or a reply cannot be saved (src/domain/reviewText.ts REVIEW_TEXTS). */
export const REVIEW_MESSAGES: Readonly<Record<ReviewFieldError, MessageDescriptor>> = {
  stars: msg`Choose 1 to 5 stars`,
  tooLong: msg`Keep the review to 2,000 characters`,
  replyEmpty: msg`Write a reply`,
  replyTooLong: msg`Keep the reply to 2,000 characters`,
};

/** A review field error in the language shown. */
export function reviewErrorText(error: ReviewFieldError): string {
  return i18n._(REVIEW_MESSAGES[error]);
}
