import { useState } from 'react';
import type { Commission } from '@shared/contracts/commissions';
import { formatCents } from '@shared/format';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { TitledCard } from '@client/components/ui/card';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { useSession } from '@client/features/auth';
import { useBusinessCommissions, useBusinessPayouts, useUpdateCommissionStatus } from '../api';
import { BusinessPayoutsCard } from './business-payouts-card';
import { PayNowBar } from './pay-now-bar';
import { CommissionList } from './commission-list';
import { CreateCommissionForm } from './create-commission-form';
import { HoldPeriodCard } from './hold-period-card';
import { YearlyTotalsCard } from './yearly-totals-card';
import { StatementDownload } from './statement-download';
import { formatDate } from '@client/lib/format-dates';

/** Business dashboard tab: create commissions for pro staff and settle pending ones. */
export function CommissionsTab() {
  const { user } = useSession();
  const isBusiness = user?.userType === 'business' && user.businessId !== null;
  const commissions = useBusinessCommissions(isBusiness);
  const update = useUpdateCommissionStatus();
  // Settling moves money status for good, so Mark Paid and Cancel ask first.
  const [confirming, setConfirming] = useState<{ commission: Commission; status: 'paid' | 'cancelled' } | null>(null);
  // Pay now (decision record 025): payable commissions picked in the list, paid in one payout.
  const payouts = useBusinessPayouts(isBusiness);
  const [selected, setSelected] = useState<number[]>([]);
  const canPayNow = payouts.data?.configured === true;

  if (!user) return <p className="text-sm text-bark-700">Please log in to manage commissions.</p>;
  if (user.userType !== 'business') return <p className="text-sm text-bark-700">Only business accounts can create commissions.</p>;
  if (user.businessId === null) return <p className="text-sm text-bark-700">Please complete your business profile first.</p>;

  const settle = async (id: number, status: 'paid' | 'cancelled') => {
    try {
      await update.mutateAsync({ id, status });
      toast({ title: 'Commission Updated', description: status === 'paid' ? 'The commission is marked as paid.' : 'The commission is cancelled.' });
    } catch (error) {
      toast({ title: 'Failed to Update Commission', description: describeError(error, 'Please try again.'), variant: 'destructive' });
    }
  };
  const busyId = update.isPending ? update.variables?.id : undefined;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="flex flex-col gap-6">
        <TitledCard title="Create Commission" description="Record money you owe a pro staff member. It starts as pending until you mark it paid.">
          <CreateCommissionForm />
        </TitledCard>
        <HoldPeriodCard />
        <BusinessPayoutsCard />
        <YearlyTotalsCard />
      </div>
      <TitledCard title="Commissions" description="Paid commissions this month count toward your pro staff rankings.">
        <StatementDownload kind="business" />
        {canPayNow && (
          <PayNowBar
            selected={(commissions.data ?? []).filter((c) => selected.includes(c.id))}
            balances={payouts.data?.balances ?? []}
            onDone={() => setSelected([])}
          />
        )}
        <CommissionList
          commissions={commissions.data}
          isLoading={commissions.isLoading}
          error={commissions.error}
          counterparty="pro_staff"
          actions={(commission) =>
            commission.status === 'pending' && commission.payoutId === null ? (
              <>
                {canPayNow && commission.payable && commission.amountCents > 0 && (
                  <label className="flex items-center gap-1 text-sm text-bark-900">
                    <input
                      type="checkbox"
                      checked={selected.includes(commission.id)}
                      onChange={(event) => setSelected(event.target.checked ? [...selected, commission.id] : selected.filter((id) => id !== commission.id))}
                    />
                    <span>Select<span className="sr-only"> commission #{commission.id} for Pay now</span></span>
                  </label>
                )}
                <Button size="sm" variant={canPayNow ? 'outline' : 'primary'} disabled={busyId === commission.id} onClick={() => setConfirming({ commission, status: 'paid' })}>
                  Mark Paid
                </Button>
                <Button size="sm" variant="outline" disabled={busyId === commission.id} onClick={() => setConfirming({ commission, status: 'cancelled' })}>
                  Cancel
                </Button>
              </>
            ) : null
          }
        />
      </TitledCard>
      {confirming && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setConfirming(null)}
          title={confirming.status === 'paid' ? 'Mark this commission paid?' : 'Cancel this commission?'}
          description={`${formatCents(confirming.commission.amountCents)} for ${confirming.commission.proStaff.firstName} ${confirming.commission.proStaff.lastName}. ${
            confirming.status === 'paid'
              ? `${confirming.commission.payable ? '' : `It is still in its hold until ${formatDate(confirming.commission.payableAt)} (the store may refund the order). `}Only confirm once the money has been sent outside HuntStaff; paid commissions count toward rankings and cannot be changed back.`
              : 'The pro staffer will no longer be owed this amount. This cannot be undone.'
          }`}
          confirmLabel={confirming.status === 'paid' ? 'Yes, Mark Paid' : 'Yes, Cancel Commission'}
          destructive={confirming.status === 'cancelled'}
          onConfirm={() => {
            const { commission, status } = confirming;
            setConfirming(null);
            void settle(commission.id, status);
          }}
        />
      )}
    </div>
  );
}
