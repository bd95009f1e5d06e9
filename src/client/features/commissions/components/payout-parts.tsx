import type { Balance, PayoutAccountState } from '@shared/contracts/payouts';
import { formatMoney } from '@shared/currency';
import { Badge } from '@client/components/ui/badge';

/** Processing yellow, paid green, failed red, partial orange (decision record 010 §4's colours). */
export function PayoutStatusBadge({ status }: { status: 'processing' | 'paid' | 'partial' | 'failed' | 'pending' }) {
  const tone = status === 'paid' ? 'green' : status === 'failed' ? 'red' : status === 'partial' ? 'orange' : 'yellow';
  const label = { processing: 'Processing', pending: 'Processing', paid: 'Paid', partial: 'Partly paid', failed: 'Failed' }[status];
  return <Badge tone={tone} data-status={status}>{label}</Badge>;
}

export const accountStateLabels: Record<PayoutAccountState, string> = {
  not_connected: 'No payout account yet',
  details_needed: 'Payout account: details needed',
  ready: 'Payout account ready',
  restricted: 'Payout account restricted',
};

/** One balance line: what is owed now in one currency, negative when refunds after payment exceed it. */
export function BalanceLine({ balance, who }: { balance: Balance; who: 'pro_staff' | 'business' }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-2 py-2" data-testid="payout-balance">
      <span className="text-sm font-medium text-bark-900">{who === 'pro_staff' ? balance.name : balance.companyName}</span>
      <span className={balance.netCents < 0 ? 'font-semibold text-red-800' : 'font-semibold text-bark-900'}>
        {formatMoney(balance.netCents, balance.currency)}
        {balance.negativeCents < 0 && (
          <span className="ml-2 text-xs font-normal text-bark-700">
            ({formatMoney(balance.payableCents, balance.currency)} payable, {formatMoney(balance.negativeCents, balance.currency)} refunds after payment)
          </span>
        )}
      </span>
      {who === 'pro_staff' && <span className="w-full text-xs text-bark-700">{accountStateLabels[balance.accountState]}</span>}
      {balance.netCents < 0 && <span className="w-full text-xs text-red-800">Negative balance: it is taken off the next payout.</span>}
    </li>
  );
}
