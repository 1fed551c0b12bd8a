/**
 * The head of a signed-in page: its title (the page's one h1) with badges
 * under it, and on the right "Back to Dashboard" and the page's actions.
 */
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** `back`: show "Back to Dashboard" before the actions (default true). */
export function PageHeader({
  title,
  badges,
  actions,
  back = true,
}: {
  title: ReactNode;
  badges?: ReactNode;
  actions?: ReactNode;
  back?: boolean;
}) {
  return (
    <div className="page-head">
      <div>
        <h1>{title}</h1>
        {badges}
      </div>
      {back || actions ? (
        <div className="btn-row">
          {back ? (
            <Link to="/dashboard" className="btn">
              <Trans>Back to Dashboard</Trans>
            </Link>
          ) : null}
          {actions}
        </div>
      ) : null}
    </div>
  );
}
