import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useDisplayName } from '../auth/useDisplayName';
import { useUiRole } from '../auth/useCurrentRole';
import { SyncStatusIndicator } from '../features/sync/SyncStatusIndicator';
import { useAllVisits, useUnreadCounts } from '../hooks';
import { UnreadBadge } from '../ui/UnreadBadge';
import { notifyNewMessages } from '../remote/messageNotices';
import { notifyVisitChanges, unseenVisits } from '../remote/visitNotices';

/**
 * Unread messages over all projects, as a badge on the top bar's dashboard
 * link (the in-app notice). When the count grows while the page is in the
 * background, a system notification says so (if the user allowed them).
 */
function UnreadMessages() {
  const counts = useUnreadCounts();
  let total = 0;
  for (const n of counts?.values() ?? []) total += n;
  const previous = useRef<number | null>(null);
  useEffect(() => {
    if (counts === undefined) return;
    if (previous.current !== null && total > previous.current)
      notifyNewMessages(total - previous.current);
    previous.current = total;
  }, [counts, total]);
  return <UnreadBadge count={total} />;
}

/**
 * Visits new or changed since the person last saw them, as a badge on the
 * Calendar link; a system notification when the count grows in the background.
 */
function VisitChanges() {
  const visits = useAllVisits();
  const [, setTick] = useState(0);
  useEffect(() => {
    const onSeen = () => setTick((n) => n + 1);
    window.addEventListener('refacing:visits-seen', onSeen);
    return () => window.removeEventListener('refacing:visits-seen', onSeen);
  }, []);
  const count = visits ? unseenVisits(visits).length : 0;
  const previous = useRef<number | null>(null);
  useEffect(() => {
    if (visits === undefined) return;
    if (previous.current !== null && count > previous.current)
      notifyVisitChanges(count - previous.current);
    previous.current = count;
  }, [visits, count]);
  if (count <= 0) return null;
  const text = plural(count, { one: '# new or changed visit', other: '# new or changed visits' });
  return (
    <span className="badge badge-unread" title={text}>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{text}</span>
    </span>
  );
}

/**
 * Top bar for signed-in users (product rules "Screens and routes"): My Dashboard link (with the
 * unread messages count), for contractors the quotes (their own and the requests near them; in
 * the menu on phones), sync status,
 * and a profile dropdown (My Dashboard, My Profile, Logout) behind the
 * avatar initial.
 */
export function TopBar() {
  const { name, initial } = useDisplayName();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const contractor = useUiRole() === 'contractor';
  const { t } = useLingui();

  useEffect(() => {
    if (!open) return undefined;
    function onDown(e: PointerEvent) {
      if (wrapRef.current && !wrapRef.current.contains(e.target as Node)) setOpen(false);
    }
    function onKey(e: KeyboardEvent) {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  async function logout() {
    setOpen(false);
    // The auth lifecycle (supabase-js) is loaded by then; importing it here keeps it out of the layout's chunk.
    const { signOut } = await import('../auth/authLifecycle');
    // Worded here: this catalog (app) is loaded with the top bar, before any confirm can show.
    const result = await signOut(() =>
      window.confirm(
        t`You have changes that have not synced yet. If you log out now they stay on this device and sync the next time you sign in here. Log out anyway?`,
      ),
    );
    if (result.ok) void navigate('/', { replace: true });
  }

  return (
    <header className="topbar">
      <div className="topbar-inner">
        {/* Named by its text (no aria-label that differs from what is seen); the mark's letter is CSS. */}
        <Link to="/dashboard" className="brand">
          <span className="brand-mark" aria-hidden="true" />
          <span className="hide-sm">
            <Trans>Refacing</Trans>
          </span>
          <span className="visually-hidden">
            {' '}
            <Trans>home</Trans>
          </span>
        </Link>
        <Link to="/dashboard" className="btn btn-ghost btn-sm">
          <Trans>My Dashboard</Trans> <UnreadMessages />
        </Link>
        <Link to="/calendar" className="btn btn-ghost btn-sm">
          <Trans>Visits</Trans> <VisitChanges />
        </Link>
        {contractor ? (
          <>
            {/* Also in the account menu: they give way to the sync status on a narrower screen. */}
            <Link to="/quotes" className="btn btn-ghost btn-sm hide-sm hide-md">
              <Trans>Quotes</Trans>
            </Link>
            <Link to="/quote-requests" className="btn btn-ghost btn-sm hide-sm hide-md">
              <Trans context="top bar, beside Quotes">Quote requests</Trans>
            </Link>
          </>
        ) : null}
        <SyncStatusIndicator />
        <div className="menu-wrap" ref={wrapRef}>
          <button
            ref={buttonRef}
            type="button"
            className="btn btn-ghost btn-sm"
            aria-haspopup="true"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={t`Account menu for ${name}`}
            onClick={() => setOpen((o) => !o)}
          >
            <span className="avatar" aria-hidden="true">
              {initial}
            </span>
          </button>
          {open ? (
            <ul className="menu" id={menuId}>
              <li>
                <Link to="/dashboard" onClick={() => setOpen(false)}>
                  <Trans>My Dashboard</Trans>
                </Link>
              </li>
              {contractor ? (
                <>
                  <li>
                    <Link to="/quotes" onClick={() => setOpen(false)}>
                      <Trans>My quotes</Trans>
                    </Link>
                  </li>
                  <li>
                    <Link to="/quote-requests" onClick={() => setOpen(false)}>
                      <Trans>Quote requests</Trans>
                    </Link>
                  </li>
                </>
              ) : null}
              <li>
                <Link to="/profile" onClick={() => setOpen(false)}>
                  <Trans>My Profile</Trans>
                </Link>
              </li>
              <li>
                <button type="button" onClick={() => void logout()}>
                  <Trans>Logout</Trans>
                </button>
              </li>
            </ul>
          ) : null}
        </div>
      </div>
    </header>
  );
}
