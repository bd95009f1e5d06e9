import { useState } from 'react';
import type { Commission } from '@shared/contracts/commissions';
import type { Balance } from '@shared/contracts/payouts';
import { formatMoney, totalsByCurrency } from '@shared/currency';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { usePayNow } from '../api';

type Props = { selected: Commission[]; balances: Balance[]; onDone(): void };

/**
 * Pay now (decision record 025): the selected payable commissions in one payout, after a confirmation that says what
 * the card is charged and what each pro staffer receives once their refunds after payment are netted off.
 */
export function PayNowBar({ selected, balances, onDone }: Props) {
  const payNow = usePayNow();
  const [confirming, setConfirming] = useState(false);
  const totals = totalsByCurrency(selected.map((c) => ({ amountMinor: c.amountCents, currency: c.currency })));
  const staff = [...new Map(selected.map((c) => [c.proStaffId, `${c.proStaff.firstName} ${c.proStaff.lastName}`])).entries()];
  const currency = totals[0]?.currency ?? 'USD';
  const shares = staff.map(([proStaffId, name]) => {
    const own = selected.filter((c) => c.proStaffId === proStaffId).reduce((sum, c) => sum + c.amountCents, 0);
    const negative = balances.find((b) => b.proStaffId === proStaffId && b.currency === currency)?.negativeCents ?? 0;
    return { name, net: own + negative, negative };
  });
  const charged = shares.reduce((sum, s) => sum + s.net, 0);
  const problem = totals.length > 1 ? 'Select commissions in one currency: each payout is in one currency.' : shares.find((s) => s.net <= 0) ? 'A selected pro staffer’s refunds after payment exceed the selection: nothing to transfer to them.' : null;

  async function pay() {
    setConfirming(false);
    try {
      const payout = await payNow.mutateAsync({ commissionIds: selected.map((c) => c.id) });
      onDone();
      const amount = formatMoney(payout.amountCents, payout.currency);
      if (payout.status === 'paid') toast({ title: 'Payout Sent', description: `${amount} paid to ${payout.items.length} pro staff (payout #${payout.id}).` });
      else if (payout.status === 'processing') toast({ title: 'Payout Processing', description: `Payout #${payout.id} is being completed; the list updates when it is done.` });
      else toast({ title: payout.status === 'partial' ? 'Payout Partly Failed' : 'Payout Failed', description: payout.failureReason ?? 'Please try again.', variant: 'destructive' });
    } catch (error) {
      toast({ title: 'Could Not Pay', description: describeError(error, 'Please try again.'), variant: 'destructive' });
    }
  }

  if (selected.length === 0) {
    return <p className="mb-3 text-sm text-bark-700">Select payable commissions to pay them now through HuntStaff, or mark them paid outside HuntStaff.</p>;
  }
  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-forest-50 p-3" data-testid="pay-now-bar">
      <span className="text-sm text-bark-900">
        {selected.length} selected · {totals.map((t) => formatMoney(t.minor, t.currency)).join(' · ')}
      </span>
      {problem ? <p role="alert" className="w-full text-sm text-red-800">{problem}</p> : null}
      <Button size="sm" disabled={Boolean(problem) || payNow.isPending} onClick={() => setConfirming(true)}>
        {payNow.isPending ? 'Paying…' : 'Pay now'}
      </Button>
      {confirming && (
        <ConfirmDialog
          open
          onOpenChange={setConfirming}
          title={`Pay ${formatMoney(charged, currency)} now?`}
          description={
            <>
              Your saved card is charged {formatMoney(charged, currency)} and each pro staffer receives their share in their payout account:{' '}
              {shares.map((s) => `${s.name} ${formatMoney(s.net, currency)}${s.negative < 0 ? ` (after ${formatMoney(s.negative, currency)} refunds)` : ''}`).join(', ')}.
            </>
          }
          confirmLabel="Yes, Pay Now"
          onConfirm={() => void pay()}
        />
      )}
    </div>
  );
}
