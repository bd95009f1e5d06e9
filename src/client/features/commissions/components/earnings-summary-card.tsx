import { SummaryCard } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { describeError } from '@client/lib/api';
import { CommissionTotals, useMyCommissionTotals } from './pro-staff-commissions';
import { PayoutAccountPanel } from './pro-staff-payouts-card';

/**
 * Pro staff dashboard: paid and pending commissions and the payout account, with "View all" to the earnings page (the
 * commission list, payouts received, statements). The payout account stays here: Stripe sends the staffer back to the
 * dashboard after onboarding.
 */
export function EarningsSummaryCard() {
  const { enabled, commissions, totals } = useMyCommissionTotals();
  return (
    <SummaryCard title="Earnings" to="/earnings" what="earnings" data-testid="earnings-card">
      {!enabled ? (
        <p className="text-bark-700">Please complete your pro staff profile first.</p>
      ) : commissions.isLoading ? (
        <Skeleton className="h-16" />
      ) : commissions.isError ? (
        <p role="alert" className="text-red-800">{describeError(commissions.error)}</p>
      ) : (
        <CommissionTotals compact totals={totals} />
      )}
      <PayoutAccountPanel compact />
    </SummaryCard>
  );
}
