import { GEAR_TAX_NOTICE } from '@shared/contracts/gear';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { MAX_REPORTING_THRESHOLD_CENTS } from '@shared/contracts/commissions';
import { formatMoney } from '@shared/currency';
import { formatCents } from '@shared/format';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { TitledCard } from '@client/components/ui/card';
import { InputField } from '@client/components/ui/form-field';
import { Select } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { useCommissionSettings, useSaveCommissionSettings, useYearlyTotals } from '../api';

/** The threshold as the form takes it: whole dollars (the API keeps cents). */
const thresholdForm = z.object({
  dollars: z.number({ error: 'Enter a whole dollar amount' }).int('Enter a whole dollar amount').min(0, 'The threshold cannot be negative')
    .max(MAX_REPORTING_THRESHOLD_CENTS / 100, 'The threshold is too large'),
});
type ThresholdValues = z.input<typeof thresholdForm>;

/**
 * What the business paid each pro staffer in a calendar year, per currency, for its tax filing (decision record 024):
 * USD totals at or over its reporting threshold are flagged. Not tax advice; the threshold is the business's to set.
 */
export function YearlyTotalsCard() {
  const id = useId();
  const thisYear = new Date().getUTCFullYear();
  const [year, setYear] = useState(thisYear);
  const totals = useYearlyTotals(year);
  const settings = useCommissionSettings();
  const save = useSaveCommissionSettings();
  const form = useForm<ThresholdValues, unknown, z.output<typeof thresholdForm>>({ resolver: zodResolver(thresholdForm), defaultValues: { dollars: 2000 } });
  const { reset } = form;
  useEffect(() => {
    if (settings.data) reset({ dollars: Math.round(settings.data.reportingThresholdCents / 100) });
  }, [settings.data, reset]);

  const onSubmit = form.handleSubmit(async ({ dollars }) => {
    try {
      await save.mutateAsync({ reportingThresholdCents: dollars * 100 });
      toast({ title: 'Threshold Saved', description: `Payees paid ${formatCents(dollars * 100)} or more in a year are flagged.` });
    } catch (error) {
      toast({ title: 'Could Not Save', description: describeError(error), variant: 'destructive' });
    }
  });

  return (
    <TitledCard title="Yearly Totals" description="Paid to each pro staffer in a calendar year, per currency, for your tax filing. USD totals at or over your reporting threshold are flagged; check the threshold with your tax adviser.">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-year`}>Year</Label>
          <Select id={`${id}-year`} value={year} onChange={(event) => setYear(Number(event.target.value))}>
            {[thisYear, thisYear - 1, thisYear - 2].map((value) => <option key={value} value={value}>{value}</option>)}
          </Select>
        </div>
        <form method="post" onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3">
          <div className="w-44">
            <InputField form={form} name="dollars" id={`${id}-threshold`} label="Reporting threshold ($)" type="number" inputMode="numeric" min={0}
              registerOptions={{ valueAsNumber: true }} describeError disabled={settings.isPending} />
          </div>
          <Button type="submit" variant="outline" disabled={save.isPending || settings.isPending}>Save threshold</Button>
        </form>
      </div>
      {totals.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">{describeError(totals.error)}</p>
      ) : totals.isPending ? (
        <p className="mt-3 text-sm text-bark-700">Loading totals...</p>
      ) : totals.data.totals.length === 0 ? (
        <p className="mt-3 text-sm text-bark-700">Nothing was paid in {year}.</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm" data-testid="yearly-totals">
          <caption className="sr-only">Paid per pro staffer in {year}</caption>
          <thead>
            <tr className="border-b border-bark-100 text-bark-700">
              <th scope="col" className="py-2 font-medium">Pro staff</th>
              <th scope="col" className="py-2 font-medium">Commissions</th>
              <th scope="col" className="py-2 text-right font-medium">Paid</th>
              <th scope="col" className="py-2 text-right font-medium">Gear value</th>
            </tr>
          </thead>
          <tbody>
            {totals.data.totals.map((total) => (
              <tr key={`${total.proStaffId}-${total.currency}`} className="border-b border-bark-100 last:border-0" data-testid="yearly-total">
                <td className="py-2 text-bark-900">
                  {total.name} {total.overThreshold && <Badge tone="yellow">Over threshold</Badge>}
                </td>
                <td className="py-2 text-bark-700">{total.count}</td>
                <td className="py-2 text-right font-medium text-bark-900">{total.currency === 'USD' ? formatCents(total.paidCents) : formatMoney(total.paidCents, total.currency)}</td>
                <td className="py-2 text-right text-bark-700">{total.gearValueCents === 0 ? '—' : formatMoney(total.gearValueCents, total.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {totals.data?.totals.some((total) => total.gearValueCents !== 0) && <p className="mt-2 text-xs text-bark-700">{GEAR_TAX_NOTICE}</p>}
    </TitledCard>
  );
}
