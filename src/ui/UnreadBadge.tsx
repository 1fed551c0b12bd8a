import { plural } from '@lingui/core/macro';

/** Unread messages as a count badge; nothing when there are none. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  const text = plural(count, { one: '# unread message', other: '# unread messages' });
  return (
    <span className="badge badge-unread" title={text}>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{text}</span>
    </span>
  );
}
