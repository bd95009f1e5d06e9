import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { seasonFields, type SeasonDetail, type SeasonFields, type SeasonFieldsInput } from '@shared/contracts/goals';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { FormDialogActions } from '@client/components/ui/form-dialog-actions';
import { InputField } from '@client/components/ui/form-field';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { showServerFieldErrors } from '@client/lib/server-field-errors';
import { useCreateSeason, useUpdateSeason } from '../api';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function defaultsFor(base: SeasonDetail | null): SeasonFieldsInput {
  const today = new Date();
  return { name: base?.name ?? '', startsOn: base?.startsOn ?? isoDay(today), endsOn: base?.endsOn ?? isoDay(new Date(today.getTime() + 90 * 86_400_000)) };
}

/** New Season (no `base`) or Edit Season; the shared `seasonFields` schema validates the form (decision record 033). */
export function SeasonDialog({ open, onOpenChange, base, onSaved }: { open: boolean; onOpenChange(open: boolean): void; base: SeasonDetail | null; onSaved?(season: SeasonDetail): void }) {
  const editing = base !== null;
  const create = useCreateSeason();
  const update = useUpdateSeason();
  const form = useForm<SeasonFieldsInput, unknown, SeasonFields>({ resolver: zodResolver(seasonFields), defaultValues: defaultsFor(base) });

  useEffect(() => {
    if (open) form.reset(defaultsFor(base));
  }, [open, base, form]);

  async function save(values: SeasonFields) {
    try {
      const saved = editing ? await update.mutateAsync({ id: base.id, body: values }) : await create.mutateAsync(values);
      toast({ title: 'Success', description: editing ? 'Season saved.' : 'Season created. Set a goal for each of your pro staff.' });
      onOpenChange(false);
      onSaved?.(saved);
    } catch (error) {
      showServerFieldErrors(error, form.setError);
      toast({ title: 'Error', description: `Failed to save the season. ${describeError(error, '')}`.trim(), variant: 'destructive' });
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={editing ? 'Edit Season' : 'New Season'} description="A named range of days, such as “Spring turkey 2027”. Progress counts what happens from its first day to its last.">
        <form className="flex flex-col gap-4" onSubmit={form.handleSubmit(save)} noValidate>
          <InputField form={form} name="name" label="Name" maxLength={80} />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField form={form} name="startsOn" label="First day" type="date" />
            <InputField form={form} name="endsOn" label="Last day" type="date" hint="Included in the season." />
          </div>
          <FormDialogActions saving={form.formState.isSubmitting} editing={editing} createLabel="Create Season" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
