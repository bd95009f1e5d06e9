import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SessionUser } from '@shared/contracts/auth';
import { Button } from '@client/components/ui/button';
import { Notice } from '@client/components/ui/page';
import { RequireLogin } from '@client/components/require-login';

const dashboards = {
  // A missing userType counts as business (spec: header), so only pro staff are turned away here.
  business: { others: 'pro_staff', title: 'This dashboard is for business accounts.', otherPath: '/pro-staff-dashboard' },
  pro_staff: { others: 'business', title: 'This dashboard is for pro staff accounts.', otherPath: '/business-dashboard' },
} as const;

/** Signed in and of the dashboard's account type; anyone else is sent to log in or to their own dashboard. */
export function DashboardGate({ userType, children }: { userType: keyof typeof dashboards; children: (user: SessionUser) => ReactNode }) {
  const { others, title, otherPath } = dashboards[userType];
  return (
    <RequireLogin message="Please log in to access your dashboard.">
      {(user) =>
        user.userType === others ? (
          <Notice title={title} action={<Button asChild><Link to={otherPath}>Go to your dashboard</Link></Button>} />
        ) : (
          children(user)
        )
      }
    </RequireLogin>
  );
}
