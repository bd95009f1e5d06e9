import { useEffect, useState } from 'react';
import type { PlanChangePreview } from '@shared/contracts/billing';
import type { Plan } from '@shared/plans';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';
import { describeError } from '@client/lib/api';
import { changePlan, formatPeriodEnd, money, previewPlanChange } from '../api';

type Props = { plan: Plan | null; onOpenChange(open: boolean): void; onChanged(plan: Plan, message: string): Promise<void> };

/**
 * Before a plan change: Stripe's own preview of what is due now (decision record 042), and when the new limits start.
 * Confirming sends back the preview's proration date and amount; a stale preview is refused and previewed again.
 */
export function ChangePlanDialog({ plan, onOpenChange, onChanged }: Props) {
  const [preview, setPreview] = useState<PlanChangePreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!plan) return;
    let current = true;
    setPreview(null);
    setError(null);
    previewPlanChange(plan.id)
      .then((answer) => current && setPreview(answer))
      .catch((failure: unknown) => current && setError(describeError(failure, 'Could not work out the price of this change.')));
    return () => {
      current = false;
    };
  }, [plan, attempt]);

  async function confirm() {
    if (!plan || !preview) return;
    setBusy(true);
    try {
      const result = await changePlan({ tier: plan.id, prorationDate: preview.prorationDate, expectedAmountDue: preview.amountDue });
      const paid = result.amountCharged > 0 ? ` ${money(result.amountCharged, result.currency)} was charged to your card.` : '';
      const credit = result.credit > 0 ? ` ${money(result.credit, result.currency)} credit will pay your next invoices.` : '';
      await onChanged(plan, `You are on ${plan.name} now.${paid}${credit}`);
    } catch (failure) {
      setError(describeError(failure, 'The plan could not be changed.'));
      setPreview(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={plan !== null} onOpenChange={onOpenChange}>
      {plan && (
        <DialogContent title={`Switch to ${plan.name}`} description="The change applies as soon as you confirm, billed pro rata for the rest of this month.">
          {error && (
            <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
              <p>{error}</p>
              <Button className="mt-2" variant="outline" onClick={() => setAttempt((n) => n + 1)}>Show the price again</Button>
            </div>
          )}
          {!preview && !error && (
            <div className="flex items-center justify-center gap-3 py-8 text-sm text-bark-700">
              <Spinner label="Working out the price" /> Working out the price...
            </div>
          )}
          {preview && <PreviewDetails preview={preview} plan={plan} />}
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>Go back</Button>
            <Button onClick={() => void confirm()} disabled={!preview || busy}>
              {busy ? 'Changing plan...' : preview && preview.amountDue > 0 ? `Pay ${money(preview.amountDue, preview.currency)} and switch` : 'Confirm the change'}
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

function PreviewDetails({ preview, plan }: { preview: PlanChangePreview; plan: Plan }) {
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="proration-preview">
      <p className="text-lg font-semibold">
        Due now: <span data-testid="amount-due">{money(preview.amountDue, preview.currency)}</span>
      </p>
      <ul className="flex flex-col gap-1 text-bark-700">
        {preview.lines.map((line, index) => (
          <li key={index} className="flex justify-between gap-4">
            <span>{line.amount < 0 ? `Credit for the unused days of your current plan` : `${plan.name} for the rest of this period`}</span>
            <span className="tabular-nums">{money(line.amount, preview.currency)}</span>
          </li>
        ))}
      </ul>
      {preview.credit > 0 && (
        <p>{money(preview.credit, preview.currency)} goes to your account as credit and pays your next invoices first.</p>
      )}
      <p>
        The {plan.name} plan’s limits apply as soon as you confirm. From {formatPeriodEnd(preview.periodEnd)} you pay{' '}
        {money(preview.newMonthlyAmount, preview.currency)} per month.
      </p>
    </div>
  );
}
