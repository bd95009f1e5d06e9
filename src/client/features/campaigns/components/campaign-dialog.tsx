import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { campaignAudienceLabels, campaignAudiences, campaignFields, type CampaignDetail, type CampaignFields, type CampaignFieldsInput } from '@shared/contracts/campaigns';
import { UpgradeLink, upgradeToastLink, upgradeUrlOf } from '@client/components/plan-limit';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { FormDialogActions } from '@client/components/ui/form-dialog-actions';
import { InputField, SelectField, TextareaField } from '@client/components/ui/form-field';
import { toast } from '@client/components/ui/toast';
import { ApiError, describeError } from '@client/lib/api';
import { useActiveAgreements } from '@client/features/agreements';
import { useCreateCampaign, useUpdateCampaign } from '../api';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function defaultsFor(base: CampaignDetail | null): CampaignFieldsInput {
  const today = new Date();
  return {
    title: base?.title ?? '',
    brief: base?.brief ?? '',
    opensOn: base?.opensOn ?? isoDay(today),
    closesOn: base?.closesOn ?? isoDay(new Date(today.getTime() + 30 * 86_400_000)),
    audience: base?.audience ?? 'roster',
    memberIds: base?.members.map((m) => m.proStaffId) ?? [],
  };
}

/**
 * New Campaign (no `base`) or Edit Campaign (a scheduled one). The shared `campaignFields` schema validates the form;
 * "Selected pro staff" lists the business's roster (active agreements, decision record 031).
 */
export function CampaignDialog({ open, onOpenChange, base, onSaved }: { open: boolean; onOpenChange(open: boolean): void; base: CampaignDetail | null; onSaved?(campaign: CampaignDetail): void }) {
  const editing = base !== null;
  const create = useCreateCampaign();
  const update = useUpdateCampaign();
  const roster = useActiveAgreements(open);
  const form = useForm<CampaignFieldsInput, unknown, CampaignFields>({ resolver: zodResolver(campaignFields), defaultValues: defaultsFor(base) });
  const { errors, isSubmitting } = form.formState;
  const [limit, setLimit] = useState<{ message: string; url: string } | null>(null);
  const audience = form.watch('audience');
  const memberIds = form.watch('memberIds') ?? [];

  useEffect(() => {
    if (open) {
      form.reset(defaultsFor(base));
      setLimit(null);
    }
  }, [open, base, form]);

  function toggleMember(id: number, checked: boolean) {
    const next = checked ? [...memberIds, id] : memberIds.filter((m) => m !== id);
    form.setValue('memberIds', next, { shouldValidate: form.formState.isSubmitted });
  }

  async function save(values: CampaignFields) {
    try {
      const saved = editing ? await update.mutateAsync({ id: base.id, body: values }) : await create.mutateAsync(values);
      toast({ title: 'Success', description: editing ? 'Campaign saved.' : saved.status === 'open' ? 'Campaign created and open: your pro staff were notified.' : 'Campaign scheduled.' });
      onOpenChange(false);
      onSaved?.(saved);
    } catch (error) {
      const upgradeUrl = upgradeUrlOf(error);
      if (upgradeUrl) setLimit({ message: describeError(error), url: upgradeUrl });
      if (error instanceof ApiError && Array.isArray(error.details)) {
        for (const issue of error.details as { path?: string; message?: string }[]) {
          if (issue.path && issue.path in form.getValues()) form.setError(issue.path as keyof CampaignFieldsInput, { message: issue.message });
        }
      }
      toast({ title: 'Error', description: `Failed to save the campaign. ${describeError(error, '')}`.trim(), variant: 'destructive', link: upgradeToastLink(error) });
    }
  }

  const staff = (roster.data ?? []).map((a) => ({ id: a.proStaffId, name: a.proStaffName }));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={editing ? 'Edit Campaign' : 'New Campaign'}
        description="Your pro staff see the brief and the content library from the day it opens, and are notified then."
        className="max-h-[90vh] overflow-y-auto"
      >
        <form className="flex flex-col gap-4" onSubmit={form.handleSubmit(save)} noValidate>
          <InputField form={form} name="title" label="Title" maxLength={120} />
          <TextareaField form={form} name="brief" label="Brief" rows={5} hint="What you want your pro staff to do, and by when." />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField form={form} name="opensOn" label="Opens on" type="date" />
            <InputField form={form} name="closesOn" label="Closes on" type="date" hint="Closed from this day on." />
          </div>
          <SelectField form={form} name="audience" label="Audience" options={campaignAudiences} optionLabel={(value) => campaignAudienceLabels[value]} />
          {audience === 'selected' && (
            <fieldset className="flex flex-col gap-2" aria-describedby={errors.memberIds ? 'memberIds-error' : undefined}>
              <legend className="text-sm font-medium">Pro staff on your roster</legend>
              {roster.isLoading ? <p className="text-sm text-bark-700">Loading your roster…</p> : staff.length === 0 ? (
                <p className="text-sm text-bark-700">Nobody is on your roster yet: pro staff join it when they accept an agreement.</p>
              ) : (
                staff.map((s) => (
                  <label key={s.id} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" className="h-4 w-4" checked={memberIds.includes(s.id)} onChange={(e) => toggleMember(s.id, e.target.checked)} />
                    {s.name}
                  </label>
                ))
              )}
              {errors.memberIds && <p id="memberIds-error" role="alert" className="text-sm text-red-800">{errors.memberIds.message}</p>}
            </fieldset>
          )}
          {limit && (
            <p role="alert" className="rounded-md border border-orange-200 bg-orange-50 p-3 text-sm text-orange-900">
              {limit.message} <UpgradeLink to={limit.url} onClick={() => onOpenChange(false)} />
            </p>
          )}
          <FormDialogActions saving={isSubmitting} editing={editing} createLabel="Create Campaign" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
