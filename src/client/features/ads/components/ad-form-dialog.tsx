import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  AD_MAX_DURATION_DAYS,
  adAudienceLabels,
  adAudiences,
  adStatuses,
  adTypeLabels,
  adTypes,
  type Advertisement,
  type CreateAdBody,
} from '@shared/contracts/ads';
import { parseMoneyToCents } from '@shared/format';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { FormDialogActions } from '@client/components/ui/form-dialog-actions';
import { InputField, SelectField, TextareaField } from '@client/components/ui/form-field';

const formSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(120),
  description: z.string().trim().min(1, 'Description is required').max(2000),
  adType: z.enum(adTypes, 'Choose an ad type'),
  targetAudience: z.enum(adAudiences, 'Choose a target audience'),
  budget: z
    .string()
    .trim()
    .min(1, 'Budget is required')
    .refine((v) => parseMoneyToCents(v) !== null, 'Enter an amount like 50 or 49.99')
    .refine((v) => (parseMoneyToCents(v) ?? 0) >= 100, 'Budget must be at least $1'),
  duration: z
    .string()
    .trim()
    .min(1, 'Duration is required')
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= AD_MAX_DURATION_DAYS, 'Duration must be 1 to 365 days'),
  contactInfo: z.string().trim().min(1, 'Contact info is required').max(200),
  location: z.string().max(120),
  tags: z.string().max(1000),
  status: z.enum(adStatuses),
});
type FormValues = z.infer<typeof formSchema>;

const emptyValues: FormValues = {
  title: '', description: '', adType: 'collaboration', targetAudience: 'both', budget: '', duration: '30',
  contactInfo: '', location: '', tags: '', status: 'active',
};

function valuesFor(ad: Advertisement | null): FormValues {
  if (!ad) return emptyValues;
  return {
    title: ad.title, description: ad.description, adType: ad.adType, targetAudience: ad.targetAudience,
    budget: (ad.budget / 100).toFixed(2), duration: String(ad.duration), contactInfo: ad.contactInfo,
    location: ad.location ?? '', tags: ad.tags.join(', '), status: ad.status,
  };
}

/** Form values as the API wants them: budget in cents (USD x 100), tags split on commas and trimmed. */
export function toAdBody(values: FormValues): CreateAdBody & { status: FormValues['status'] } {
  return {
    title: values.title,
    description: values.description,
    adType: values.adType,
    targetAudience: values.targetAudience,
    budget: parseMoneyToCents(values.budget)!,
    duration: Number(values.duration),
    contactInfo: values.contactInfo,
    location: values.location.trim() || null,
    tags: values.tags.split(',').map((tag) => tag.trim()).filter(Boolean),
    status: values.status,
  };
}

export function AdFormDialog({
  open,
  onOpenChange,
  ad,
  pending,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The ad being edited; null to create. */
  ad: Advertisement | null;
  pending: boolean;
  onSubmit: (body: ReturnType<typeof toAdBody>) => Promise<boolean>;
}) {
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: valuesFor(ad) });

  useEffect(() => {
    if (open) form.reset(valuesFor(ad));
  }, [open, ad, form]);

  const submit = form.handleSubmit(async (values) => {
    if (await onSubmit(toAdBody(values))) onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={ad ? 'Edit Advertisement' : 'Create Advertisement'}
        description={ad ? 'Update your advertisement details.' : 'Reach businesses and pro staff looking for opportunities like yours.'}
      >
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <InputField form={form} name="title" id="ad-title" label="Title" describeError placeholder="e.g. Seeking elk season pro staff" />
          <TextareaField form={form} name="description" id="ad-description" label="Description" describeError placeholder="What are you offering or looking for?" />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField form={form} name="adType" id="ad-adType" label="Ad Type" describeError options={adTypes} optionLabel={(type) => adTypeLabels[type]} />
            <SelectField form={form} name="targetAudience" id="ad-targetAudience" label="Target Audience" describeError options={adAudiences} optionLabel={(audience) => adAudienceLabels[audience]} />
            <InputField form={form} name="budget" id="ad-budget" label="Budget (USD)" hint="Minimum $1." describeError inputMode="decimal" type="number" min="1" step="0.01" placeholder="100" />
            <InputField form={form} name="duration" id="ad-duration" label="Duration (days)" hint="1 to 365 days." describeError inputMode="numeric" type="number" min="1" max="365" step="1" />
          </div>
          <InputField form={form} name="contactInfo" id="ad-contactInfo" label="Contact Info" describeError placeholder="Email or phone" />
          <InputField form={form} name="location" id="ad-location" label="Location (optional)" describeError placeholder="e.g. Bozeman, MT" />
          <InputField form={form} name="tags" id="ad-tags" label="Tags (optional)" hint="Separate tags with commas." describeError placeholder="elk, archery, montana" />
          {ad && (
            <SelectField form={form} name="status" id="ad-status" label="Status" describeError options={adStatuses} optionLabel={(status) => status[0].toUpperCase() + status.slice(1)} />
          )}
          <FormDialogActions saving={pending} editing={Boolean(ad)} createLabel="Create Advertisement" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
