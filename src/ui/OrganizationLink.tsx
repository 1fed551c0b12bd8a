import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';

/** The dashboard's way to the organization page (org_admin only). */
export function OrganizationLink() {
  return (
    <p>
      <Link to="/organization" className="btn">
        <Trans>Team and assignments</Trans>
      </Link>
    </p>
  );
}
