/**
 * The fixed English texts src/domain returns that the builder and the door order show (part
 * names, face-frame labels, overlay modes, why a part has no size, the measurement fields'
 * messages), as messages: `DOMAIN_TEXTS` (domainTexts.ts) takes them in.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  MEASUREMENT_FORMAT_ERROR,
  MEASUREMENT_TOO_BIG_ERROR,
  MEASUREMENT_ZERO_ERROR,
  WIDE_OPENING_WARNING,
} from '../domain/measurementInput';

/** English text → its message (the test holds each message's English to its key). */
export const BUILDER_DOMAIN_TEXTS: Readonly<Record<string, MessageDescriptor>> = {
  // Part names (cabinetTypes.ts).
  Door: msg({ message: 'Door', context: 'part' }),
  Front: msg({ message: 'Front', context: 'part' }),
  'V-base door': msg`V-base door`,
  'V-base front': msg`V-base front`,
  'Pantry Top Dr': msg`Pantry Top Dr`,
  'Pantry Bott Dr': msg`Pantry Bott Dr`,
  'Drawer front': msg`Drawer front`,
  // Face-frame parts (cabinetData.ts STILE_RAIL_LABELS).
  'Left Stile': msg`Left Stile`,
  'Right Stile': msg`Right Stile`,
  'Mid Stile': msg`Mid Stile`,
  'Top Rail': msg`Top Rail`,
  'Bottom Rail': msg`Bottom Rail`,
  'Mid Rail 1': msg`Mid Rail 1`,
  'Mid Rail 2': msg`Mid Rail 2`,
  'Mid Rail 3': msg`Mid Rail 3`,
  // Overlay modes (overlay.ts).
  'Standard Overlay': msg`Standard Overlay`,
  'Full Overlay': msg`Full Overlay`,
  // Why a part has no finished size (itemSize.ts).
  'width not entered': msg`width not entered`,
  'width is not a number': msg`width is not a number`,
  'height not entered': msg`height not entered`,
  'height is not a number': msg`height is not a number`,
  'finished size would be zero or negative': msg`finished size would be zero or negative`,
  // The measurement fields (measurementInput.ts).
  [MEASUREMENT_FORMAT_ERROR]: msg`Not saved: enter a size like 14 3/8`,
  [MEASUREMENT_ZERO_ERROR]: msg`Not saved: an opening cannot be 0; enter its size, like 14 3/8`,
  [MEASUREMENT_TOO_BIG_ERROR]: msg`Not saved: enter a size of 120" or less`,
  [WIDE_OPENING_WARNING]: msg`Over 60" wide: check the measurement`,
  'Untitled Project': msg`Untitled Project`,
  '2 per door': msg`2 per door`,
  'Enter three door heights in inches, each above 0.': msg`Enter three door heights in inches, each above 0.`,
  'Each height must be larger than the one before.': msg`Each height must be larger than the one before.`,
  'Door heights above 240" are not cabinet doors.': msg`Door heights above 240" are not cabinet doors.`,
};
