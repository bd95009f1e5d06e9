import { ProgramPage } from '@client/components/program-page';
import { Page } from '@client/components/ui/page';
import { MyFlagsCard } from '@client/features/fraud';
import { ProStaffCommissions } from '../components/pro-staff-commissions';
import { ProStaffPayoutsCard } from '../components/pro-staff-payouts-card';

/** A pro staffer's earnings in full: every commission with its statement, the payout account, balances and payouts received. */
export default function EarningsPage() {
  return (
    <ProgramPage
      loginMessage="Please log in to see your earnings."
      business={{ title: 'Earnings is for pro staff accounts.', to: '/business-dashboard?tab=commissions', label: 'Go to Commissions' }}
      proStaff={() => (
        <Page title="Earnings" description="Your commissions from each brand, the payouts you received and your statements.">
          <div className="grid gap-6 lg:grid-cols-2">
            <ProStaffCommissions />
            <ProStaffPayoutsCard />
          </div>
          <div className="mt-6"><MyFlagsCard /></div>
        </Page>
      )}
    />
  );
}
