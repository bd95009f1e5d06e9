import type { ReactNode } from 'react';
import type { Commission } from '@shared/contracts/commissions';
import { formatCents, saleChannelLabel } from '@shared/format';
import { formatMoney } from '@shared/currency';
import { Skeleton } from '@client/components/ui/skeleton';
import { formatCalendarDate, formatDate } from '@client/lib/format-dates';
import { CommissionStatusBadge } from './commission-status-badge';

type Props = {
  commissions: Commission[] | undefined;
  isLoading: boolean;
  error: unknown;
  /** Whose name to show on each row: the payee (business view) or the payer (pro staff view). */
  counterparty: 'pro_staff' | 'business';
  actions?: (commission: Commission) => ReactNode;
};

export function CommissionList({ commissions, isLoading, error, counterparty, actions }: Props) {
  if (isLoading) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-20 w-full" />
        ))}
      </div>
    );
  }
  if (error) return <p role="alert" className="text-sm text-red-700">Could not load commissions. Please try again.</p>;
  if (!commissions || commissions.length === 0) return <p className="py-6 text-center text-sm text-bark-700">No commissions found.</p>;

  return (
    <ul className="flex flex-col gap-3">
      {commissions.map((commission) => {
        const name =
          counterparty === 'pro_staff'
            ? `${commission.proStaff.firstName} ${commission.proStaff.lastName}`
            : commission.business.companyName;
        return (
          <li
            key={commission.id}
            id={`commission-${commission.id}`}
            data-testid="commission-row"
            className="flex flex-col gap-3 rounded-lg border border-bark-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-lg font-semibold text-bark-900">{commission.currency && commission.currency !== 'USD' ? formatMoney(commission.amountCents, commission.currency) : formatCents(commission.amountCents)}</span>
                <CommissionStatusBadge status={commission.status} />
                {commission.source === 'order' && (
                  <span className="break-all text-xs text-bark-700">
                    from store order {commission.orderId}
                    {commission.channel && <span data-testid="commission-channel"> · {saleChannelLabel(commission.channel, commission.locationId)}</span>}
                  </span>
                )}
                {commission.source === 'booth' && <span className="break-all text-xs text-bark-700">event booth share of store order {commission.orderId}</span>}
              </div>
              <p className="text-sm font-medium text-bark-900">{name}</p>
              {commission.description && <p className="text-sm text-bark-700">{commission.description}</p>}
              <p className="mt-1 text-xs text-bark-700">
                Created {formatDate(commission.createdAt)}
                {commission.dueDate && <> · Due {formatCalendarDate(commission.dueDate)}</>}
                {commission.paidAt && <> · Paid {formatDate(commission.paidAt)}</>}
                {commission.status === 'paid' && commission.payoutId !== null && <> · through HuntStaff (payout #{commission.payoutId})</>}
              </p>
              {commission.status === 'pending' && (
                <p className="mt-1 text-xs font-medium text-bark-900" data-testid="commission-payable">
                  {commission.payoutId !== null
                    ? `In payout #${commission.payoutId} (processing)`
                    : commission.payable
                      ? 'Payable now'
                      : `In hold: payable from ${formatDate(commission.payableAt)}`}
                </p>
              )}
            </div>
            {actions && <div className="flex shrink-0 gap-2">{actions(commission)}</div>}
          </li>
        );
      })}
    </ul>
  );
}
