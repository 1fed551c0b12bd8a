/**
 * The words of visits: the kinds and the statuses, as Lingui message
 * descriptors read with `i18n._` / `t`. A visit's refusals (the device's
 * checks and the server's `visit.*` codes) are worded by the one catalogue,
 * `errorText` in src/remote/errorCodes.ts.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { VisitKind, VisitStatus } from '../../data';

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
