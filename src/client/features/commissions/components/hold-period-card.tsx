import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { commissionSettingsBody, MAX_HOLD_DAYS } from '@shared/contracts/commissions';
import { Button } from '@client/components/ui/button';
import { TitledCard } from '@client/components/ui/card';
import { InputField } from '@client/components/ui/form-field';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { useCommissionSettings, useSaveCommissionSettings } from '../api';

type Values = z.input<typeof commissionSettingsBody>;

/**
 * The business's hold period (decision record 024): how long an order commission waits before it is payable, so a
 * return inside the store's window reduces or cancels it before anyone is paid. Manual commissions never wait.
 */
export function HoldPeriodCard() {
  const settings = useCommissionSettings();
  const save = useSaveCommissionSettings();
  const form = useForm<Values, unknown, z.output<typeof commissionSettingsBody>>({ resolver: zodResolver(commissionSettingsBody), defaultValues: { holdDays: 30 } });
  const { reset } = form;
  useEffect(() => {
    if (settings.data) reset({ holdDays: settings.data.holdDays });
  }, [settings.data, reset]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      toast({ title: 'Hold Period Saved', description: `New order commissions are payable ${saved.holdDays === 0 ? 'at once' : `${saved.holdDays} days after the order`}.` });
    } catch (error) {
      toast({ title: 'Could Not Save', description: describeError(error), variant: 'destructive' });
    }
  });

  return (
    <TitledCard title="Hold Period" description="Order commissions wait this long before they are payable, so refunds inside your return window adjust them first. Commissions you create by hand are payable at once.">
      {settings.isError ? (
        <p role="alert" className="text-sm text-red-700">{describeError(settings.error)}</p>
      ) : (
        <form method="post" onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3">
          <div className="w-40">
            <InputField
              form={form}
              name="holdDays"
              id="hold-days"
              label="Hold (days)"
              hint={`0 to ${MAX_HOLD_DAYS}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_HOLD_DAYS}
              registerOptions={{ valueAsNumber: true }}
              describeError
              disabled={settings.isPending}
            />
          </div>
          <Button type="submit" disabled={save.isPending || settings.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </form>
      )}
    </TitledCard>
  );
}
