import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@client/components/ui/button';
import { TitledCard } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { toast } from '@client/components/ui/toast';
import { toastError } from '@client/lib/toast-error';
import { claimMoneyBack, formatPeriodEnd, money, moneyBackKey, useMoneyBack } from '../api';

/**
 * The 30-day money-back guarantee (decision record 042): cancel at once and get the first 30 days' payments back.
 * Outside the window, or once used, the button stays disabled and says why.
 */
export function MoneyBackCard({ onDone }: { onDone(): Promise<void> }) {
  const status = useMoneyBack(true);
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const data = status.data;
  if (!data) return null;

  async function claim() {
    setBusy(true);
    try {
      const result = await claimMoneyBack();
      await Promise.all([onDone(), queryClient.invalidateQueries({ queryKey: moneyBackKey })]);
      toast({ title: 'Refund on its way', description: `${money(result.refunded, result.currency)} is refunded and you are on the Free plan now.` });
    } catch (error) {
      toastError(error, 'The refund could not be made');
      await queryClient.invalidateQueries({ queryKey: moneyBackKey });
    } finally {
      setBusy(false);
    }
  }

  return (
    <TitledCard className="mb-8" data-testid="money-back" title="30-Day Money-Back Guarantee">
      <p className="text-sm text-bark-700">
        Within 30 days of your first payment you can cancel and get that money back, once per account. The subscription ends at once and your
        account returns to the Free plan and its limits.
      </p>
      {data.eligible && data.until && (
        <p className="mt-2 text-sm">
          Available until {formatPeriodEnd(data.until)}: {money(data.amount, data.currency)} would be refunded.
        </p>
      )}
      <div className="mt-4 flex flex-col items-start gap-2">
        <Button variant="outline" disabled={!data.eligible || busy} onClick={() => setAsking(true)} aria-describedby={data.reason ? 'money-back-reason' : undefined}>
          {busy ? 'Refunding...' : 'Cancel and get a refund'}
        </Button>
        {data.reason && (
          <p id="money-back-reason" className="text-sm text-bark-700">
            {data.reason}
          </p>
        )}
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Cancel and get a refund?"
        description={`Your subscription ends now, ${money(data.amount, data.currency)} goes back to your card and your account returns to the Free plan. The guarantee applies once.`}
        confirmLabel="Cancel and refund"
        destructive
        onConfirm={() => void claim()}
      />
    </TitledCard>
  );
}
