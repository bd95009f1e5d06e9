import { useEffect } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  createPromotionBody,
  DEFAULT_COST_PER_CLICK,
  promotionAudienceLabels,
  promotionAudiences,
  promotionTypeLabels,
  promotionTypes,
  type CreatePromotionInput,
  type Promotion,
  type PromotionAudience,
  type PromotionSpecialty,
  type PromotionType,
} from '@shared/contracts/promotions';
import { promotionSpecialties } from '@shared/specialties';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { FormDialogActions } from '@client/components/ui/form-dialog-actions';
import { InputField, SelectField, TextareaField } from '@client/components/ui/form-field';
import { toast } from '@client/components/ui/toast';
import { todayUtc } from '../format';

export type PromotionFormValues = {
  title: string;
  promotionType: PromotionType;
  description: string;
  targetUrl: string;
  imageUrl: string;
  targetAudience: PromotionAudience;
  targetSpecialties: PromotionSpecialty[];
  targetLocation: string;
  budget: string;
  dailyBudget: string;
  costPerClick: string;
  startDate: string;
  endDate: string;
};

const emptyValues = (): PromotionFormValues => ({
  title: '', promotionType: 'banner', description: '', targetUrl: '', imageUrl: '', targetAudience: 'all_pro_staff',
  targetSpecialties: [], targetLocation: '', budget: '', dailyBudget: '', costPerClick: DEFAULT_COST_PER_CLICK,
  startDate: todayUtc(), endDate: '',
});

function valuesFor(promotion: Promotion | null): PromotionFormValues {
  if (!promotion) return emptyValues();
  return {
    title: promotion.title, promotionType: promotion.promotionType, description: promotion.description,
    targetUrl: promotion.targetUrl ?? '', imageUrl: promotion.imageUrl ?? '', targetAudience: promotion.targetAudience,
    targetSpecialties: promotion.targetSpecialties as PromotionSpecialty[], targetLocation: promotion.targetLocation ?? '', budget: promotion.budget,
    dailyBudget: promotion.dailyBudget ?? '', costPerClick: promotion.costPerClick, startDate: promotion.startDate, endDate: promotion.endDate,
  };
}

export function PromotionFormDialog({
  open,
  onOpenChange,
  promotion,
  pending,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The promotion being edited; null to create. */
  promotion: Promotion | null;
  pending: boolean;
  /** Gets the values as typed (decimal text, YYYY-MM-DD); resolves true when saved. */
  onSubmit: (values: PromotionFormValues) => Promise<boolean>;
}) {
  const form = useForm<PromotionFormValues, unknown, CreatePromotionInput>({
    // The same rules the server applies; the form keeps text values, which the contract accepts.
    resolver: zodResolver(createPromotionBody) as unknown as Resolver<PromotionFormValues, unknown, CreatePromotionInput>,
    defaultValues: valuesFor(promotion),
  });
  const { errors } = form.formState;
  const audience = form.watch('targetAudience');
  const chosen = form.watch('targetSpecialties');

  useEffect(() => {
    if (open) form.reset(valuesFor(promotion));
  }, [open, promotion, form]);

  const onInvalid = (invalid: FieldErrors<PromotionFormValues>) => {
    const { startDate, endDate } = form.getValues();
    if ((invalid.startDate || invalid.endDate) && (!startDate || !endDate)) {
      toast({ title: 'Error', description: 'Please select start and end dates', variant: 'destructive' });
    }
  };

  const submit = form.handleSubmit(async () => {
    if (await onSubmit(form.getValues())) onOpenChange(false);
  }, onInvalid);

  const toggleSpecialty = (specialty: PromotionSpecialty, on: boolean) => {
    const next = on ? [...chosen, specialty] : chosen.filter((s) => s !== specialty);
    form.setValue('targetSpecialties', next, { shouldValidate: form.formState.isSubmitted });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-2xl"
        title={promotion ? 'Edit Promotion' : 'Create Promotion'}
        description="Promotions are shown to matching pro staff on their dashboard and job list. You pay the cost per click, up to your budgets."
      >
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField form={form} name="title" id="promotion-title" label="Title" describeError placeholder="e.g. Spring gear sale for pro staff" />
            <SelectField form={form} name="promotionType" id="promotion-promotionType" label="Promotion Type" describeError options={promotionTypes} optionLabel={(type) => promotionTypeLabels[type]} />
          </div>
          <TextareaField form={form} name="description" id="promotion-description" label="Description" describeError placeholder="What should pro staff know?" />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField form={form} name="targetUrl" id="promotion-targetUrl" label="Target URL" hint="Where a click takes the pro staffer." describeError type="url" placeholder="https://" />
            <InputField form={form} name="imageUrl" id="promotion-imageUrl" label="Image URL" describeError type="url" placeholder="https://" />
          </div>
          <SelectField form={form} name="targetAudience" id="promotion-targetAudience" label="Target Audience" describeError options={promotionAudiences} optionLabel={(value) => promotionAudienceLabels[value]} />
          {audience === 'specific_specialties' && (
            <fieldset aria-describedby={errors.targetSpecialties ? 'promotion-targetSpecialties-error' : undefined}>
              <legend className="mb-2 text-sm font-medium">Specialties</legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                {promotionSpecialties.map((specialty) => (
                  <label key={specialty} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="h-4 w-4 accent-forest-700"
                      checked={chosen.includes(specialty)}
                      onChange={(event) => toggleSpecialty(specialty, event.target.checked)}
                    />
                    {specialty}
                  </label>
                ))}
              </div>
              {errors.targetSpecialties && (
                <p id="promotion-targetSpecialties-error" role="alert" className="mt-1 text-xs text-red-700">
                  {errors.targetSpecialties.message ?? 'Choose specialties from the list'}
                </p>
              )}
            </fieldset>
          )}
          {audience === 'location_based' && (
            <InputField form={form} name="targetLocation" id="promotion-targetLocation" label="Target Location" hint='A state ("Montana" or "MT") or a city ("Bozeman, MT").' describeError placeholder="e.g. Montana" />
          )}
          <div className="grid gap-4 sm:grid-cols-3">
            <InputField form={form} name="budget" id="promotion-budget" label="Total Budget ($)" describeError type="number" min="0.01" step="0.01" inputMode="decimal" placeholder="100.00" />
            <InputField form={form} name="dailyBudget" id="promotion-dailyBudget" label="Daily Budget ($)" hint="Optional cap per day." describeError type="number" min="0.01" step="0.01" inputMode="decimal" placeholder="20.00" />
            <InputField form={form} name="costPerClick" id="promotion-costPerClick" label="Cost Per Click ($)" describeError type="number" min="0.01" step="0.01" inputMode="decimal" />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField form={form} name="startDate" id="promotion-startDate" label="Start Date" hint="Promotions run on whole UTC days." describeError type="date" />
            <InputField form={form} name="endDate" id="promotion-endDate" label="End Date" describeError type="date" min={form.watch('startDate') || undefined} />
          </div>
          <FormDialogActions saving={pending} editing={Boolean(promotion)} createLabel="Create Promotion" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
