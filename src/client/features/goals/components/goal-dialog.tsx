import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { goalForm, goalFormToTargets, type Goal, type GoalForm } from '@shared/contracts/goals';
import { DEFAULT_CURRENCY, formatMinorUnits } from '@shared/currency';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { FormDialogActions } from '@client/components/ui/form-dialog-actions';
import { InputField } from '@client/components/ui/form-field';
import { toast } from '@client/components/ui/toast';
import { ApiError, describeError } from '@client/lib/api';
import { useCreateGoal, useUpdateGoal } from '../api';

function defaultsFor(goal: Goal | null): GoalForm {
  const t = goal?.targets;
  const count = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    salesTarget: t?.salesTargetMinor !== null && t?.salesTargetMinor !== undefined && t.salesCurrency ? formatMinorUnits(t.salesTargetMinor, t.salesCurrency) : '',
    salesCurrency: t?.salesCurrency ?? DEFAULT_CURRENCY,
    postsTarget: count(t?.postsTarget),
    eventsTarget: count(t?.eventsTarget),
    reportsTarget: count(t?.reportsTarget),
  };
}

/** Maps the API's field names back onto the form's (the sales amount is typed in major units). */
const formPath: Record<string, keyof GoalForm> = { salesTargetMinor: 'salesTarget', salesCurrency: 'salesCurrency', postsTarget: 'postsTarget', eventsTarget: 'eventsTarget', reportsTarget: 'reportsTarget' };

/**
 * Set Goal (a new goal for `staffer` in `seasonId`) or Edit Goal (`goal`). Empty fields are no target; at least one
 * target is needed; the sales target is in the chosen currency and only sales in it count (decision record 033).
 */
export function GoalDialog({ open, onOpenChange, seasonId, staffer, goal }: { open: boolean; onOpenChange(open: boolean): void; seasonId: number; staffer: { proStaffId: number; name: string }; goal: Goal | null }) {
  const create = useCreateGoal();
  const update = useUpdateGoal();
  const form = useForm<GoalForm>({ resolver: zodResolver(goalForm), defaultValues: defaultsFor(goal) });

  useEffect(() => {
    if (open) form.reset(defaultsFor(goal));
  }, [open, goal, form]);

  async function save(values: GoalForm) {
    const targets = goalFormToTargets(values);
    try {
      if (goal) await update.mutateAsync({ id: goal.id, body: targets });
      else await create.mutateAsync({ seasonId, body: { proStaffId: staffer.proStaffId, ...targets } });
      toast({ title: 'Success', description: `Goal saved for ${staffer.name}.` });
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && Array.isArray(error.details)) {
        for (const issue of error.details as { path?: string; message?: string }[]) {
          if (issue.path) form.setError(formPath[issue.path] ?? 'root', { message: issue.message });
        }
      }
      toast({ title: 'Error', description: `Failed to save the goal. ${describeError(error, '')}`.trim(), variant: 'destructive' });
    }
  }

  const { errors } = form.formState;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={goal ? `Edit Goal: ${staffer.name}` : `Set Goal: ${staffer.name}`} description="Leave a field empty for no target. The goal is reached when every target you set is met.">
        <form className="flex flex-col gap-4" onSubmit={form.handleSubmit(save)} noValidate>
          <div className="grid gap-4 grid-cols-[1fr_6rem]">
            <InputField form={form} name="salesTarget" label="Attributed sales target" inputMode="decimal" placeholder="1500.00" hint="Orders through their discount codes, after refunds." />
            <InputField form={form} name="salesCurrency" label="Currency" maxLength={3} autoCapitalize="characters" />
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <InputField form={form} name="postsTarget" label="Approved posts" inputMode="numeric" />
            <InputField form={form} name="eventsTarget" label="Events" inputMode="numeric" />
            <InputField form={form} name="reportsTarget" label="Field-test reports" inputMode="numeric" />
          </div>
          {errors.root && <p role="alert" className="text-sm text-red-800">{errors.root.message}</p>}
          <FormDialogActions saving={form.formState.isSubmitting} editing={goal !== null} createLabel="Set Goal" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
