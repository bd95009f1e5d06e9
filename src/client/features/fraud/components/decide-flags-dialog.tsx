import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { decideFlagsBody, type DecideFlagsBody } from '@shared/contracts/fraud';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { FormDialogActions } from '@client/components/ui/form-dialog-actions';
import { TextareaField } from '@client/components/ui/form-field';
import { toast } from '@client/components/ui/toast';
import { showServerFieldErrors } from '@client/lib/server-field-errors';
import { toastError } from '@client/lib/toast-error';
import { useDecideFlags } from '../api';

export type Decision = 'approve' | 'reject';

/** Approve (commissions restored) or reject (reversed, with the reason the staffer reads) the chosen flags. */
export function DecideFlagsDialog({ ids, decision, onOpenChange, onDecided }: { ids: number[]; decision: Decision | null; onOpenChange(open: boolean): void; onDecided(): void }) {
  const decide = useDecideFlags();
  const form = useForm<DecideFlagsBody, unknown, z.output<typeof decideFlagsBody>>({ resolver: zodResolver(decideFlagsBody), defaultValues: { flagIds: ids, decision: decision ?? 'approve', reason: '' } });
  const approve = decision === 'approve';
  const { reset } = form;

  useEffect(() => {
    if (decision) reset({ flagIds: ids, decision, reason: '' });
  }, [ids, decision, reset]);

  async function send(values: z.output<typeof decideFlagsBody>) {
    try {
      const result = await decide.mutateAsync(approve ? { flagIds: values.flagIds, decision: 'approve' } : values);
      toast({ title: approve ? 'Approved' : 'Rejected', description: `${result.decided} flagged ${result.decided === 1 ? 'order' : 'orders'} ${approve ? 'approved: the commission is payable again' : 'rejected: the commission is reversed and the pro staffer told why'}.` });
      onDecided();
      onOpenChange(false);
    } catch (error) {
      showServerFieldErrors(error, form.setError);
      toastError(error, 'Failed to decide the flagged orders.');
    }
  }

  const count = `${ids.length} flagged ${ids.length === 1 ? 'order' : 'orders'}`;
  return (
    <Dialog open={decision !== null} onOpenChange={onOpenChange}>
      <DialogContent
        title={approve ? `Approve ${count}` : `Reject ${count}`}
        description={approve ? 'The held commissions become payable as usual.' : 'The commissions are reversed in the ledger. Each pro staffer sees your reason.'}
      >
        <form method="post" className="flex flex-col gap-4" onSubmit={form.handleSubmit(send)} noValidate>
          {!approve && <TextareaField form={form} name="reason" id="flag-reason" label="Reason the pro staffer will see" rows={3} maxLength={500} describeError />}
          {form.formState.errors.flagIds && <p role="alert" className="text-sm text-red-800">{form.formState.errors.flagIds.message}</p>}
          <FormDialogActions saving={form.formState.isSubmitting} editing={false} createLabel={approve ? 'Approve' : 'Reject'} onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
