import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { placeInTier, type ProgramTier } from '@shared/contracts/gear';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { FormDialogActions } from '@client/components/ui/form-dialog-actions';
import { TextareaField } from '@client/components/ui/form-field';
import { Select } from '@client/components/ui/input';
import { Field } from '@client/components/ui/label';
import { toast } from '@client/components/ui/toast';
import { showServerFieldErrors } from '@client/lib/server-field-errors';
import { toastError } from '@client/lib/toast-error';
import { useActiveAgreements } from '@client/features/agreements';
import { usePlaceInTier } from '../api';

/** The shared body and the staffer it is for (the path parameter). */
const placeForm = placeInTier.extend({ proStaffId: z.number('Choose a pro staffer').int('Choose a pro staffer').positive('Choose a pro staffer') });
type PlaceInput = z.input<typeof placeForm>;
type PlaceOutput = z.output<typeof placeForm>;
const defaultsFor = (proStaffId: number | null, tierId: number | undefined): PlaceInput => ({ proStaffId: proStaffId ?? NaN, tierId: tierId ?? NaN, reason: '' });

/** Places a rostered pro staffer in a tier, or moves them to another; the reason goes into the agreement history. */
export function PlaceStaffDialog({ open, onOpenChange, tiers, proStaffId }: { open: boolean; onOpenChange(open: boolean): void; tiers: ProgramTier[]; proStaffId: number | null }) {
  const roster = useActiveAgreements(open);
  const place = usePlaceInTier();
  const form = useForm<PlaceInput, unknown, PlaceOutput>({ resolver: zodResolver(placeForm), defaultValues: defaultsFor(proStaffId, tiers[0]?.id) });
  const { errors, isSubmitting } = form.formState;

  // Keyed on the first tier's id, not the list: a list still loading is a new [] on every render.
  const firstTierId = tiers[0]?.id;
  useEffect(() => {
    if (open) form.reset(defaultsFor(proStaffId, firstTierId));
  }, [open, proStaffId, firstTierId, form]);

  async function save({ proStaffId: staffer, tierId, reason }: PlaceOutput) {
    try {
      await place.mutateAsync({ proStaffId: staffer, tierId, reason });
      const name = roster.data?.find((a) => a.proStaffId === staffer)?.proStaffName ?? 'The pro staffer';
      toast({ title: 'Tier changed', description: `${name} is now in ${tiers.find((t) => t.id === tierId)?.name ?? 'the tier'}.` });
      onOpenChange(false);
    } catch (error) {
      showServerFieldErrors(error, form.setError);
      toastError(error, 'Failed to change the tier.');
    }
  }

  const staff = roster.data ?? [];
  // Controlled selects: the roster arrives after the reset (Change tier names the staffer), and an uncontrolled select
  // would then show "Choose a pro staffer" while the form holds the staffer.
  const [chosenStaffer, chosenTier] = form.watch(['proStaffId', 'tierId']);
  const shown = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? '' : value);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Place in a tier" description="Only pro staff on your roster (with an active agreement) can be placed.">
        <form method="post" className="flex flex-col gap-4" onSubmit={form.handleSubmit(save)} noValidate>
          <Field id="place-proStaffId" label="Pro staffer" error={errors.proStaffId?.message} hint={roster.isLoading ? 'Loading your roster…' : staff.length === 0 ? 'Nobody is on your roster yet.' : undefined}>
            <Select id="place-proStaffId" aria-invalid={Boolean(errors.proStaffId)} {...form.register('proStaffId', { setValueAs: (v) => (v === '' ? NaN : Number(v)) })} value={shown(chosenStaffer)}>
              <option value="">Choose a pro staffer</option>
              {staff.map((a) => <option key={a.proStaffId} value={a.proStaffId}>{a.proStaffName}</option>)}
            </Select>
          </Field>
          <Field id="place-tierId" label="Tier" error={errors.tierId?.message}>
            <Select id="place-tierId" {...form.register('tierId', { setValueAs: Number })} value={shown(chosenTier)}>
              {tiers.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
            </Select>
          </Field>
          <TextareaField form={form} name="reason" id="place-reason" label="Reason (optional)" rows={2} maxLength={500} hint="Kept in the agreement history." />
          <FormDialogActions saving={isSubmitting} editing={false} createLabel="Place in Tier" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
