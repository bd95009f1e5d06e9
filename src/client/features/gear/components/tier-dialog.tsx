import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { promotionMetrics, tierFields, type ProgramTier, type PromotionMetric, type TierFields } from '@shared/contracts/gear';
import { ConvertedField } from '@client/components/ui/converted-field';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { FormDialogActions } from '@client/components/ui/form-dialog-actions';
import { InputField, SelectField } from '@client/components/ui/form-field';
import { Select } from '@client/components/ui/input';
import { Field } from '@client/components/ui/label';
import { toast } from '@client/components/ui/toast';
import { basisPointsConversion, moneyConversion, type Conversion } from '@client/lib/converters';
import { showServerFieldErrors } from '@client/lib/server-field-errors';
import { toastError } from '@client/lib/toast-error';
import { useCampaigns } from '@client/features/campaigns/api';
import { useCreateTier, useUpdateTier } from '../api';

type FormInput = z.input<typeof tierFields>;

// Short enough for a third of the dialog: the season is in the checkbox's sentence, the currency in the threshold's label.
const metricLabels: Record<PromotionMetric, string> = { attributed_sales: 'Attributed sales', approved_posts: 'Approved posts' };

function defaultsFor(base: ProgramTier | null): FormInput {
  return {
    name: base?.name ?? '',
    commissionRateBps: base?.commissionRateBps ?? 1000,
    holdDays: base?.holdDays ?? 30,
    proPricingPercent: base?.proPricingPercent ?? 0,
    allotmentMinor: base?.allotmentMinor ?? NaN,
    currency: base?.currency ?? 'USD',
    itemsPerYear: base?.itemsPerYear ?? null,
    renewsOn: base?.renewsOn ?? '01-01',
    campaignIds: base?.campaignIds ?? [],
    promotion: base?.promotion ?? null,
  };
}

const wholeNumber: Conversion<number> = { toText: (n) => (Number.isFinite(n) ? String(n) : ''), fromText: (text) => (/^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : NaN) };
const number = { valueAsNumber: true } as const;
const optionalNumber = { setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value)) } as const;

/**
 * New Tier or Edit Tier: every field of the shared `tierFields` schema. Money is typed in the tier's currency and kept in
 * minor units; the commission rate is typed as a percent and kept in basis points; a promotion rule moves a staffer up
 * when a season's attributed sales (in the allotment currency) or approved posts reach the threshold.
 */
export function TierDialog({ open, onOpenChange, base, tiers }: { open: boolean; onOpenChange(open: boolean): void; base: ProgramTier | null; tiers: ProgramTier[] }) {
  const editing = base !== null;
  const create = useCreateTier();
  const update = useUpdateTier();
  const campaigns = useCampaigns(open);
  const form = useForm<FormInput, unknown, TierFields>({ resolver: zodResolver(tierFields), defaultValues: defaultsFor(base) });
  const { errors, isSubmitting } = form.formState;
  const currency = (form.watch('currency') ?? 'USD').toUpperCase();
  const promotion = form.watch('promotion');
  const campaignIds = form.watch('campaignIds') ?? [];
  const others = tiers.filter((t) => t.id !== base?.id);

  useEffect(() => {
    if (open) form.reset(defaultsFor(base));
  }, [open, base, form]);

  async function save(values: TierFields) {
    try {
      if (editing) await update.mutateAsync({ id: base.id, body: values });
      else await create.mutateAsync(values);
      toast({ title: 'Success', description: editing ? 'Tier saved.' : 'Tier created.' });
      onOpenChange(false);
    } catch (error) {
      showServerFieldErrors(error, form.setError);
      toastError(error, 'Failed to save the tier.');
    }
  }

  function toggleCampaign(id: number, on: boolean) {
    form.setValue('campaignIds', on ? [...campaignIds, id] : campaignIds.filter((c) => c !== id), { shouldDirty: true });
  }

  function togglePromotion(on: boolean) {
    form.setValue('promotion', on ? { toTierId: others[0]?.id ?? NaN, metric: 'attributed_sales', threshold: NaN } : null, { shouldDirty: true });
  }

  const thresholdConversion = promotion?.metric === 'approved_posts' ? wholeNumber : moneyConversion(currency);
  const listedCampaigns = (campaigns.data ?? []).filter((c) => c.status !== 'closed' || campaignIds.includes(c.id));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={editing ? 'Edit Tier' : 'New Tier'} description="What pro staff in this tier earn, get in gear each year and see." className="max-w-2xl">
        <form method="post" className="flex flex-col gap-4" onSubmit={form.handleSubmit(save)} noValidate>
          <InputField form={form} name="name" label="Tier name" maxLength={60} placeholder="Field staff, Elite…" />
          <div className="grid gap-4 sm:grid-cols-3">
            <ConvertedField form={form} name="commissionRateBps" label="Commission rate (%)" inputMode="decimal" {...basisPointsConversion} />
            <InputField form={form} name="holdDays" label="Hold period (days)" type="number" min={0} max={365} registerOptions={number} hint="How long an order commission waits before it can be paid." />
            <InputField form={form} name="proPricingPercent" label="Pro pricing (% off)" type="number" min={0} max={100} registerOptions={number} hint="0: no pro-pricing code." />
          </div>
          <fieldset className="flex flex-col gap-3 rounded-lg border border-bark-200 p-3">
            <legend className="px-1 text-sm font-semibold">Gear allotment per year</legend>
            <div className="grid gap-4 sm:grid-cols-3">
              <ConvertedField form={form} name="allotmentMinor" label={`Gear value (${currency})`} inputMode="decimal" placeholder="0.00" convertKey={currency} {...moneyConversion(currency)} hint="0 to give items only (set Items per year)." />
              <InputField form={form} name="currency" label="Currency" maxLength={3} className="uppercase" />
              <InputField form={form} name="itemsPerYear" label="Items per year (optional)" type="number" min={1} max={1000} registerOptions={optionalNumber} />
            </div>
            <InputField form={form} name="renewsOn" label="Renews every year on (MM-DD)" placeholder="08-15" maxLength={5} inputMode="numeric" hint="The allotment starts again on this day." />
          </fieldset>
          <fieldset className="flex flex-col gap-2 rounded-lg border border-bark-200 p-3">
            <legend className="px-1 text-sm font-semibold">Campaigns this tier sees</legend>
            <p className="text-xs text-bark-700">None ticked: all your campaigns.</p>
            {campaigns.isLoading ? <p className="text-sm text-bark-700">Loading your campaigns…</p> : listedCampaigns.length === 0 ? (
              <p className="text-sm text-bark-700">No campaigns yet.</p>
            ) : (
              <div className="grid gap-1 sm:grid-cols-2">
                {listedCampaigns.map((c) => (
                  <label key={c.id} className="flex min-w-0 items-center gap-2 text-sm">
                    <input type="checkbox" className="h-4 w-4 shrink-0" checked={campaignIds.includes(c.id)} onChange={(e) => toggleCampaign(c.id, e.target.checked)} />
                    <span className="break-words">{c.title}</span>
                  </label>
                ))}
              </div>
            )}
            {errors.campaignIds && <p role="alert" className="text-xs text-red-700">{errors.campaignIds.message}</p>}
          </fieldset>
          <fieldset className="flex flex-col gap-3 rounded-lg border border-bark-200 p-3">
            <legend className="px-1 text-sm font-semibold">Promotion</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="h-4 w-4" checked={promotion !== null && promotion !== undefined} disabled={others.length === 0} onChange={(e) => togglePromotion(e.target.checked)} />
              Move pro staff up to another tier when they reach a threshold in a season
            </label>
            {others.length === 0 && <p className="text-xs text-bark-700">Create a second tier to promote to.</p>}
            {promotion && (
              <div className="grid gap-4 sm:grid-cols-3">
                <Field id="promotion.toTierId" label="Promote to" error={errors.promotion?.toTierId?.message}>
                  <Select id="promotion.toTierId" {...form.register('promotion.toTierId', { setValueAs: Number })}>
                    {others.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
                  </Select>
                </Field>
                <SelectField form={form} name="promotion.metric" label="When" options={promotionMetrics} optionLabel={(m) => metricLabels[m]} />
                <ConvertedField
                  form={form}
                  name="promotion.threshold"
                  label={promotion.metric === 'approved_posts' ? 'Reaches (posts)' : `Reaches (${currency})`}
                  inputMode={promotion.metric === 'approved_posts' ? 'numeric' : 'decimal'}
                  convertKey={`${promotion.metric}-${currency}`}
                  {...thresholdConversion}
                />
              </div>
            )}
          </fieldset>
          <FormDialogActions saving={isSubmitting} editing={editing} createLabel="Create Tier" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
