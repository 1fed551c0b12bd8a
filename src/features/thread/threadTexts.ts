import type { MessageWriteError } from '../../data';
import { MESSAGE_TEXTS } from '../../domain/messageRules';

/** What the thread says when a change of one's own message is refused on the device. */
export const WRITE_TEXTS: Record<MessageWriteError, string> = {
  ...MESSAGE_TEXTS,
  not_found: 'This message is no longer here',
  not_author: 'Only its author can change a message',
  too_late: 'A message can be changed or deleted only in the 15 minutes after it was sent',
};
