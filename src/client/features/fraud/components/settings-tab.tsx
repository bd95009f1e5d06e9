import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { fraudModeLabels, fraudModes, fraudSettings, fraudSignalLabels, fraudSignals, MAX_FLAG_EXPIRY_DAYS, updateFraudSettingsBody, type FraudSettings, type UpdateFraudSettingsBody } from '@shared/contracts/fraud';
import { ListState } from '@client/components/list-state';
import { Button } from '@client/components/ui/button';
import { TitledCard } from '@client/components/ui/card';
import { InputField, SelectField, TextareaField } from '@client/components/ui/form-field';
import { toast } from '@client/components/ui/toast';
import { showServerFieldErrors } from '@client/lib/server-field-errors';
import { toastError } from '@client/lib/toast-error';
import { useFraudSettings, useSaveFraudSettings } from '../api';
import { domainListText } from '../format';

/**
 * The form's own shape around the contract: the coupon sites as text (one per line), and "keep held" as a box instead of
 * a null number of days. It turns into exactly the contract's body.
 */
const settingsForm = z
  .object({ modes: fraudSettings.shape.modes, keepHeld: z.boolean(), expiryDays: z.number().optional(), couponSites: domainListText })
  .superRefine((values, ctx) => {
    if (values.keepHeld) return;
    const days = updateFraudSettingsBody.shape.expiryDays.safeParse(values.expiryDays ?? null);
    if (values.expiryDays === undefined || !days.success) ctx.addIssue({ code: 'custom', path: ['expiryDays'], message: days.error?.issues[0]?.message ?? `Enter 1 to ${MAX_FLAG_EXPIRY_DAYS} days, or keep flags held until you decide` });
  })
  .transform(({ modes, keepHeld, expiryDays, couponSites }): UpdateFraudSettingsBody => ({ modes, expiryDays: keepHeld ? null : expiryDays, couponSites }));
type FormValues = z.input<typeof settingsForm>;

const formValuesOf = (settings: FraudSettings): FormValues => ({
  modes: settings.modes,
  keepHeld: settings.expiryDays === null,
  expiryDays: settings.expiryDays ?? 30,
  couponSites: settings.couponSites.join('\n'),
});

/** What happens when each signal fires, when open flags settle by themselves, and the business's own coupon sites. */
export function SettingsTab() {
  const settings = useFraudSettings();
  const save = useSaveFraudSettings();
  const form = useForm<FormValues, unknown, UpdateFraudSettingsBody>({ resolver: zodResolver(settingsForm) });
  const { reset } = form;
  const keepHeld = form.watch('keepHeld');
  useEffect(() => {
    if (settings.data) reset(formValuesOf(settings.data));
  }, [settings.data, reset]);

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      reset(formValuesOf(await save.mutateAsync(body)));
      toast({ title: 'Settings Saved', description: 'New flags follow these rules; flags already raised keep theirs.' });
    } catch (error) {
      showServerFieldErrors(error, form.setError);
      toastError(error, 'Could not save the settings.');
    }
  });

  return (
    <ListState query={settings} empty={null}>
      <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        <TitledCard title="When a signal fires" description="Flag only: the commission stays payable and you review later. Hold: it waits for your decision. Reject automatically: it is reversed at once and the pro staffer is told.">
          <div className="grid gap-4 sm:grid-cols-2">
            {fraudSignals.map((signal) => (
              <SelectField key={signal} form={form} name={`modes.${signal}`} id={`mode-${signal}`} label={fraudSignalLabels[signal]} options={fraudModes} optionLabel={(mode) => fraudModeLabels[mode]} />
            ))}
          </div>
        </TitledCard>
        <TitledCard title="Open flags" description="A held commission is approved by itself after this many days unless you decide first.">
          <div className="flex flex-col gap-3">
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="h-4 w-4" {...form.register('keepHeld')} />
              Keep held until I decide
            </label>
            <div className="w-40">
              <InputField form={form} name="expiryDays" id="expiry-days" label="Approve after (days)" hint={`1 to ${MAX_FLAG_EXPIRY_DAYS}`} type="number" inputMode="numeric" min={1} max={MAX_FLAG_EXPIRY_DAYS} disabled={keepHeld} registerOptions={{ setValueAs: (v: unknown) => (v === '' || v === undefined ? undefined : Number(v)) }} describeError />
            </div>
          </div>
        </TitledCard>
        <TitledCard title="Your coupon sites" description="Orders that came from these sites are flagged as leaked codes, on top of HuntStaff's own list. One domain per line.">
          <TextareaField form={form} name="couponSites" id="coupon-sites" label="Domains" rows={5} placeholder="coupons.example.com" describeError />
        </TitledCard>
        <div>
          <Button type="submit" disabled={save.isPending || settings.isPending}>{save.isPending ? 'Saving...' : 'Save Settings'}</Button>
        </div>
      </form>
    </ListState>
  );
}
