import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { EXCLUSIVITY_CONFLICT, exclusivityCategories, exclusivityCategoryLabels, type Agreement } from '@shared/contracts/agreements';
import { formatMinorUnits, parseMinorUnits } from '@shared/currency';
import { UpgradeLink, upgradeToastLink, upgradeUrlOf } from '@client/components/plan-limit';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { FormDialogActions } from '@client/components/ui/form-dialog-actions';
import { InputField, TextareaField } from '@client/components/ui/form-field';
import { Select } from '@client/components/ui/input';
import { Field } from '@client/components/ui/label';
import { toast } from '@client/components/ui/toast';
import { ApiError, describeError } from '@client/lib/api';
import { useOfferAgreement, useProStaffChoices, useReviseAgreement } from '../api';

const day = z.iso.date('Enter a date');
const whole = (what: string) => z.number(`Enter the number of ${what}`).int('Use a whole number').min(0, 'Cannot be negative').max(1000, 'At most 1000');

const formSchema = z
  .object({
    proStaffId: z.string(),
    startDate: day,
    endDate: day,
    commissionPercent: z.number('Enter a commission rate').min(0, 'Use 0 to 100').max(100, 'Use 0 to 100'),
    currency: z.string().trim().regex(/^[A-Za-z]{3}$/, 'Use an ISO 4217 currency code like USD'),
    gearAllowance: z.string().trim(),
    proDealDiscountPercent: z.number('Enter a percent').int('Use a whole percent').min(0, 'Use 0 to 100').max(100, 'Use 0 to 100'),
    duties: z.string().trim().max(2000, 'Duties must be at most 2000 characters'),
    postsPerTerm: whole('posts'),
    eventsPerTerm: whole('events'),
    fieldTestReportsPerTerm: whole('field test reports'),
    exclusivityCategory: z.union([z.literal(''), z.enum(exclusivityCategories)]),
  })
  .refine((v) => v.endDate > v.startDate, { path: ['endDate'], message: 'End date must be after the start date' })
  .refine((v) => v.gearAllowance === '' || parseMinorUnits(v.gearAllowance, v.currency.toUpperCase()) !== null, { path: ['gearAllowance'], message: 'Enter an amount like 250.00' });
type FormValues = z.infer<typeof formSchema>;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function defaultsFor(base: Agreement | null, proStaffId: number | null): FormValues {
  const today = new Date();
  return {
    proStaffId: proStaffId ? String(proStaffId) : '',
    startDate: base?.startDate ?? isoDay(today),
    endDate: base?.endDate ?? isoDay(new Date(today.getTime() + 365 * 86_400_000)),
    commissionPercent: base ? base.commissionRateBps / 100 : 10,
    currency: base?.currency ?? 'USD',
    gearAllowance: base ? formatMinorUnits(base.gearAllowanceMinor, base.currency) : '',
    proDealDiscountPercent: base?.proDealDiscountPercent ?? 0,
    duties: base?.duties ?? '',
    postsPerTerm: base?.postsPerTerm ?? 0,
    eventsPerTerm: base?.eventsPerTerm ?? 0,
    fieldTestReportsPerTerm: base?.fieldTestReportsPerTerm ?? 0,
    exclusivityCategory: base?.exclusivityCategory ?? '',
  };
}

/** The server's field names → the form's. */
const fieldOf: Record<string, keyof FormValues> = { commissionRateBps: 'commissionPercent', gearAllowanceMinor: 'gearAllowance' };

/**
 * Offer an agreement (no `base`) or propose new terms for an active one (`base`: a new version the staffer
 * accepts). An exclusive offer to a staffer with a conflicting exclusive agreement comes back as a warning that
 * names no brand; "Send Anyway" sends it with `acknowledgeConflict`.
 */
export function OfferDialog({ open, onOpenChange, base, onSent }: { open: boolean; onOpenChange(open: boolean): void; base: Agreement | null; onSent?(agreement: Agreement): void }) {
  const revising = base !== null;
  const offer = useOfferAgreement();
  const revise = useReviseAgreement();
  const choices = useProStaffChoices(open && !revising);
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: defaultsFor(base, base?.proStaffId ?? null) });
  const { errors, isSubmitting } = form.formState;
  const [conflictWarning, setConflictWarning] = useState<string | null>(null);
  const [limit, setLimit] = useState<{ message: string; url: string } | null>(null);

  useEffect(() => {
    if (open) {
      form.reset(defaultsFor(base, base?.proStaffId ?? null));
      setConflictWarning(null);
      setLimit(null);
    }
  }, [open, base, form]);

  async function send(values: FormValues, acknowledgeConflict: boolean) {
    if (!revising && !values.proStaffId) {
      form.setError('proStaffId', { message: 'Choose a pro staffer' });
      return;
    }
    const currency = values.currency.toUpperCase();
    const terms = {
      startDate: values.startDate,
      endDate: values.endDate,
      commissionRateBps: Math.round(values.commissionPercent * 100),
      gearAllowanceMinor: values.gearAllowance === '' ? 0 : (parseMinorUnits(values.gearAllowance, currency) ?? 0),
      currency,
      proDealDiscountPercent: values.proDealDiscountPercent,
      duties: values.duties,
      postsPerTerm: values.postsPerTerm,
      eventsPerTerm: values.eventsPerTerm,
      fieldTestReportsPerTerm: values.fieldTestReportsPerTerm,
      exclusivityCategory: values.exclusivityCategory || null,
      acknowledgeConflict,
    };
    try {
      const sent = revising
        ? await revise.mutateAsync({ id: base.id, body: terms })
        : await offer.mutateAsync({ proStaffId: Number(values.proStaffId), ...terms });
      toast({ title: 'Success', description: revising ? 'New terms sent. The current terms stay in force until they are accepted.' : 'Agreement offer sent.' });
      onOpenChange(false);
      onSent?.(sent);
    } catch (error) {
      if (error instanceof ApiError && (error.details as { reason?: string } | undefined)?.reason === EXCLUSIVITY_CONFLICT) {
        setConflictWarning(error.serverMessage ?? 'This pro staffer has a conflicting exclusive agreement.');
        return;
      }
      const upgradeUrl = upgradeUrlOf(error);
      if (upgradeUrl) setLimit({ message: describeError(error), url: upgradeUrl });
      if (error instanceof ApiError && Array.isArray(error.details)) {
        for (const issue of error.details as { path?: string; message?: string }[]) {
          const name = issue.path ? (fieldOf[issue.path] ?? issue.path) : null;
          if (name && name in form.getValues()) form.setError(name as keyof FormValues, { message: issue.message });
        }
      }
      toast({ title: 'Error', description: `Failed to send the agreement. ${describeError(error, '')}`.trim(), variant: 'destructive', link: upgradeToastLink(error) });
    }
  }

  const number = { valueAsNumber: true } as const;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={revising ? 'Change Agreement Terms' : 'Offer Pro Staff Agreement'}
        description={revising ? 'The pro staffer accepts the new terms as a new version; the current terms stay in force until then.' : 'The pro staffer accepts or declines; accepted terms are frozen.'}
        className="max-h-[90vh] overflow-y-auto"
      >
        <form className="flex flex-col gap-4" onSubmit={form.handleSubmit((values) => send(values, false))} noValidate>
          {!revising && (
            <Field id="proStaffId" label="Pro staffer" error={errors.proStaffId?.message} hint={choices.isError ? 'Could not load pro staff.' : undefined}>
              <Select id="proStaffId" aria-invalid={Boolean(errors.proStaffId)} {...form.register('proStaffId')}>
                <option value="">Choose a pro staffer</option>
                {(choices.data ?? []).map((p) => <option key={p.id} value={String(p.id)}>{p.name}</option>)}
              </Select>
            </Field>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField form={form} name="startDate" label="Start date" type="date" />
            <InputField form={form} name="endDate" label="End date" type="date" />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField form={form} name="commissionPercent" label="Commission on their codes (%)" type="number" step="0.01" min="0" max="100" registerOptions={number} />
            <InputField form={form} name="proDealDiscountPercent" label="Pro-deal discount (%)" type="number" step="1" min="0" max="100" registerOptions={number} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField form={form} name="gearAllowance" label="Gear allowance per term" inputMode="decimal" placeholder="0.00" />
            <InputField form={form} name="currency" label="Currency" maxLength={3} className="uppercase" />
          </div>
          <TextareaField form={form} name="duties" label="Duties" hint="What the pro staffer does for you during the term." className="min-h-20" />
          <div className="grid gap-4 sm:grid-cols-3">
            <InputField form={form} name="postsPerTerm" label="Posts per term" type="number" min="0" registerOptions={number} />
            <InputField form={form} name="eventsPerTerm" label="Events per term" type="number" min="0" registerOptions={number} />
            <InputField form={form} name="fieldTestReportsPerTerm" label="Field test reports" type="number" min="0" registerOptions={number} />
          </div>
          <Field id="exclusivityCategory" label="Exclusivity" error={errors.exclusivityCategory?.message} hint="An exclusive staffer does not promote another brand in this category.">
            <Select id="exclusivityCategory" {...form.register('exclusivityCategory')}>
              <option value="">Not exclusive</option>
              {exclusivityCategories.map((c) => <option key={c} value={c}>{exclusivityCategoryLabels[c]}</option>)}
            </Select>
          </Field>
          {conflictWarning && (
            <div role="alert" className="rounded-md border border-orange-200 bg-orange-50 p-3 text-sm text-orange-900">
              <p>{conflictWarning}</p>
              <Button type="button" variant="outline" size="sm" className="mt-2" disabled={isSubmitting} onClick={form.handleSubmit((values) => send(values, true))}>
                Send Anyway
              </Button>
            </div>
          )}
          {limit && (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              {limit.message} <UpgradeLink to={limit.url} onClick={() => onOpenChange(false)} />
            </p>
          )}
          <FormDialogActions saving={isSubmitting} editing={false} createLabel={revising ? 'Send New Terms' : 'Send Offer'} onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
