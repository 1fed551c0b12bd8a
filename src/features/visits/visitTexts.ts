/**
 * The words of visits: what each refusal code means to the person (the
 * server's `visit.*` codes and the device's, one catalogue), the kinds and
 * the statuses. Lingui message descriptors, read with `i18n._` / `t`.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { VisitKind, VisitStatus, VisitWriteError } from '../../data';

/** Each refusal a visit form or the server gives, in the person's words. */
export const VISIT_ERROR_TEXTS: Record<
  VisitWriteError | 'visit.message_too_long',
  MessageDescriptor
> = {
  'visit.slots_empty': msg`Add at least one time.`,
  'visit.too_many_slots': msg`Offer at most 10 times.`,
  'visit.slot_malformed': msg`Enter a date and both times.`,
  'visit.slot_end_before_start': msg`The end must be after the start.`,
  'visit.slot_too_long': msg`A time can be at most 24 hours long.`,
  'visit.slot_in_past': msg`This time has already passed. Choose a later one.`,
  'visit.not_found': msg`This visit is no longer here.`,
  'visit.bad_status': msg`This visit was already answered.`,
  'visit.bad_slot': msg`Choose one of the offered times.`,
  'visit.message_too_long': msg`Keep the message to 2,000 characters.`,
};

/** A visit's kind as a title. */
export const VISIT_KIND_TEXTS: Record<VisitKind, MessageDescriptor> = {
  measure: msg`Measure visit`,
  install: msg`Install`,
};

/** A visit's status as a badge. */
export const VISIT_STATUS_TEXTS: Record<VisitStatus, MessageDescriptor> = {
  proposed: msg`Waiting for an answer`,
  scheduled: msg`Scheduled`,
  declined: msg`Declined`,
  cancelled: msg`Cancelled`,
};
