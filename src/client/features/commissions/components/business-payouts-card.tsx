import { formatMoney } from '@shared/currency';
import { TitledCard } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { useBusinessPayouts } from '../api';
import { formatDate } from '@client/lib/format-dates';
import { BalanceLine, PayoutStatusBadge } from './payout-parts';
import { StatementDownload } from './statement-download';

/** Business dashboard: what it owes each pro staffer now and the payouts it made (decision record 025). */
export function BusinessPayoutsCard() {
  const payouts = useBusinessPayouts(true);
  const data = payouts.data;
  return (
    <TitledCard title="Payouts" description="Pay now charges your saved card once and sends each pro staffer their share through Stripe. Refunds that arrive after payment, or while a payout is processing, are taken off the next payout.">
      {payouts.isLoading && <Skeleton className="h-24 w-full" />}
      {payouts.error && <p role="alert" className="text-sm text-red-700">Could not load payouts. Please try again.</p>}
      {data && (
        <>
          {!data.configured && (
            <p role="status" className="mb-3 rounded-lg bg-yellow-50 p-3 text-sm text-yellow-900">
              Payouts through HuntStaff are being set up. Until then, mark commissions paid once you have paid outside HuntStaff.
            </p>
          )}
          <h3 className="text-sm font-semibold text-bark-900">Owed now</h3>
          {data.balances.length === 0 ? (
            <p className="py-2 text-sm text-bark-700">Nothing payable right now.</p>
          ) : (
            <ul className="mb-4 divide-y divide-bark-100">{data.balances.map((b) => <BalanceLine key={`${b.proStaffId}-${b.currency}`} balance={b} who="pro_staff" />)}</ul>
          )}
          <StatementDownload kind="business" subject="payouts" />
          {data.payouts.length === 0 ? (
            <p className="py-2 text-sm text-bark-700">No payouts yet.</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {data.payouts.map((payout) => (
                <li key={payout.id} data-testid="payout-row" className="rounded-lg border border-bark-200 p-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-bark-900">Payout #{payout.id}</span>
                    <span className="font-semibold">{formatMoney(payout.amountCents, payout.currency)}</span>
                    <PayoutStatusBadge status={payout.status} />
                    <span className="text-xs text-bark-700">{formatDate(payout.createdAt)}</span>
                  </div>
                  {payout.failureReason && <p className="mt-1 text-sm text-red-800">{payout.failureReason}</p>}
                  <ul className="mt-2 text-sm">
                    {payout.items.map((item) => (
                      <li key={item.proStaffId} data-testid="payout-item" className="flex flex-wrap items-center gap-2">
                        <span>{item.name}</span>
                        <span className="font-medium">{formatMoney(item.amountCents, payout.currency)}</span>
                        <PayoutStatusBadge status={payout.status === 'processing' ? 'processing' : item.status} />
                        {item.commissionIds.length > 0 && <span className="text-xs text-bark-700">commissions {item.commissionIds.map((id) => `#${id}`).join(' ')}</span>}
                        {item.failureReason && payout.status === 'partial' && <span className="w-full text-xs text-red-800">{item.failureReason}</span>}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </TitledCard>
  );
}
