import { Page } from '../../../components/ui/page';
import { RequireLogin } from '../../../components/require-login';

export default function ProStaffDashboardPage() {
  return (
    <RequireLogin message="Please log in to access your dashboard.">
      {(user) => (
        <Page title="Pro Staff Dashboard" description={`Signed in as ${user.email}`}>
          <p className="text-bark-700">Your dashboard is being set up.</p>
        </Page>
      )}
    </RequireLogin>
  );
}
