import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatMoney } from '@shared/currency';
import { Button } from '@client/components/ui/button';
import { TitledCard } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { createPayoutAccountLink, usePayoutAccount, useProStaffPayouts } from '../api';
import { formatDate } from '@client/lib/format-dates';
import { accountStateLabels, BalanceLine, PayoutStatusBadge } from './payout-parts';
import { StatementDownload } from './statement-download';

const explain = {
  not_connected: 'Connect a payout account so businesses can pay your commissions straight to your bank through Stripe.',
  details_needed: 'Stripe still needs a few details before businesses can pay you here.',
  ready: 'Businesses can pay your commissions to this account. Stripe pays out to your bank on your payout schedule.',
  restricted: 'Stripe paused payments to this account until it gets more details. Update them to be paid again.',
} as const;
const explainShort = {
  not_connected: 'Be paid through Stripe, straight to your bank.',
  details_needed: 'Stripe still needs a few details.',
  restricted: 'Stripe paused payments until it gets more details.',
} as const;
const action = { not_connected: 'Connect payout account', details_needed: 'Finish setting up', ready: 'Update payout details', restricted: 'Update payout details' } as const;

/**
 * The payout account (Stripe Connect Express): its state, what it means and the button to set it up or update it.
 * Stripe sends the staffer back to the dashboard (`?payout-account=return`), which shows this panel in its earnings card
 * (`compact`: a line under the totals, a short explanation and none for a ready account, the not-yet-set-up note
 * as a plain line).
 */
export function PayoutAccountPanel({ compact = false }: { compact?: boolean }) {
  const account = usePayoutAccount();
  const [opening, setOpening] = useState(false);
  const [params] = useSearchParams();
  const returned = params.get('payout-account') === 'return';

  async function openOnboarding() {
    setOpening(true);
    try {
      const { url } = await createPayoutAccountLink();
      window.location.assign(url);
    } catch (error) {
      setOpening(false);
      toast({ title: 'Could not open Stripe', description: describeError(error, 'Please try again.'), variant: 'destructive' });
    }
  }

  const state = account.data?.state;
  return (
    <>
      {account.isLoading && <Skeleton className="h-16 w-full" />}
      {account.data && !account.data.configured && (
        <p role="status" className={compact ? 'text-xs text-bark-700' : 'rounded-lg bg-yellow-50 p-3 text-sm text-yellow-900'}>
          Payouts are being set up. Until then, businesses pay you directly and mark your commissions paid.
        </p>
      )}
      {account.data?.configured && state && (
        <div className={compact ? 'flex flex-wrap items-center justify-between gap-2 border-t border-bark-100 pt-2' : 'rounded-lg border border-bark-100 p-3'} data-testid="payout-account">
          <div className="min-w-0">
            <p className="text-sm font-semibold text-bark-900" data-state={state}>{accountStateLabels[state]}</p>
            {compact ? (
              state !== 'ready' && <p className="text-xs text-bark-700">{explainShort[state]}</p>
            ) : (
              <p className="mt-1 text-sm text-bark-700">{explain[state]}</p>
            )}
            {returned && state !== 'ready' && <p role="status" className="mt-1 text-sm text-bark-700">Stripe is confirming your details; this updates by itself in a moment.</p>}
            {account.data.requirementsDue > 0 && state !== 'not_connected' && <p className="mt-1 text-xs text-bark-700">{account.data.requirementsDue} detail(s) due at Stripe.</p>}
          </div>
          <Button className={compact ? undefined : 'mt-3'} size="sm" variant={state === 'ready' ? 'outline' : 'primary'} disabled={opening} onClick={() => void openOnboarding()}>
            {opening ? 'Opening Stripe…' : action[state]}
          </Button>
        </div>
      )}
    </>
  );
}

/** The earnings page: the payout account, balances per business and payouts received (decision record 025). */
export function ProStaffPayoutsCard() {
  const payouts = useProStaffPayouts(true);
  return (
    <TitledCard title="Payouts" description="Get paid through HuntStaff: businesses pay your commissions to your own payout account.">
      <PayoutAccountPanel />
      {payouts.data && (
        <>
          {payouts.data.balances.length > 0 && (
            <>
              <h3 className="mt-4 text-sm font-semibold text-bark-900">Balance</h3>
              <ul className="divide-y divide-bark-100">{payouts.data.balances.map((b) => <BalanceLine key={`${b.businessId}-${b.currency}`} balance={b} who="business" />)}</ul>
            </>
          )}
          <h3 className="mt-4 text-sm font-semibold text-bark-900">Payouts received</h3>
          <StatementDownload kind="pro-staff" subject="payouts" />
          {payouts.data.payouts.length === 0 ? (
            <p className="py-2 text-sm text-bark-700">No payouts yet.</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {payouts.data.payouts.map((payout) => (
                <li key={payout.payoutId} data-testid="received-payout" className="rounded-lg border border-bark-200 p-3 text-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold">{formatMoney(payout.amountCents, payout.currency)}</span>
                    <span>from {payout.companyName}</span>
                    <PayoutStatusBadge status={payout.status} />
                    <span className="text-xs text-bark-700">Payout #{payout.payoutId} · {formatDate(payout.createdAt)}</span>
                  </div>
                  {payout.failureReason && <p className="mt-1 text-red-800">{payout.failureReason}</p>}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </TitledCard>
  );
}
