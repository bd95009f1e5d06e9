import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ALL_PLATFORMS, discountCodeValue, discountTypes, type DiscountCode, type IntegrationPlatform } from '@shared/contracts/discounts';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { FormDialogActions } from '@client/components/ui/form-dialog-actions';
import { Select } from '@client/components/ui/input';
import { Field } from '@client/components/ui/label';
import { InputField, TextareaField } from '@client/components/ui/form-field';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { useCreateCode, useProStaffOptions, useUpdateCode } from '../api';
import { fromLocalInput, toLocalInput } from '../format';
import { upgradeToastLink } from '@client/components/plan-limit';

const optionalNumber = z.union([z.number().min(0, 'Use 0 to 100').max(100, 'Use 0 to 100'), z.nan()]);

const formSchema = z
  .object({
    code: discountCodeValue,
    description: z.string().trim().min(1, 'Description is required').max(500),
    discountType: z.enum(discountTypes),
    discountValue: z.number('Enter a number').positive('Discount value must be more than 0'),
    platform: z.string().min(1, 'Platform is required'),
    proStaffId: z.string(),
    commissionRate: optionalNumber,
    expiresAt: z.string().refine((value) => !value || new Date(value).getTime() > Date.now(), 'The expiry must be in the future'),
    webhookUrl: z.union([z.literal(''), z.url('Enter a valid URL')]),
  })
  .refine((v) => v.discountType !== 'percentage' || v.discountValue <= 100, { message: 'A percentage discount cannot exceed 100', path: ['discountValue'] })
  .refine((v) => v.proStaffId !== '' || !(v.commissionRate > 0), { message: 'Choose the pro staff member who earns the commission', path: ['commissionRate'] });
type FormValues = z.infer<typeof formSchema>;

function defaultsFor(code: DiscountCode | null): FormValues {
  return {
    code: code?.code ?? '',
    description: code?.description ?? '',
    discountType: code?.discountType ?? 'percentage',
    discountValue: code?.discountValue ?? Number.NaN,
    platform: code?.platform ?? ALL_PLATFORMS,
    proStaffId: code?.proStaffId ? String(code.proStaffId) : '',
    commissionRate: code?.proStaffId ? code.commissionRate : Number.NaN,
    expiresAt: toLocalInput(code?.expiresAt ?? null),
    webhookUrl: code?.webhookUrl ?? '',
  };
}

/** Create Code (no `code` given) or edit an existing one. */
export function CodeFormDialog({
  open, onOpenChange, businessId, platforms, code,
}: { open: boolean; onOpenChange(open: boolean): void; businessId: number; platforms: IntegrationPlatform[]; code: DiscountCode | null }) {
  const editing = code !== null;
  const create = useCreateCode(businessId);
  const update = useUpdateCode(businessId);
  const proStaff = useProStaffOptions();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: defaultsFor(code) });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) form.reset(defaultsFor(code));
  }, [open, code, form]);

  async function onSubmit(values: FormValues) {
    const body = {
      code: values.code,
      description: values.description,
      discountType: values.discountType,
      discountValue: values.discountValue,
      platform: values.platform,
      proStaffId: values.proStaffId ? Number(values.proStaffId) : null,
      // Left empty on a new code for a pro staffer: the server uses their agreement's rate, if any (decision record 028).
      commissionRate: values.proStaffId && !Number.isNaN(values.commissionRate) ? values.commissionRate : editing || !values.proStaffId ? 0 : undefined,
      expiresAt: fromLocalInput(values.expiresAt),
      webhookUrl: values.webhookUrl || null,
    };
    try {
      if (editing) {
        await update.mutateAsync({ id: code.id, body });
        toast({ title: 'Success', description: 'Discount code updated successfully.' });
      } else {
        await create.mutateAsync({ ...body, isActive: true });
        toast({ title: 'Success', description: 'Discount code created successfully.' });
      }
      onOpenChange(false);
    } catch (error) {
      const failed = editing ? 'Failed to update discount code.' : 'Failed to create discount code.';
      toast({ title: 'Error', description: `${failed} ${describeError(error, '')}`.trim(), variant: 'destructive', link: upgradeToastLink(error) });
    }
  }

  const platformNames = [ALL_PLATFORMS, ...new Set(platforms.map((p) => p.name))];
  if (code && !platformNames.includes(code.platform)) platformNames.push(code.platform);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={editing ? `Edit ${code.code}` : 'Create Discount Code'} description="Give a pro staffer their own code to share; orders that use it earn them a commission.">
        <form className="flex flex-col gap-4" onSubmit={form.handleSubmit(onSubmit)} noValidate>
          <InputField form={form} name="code" label="Code" hint="Letters, numbers, dashes; stored in capitals." className="font-mono uppercase" />
          <TextareaField form={form} name="description" label="Description" className="min-h-16" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="discountType" label="Discount type" error={errors.discountType?.message}>
              <Select id="discountType" {...form.register('discountType')}>
                <option value="percentage">Percentage</option>
                <option value="fixed">Fixed amount (USD)</option>
              </Select>
            </Field>
            <InputField form={form} name="discountValue" label="Discount value" type="number" step="0.01" min="0" registerOptions={{ valueAsNumber: true }} />
          </div>
          <Field id="platform" label="Platform" error={errors.platform?.message} hint="Restrict the code to one connected store, or allow it everywhere.">
            <Select id="platform" {...form.register('platform')}>
              {platformNames.map((name) => <option key={name} value={name}>{name}</option>)}
            </Select>
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="proStaffId" label="Pro staff owner" error={errors.proStaffId?.message} hint={proStaff.isError ? 'Could not load pro staff.' : undefined}>
              <Select id="proStaffId" {...form.register('proStaffId')}>
                <option value="">No owner</option>
                {(proStaff.data ?? []).map((p) => <option key={p.id} value={String(p.id)}>{p.name}</option>)}
              </Select>
            </Field>
            <InputField form={form} name="commissionRate" label="Commission (% of order value)" hint={editing ? undefined : 'Empty: their agreement rate, if they have one.'} type="number" step="0.01" min="0" max="100" registerOptions={{ valueAsNumber: true }} />
          </div>
          <InputField form={form} name="expiresAt" label="Expires (optional)" type="datetime-local" />
          <InputField form={form} name="webhookUrl" label="Webhook URL (optional)" type="url" placeholder="https://" />
          <FormDialogActions saving={isSubmitting} editing={editing} createLabel="Create Code" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
