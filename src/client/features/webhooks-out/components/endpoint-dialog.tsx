import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { createEndpointBody, outgoingEventLabels, outgoingEventTypes, type Endpoint, type EndpointWithSecret } from '@shared/contracts/webhooks-out';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { FormDialogActions } from '@client/components/ui/form-dialog-actions';
import { InputField } from '@client/components/ui/form-field';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { showServerFieldErrors } from '@client/lib/server-field-errors';
import { useCreateEndpoint, useUpdateEndpoint } from '../api';

type Values = z.input<typeof createEndpointBody>;
type Output = z.output<typeof createEndpointBody>;

const defaultsFor = (base: Endpoint | null): Values => ({ url: base?.url ?? '', description: base?.description ?? '', eventTypes: base?.eventTypes ?? [] });

/** Add Endpoint (no `base`) or Edit Endpoint; the shared schema validates it, the server checks where the URL points. */
export function EndpointDialog({ open, onOpenChange, base, onCreated }: { open: boolean; onOpenChange(open: boolean): void; base: Endpoint | null; onCreated(endpoint: EndpointWithSecret): void }) {
  const editing = base !== null;
  const create = useCreateEndpoint();
  const update = useUpdateEndpoint();
  const form = useForm<Values, unknown, Output>({ resolver: zodResolver(createEndpointBody), defaultValues: defaultsFor(base) });

  useEffect(() => {
    if (open) form.reset(defaultsFor(base));
  }, [open, base, form]);

  async function save(values: Output) {
    try {
      if (editing) {
        await update.mutateAsync({ id: base.id, body: values });
        toast({ title: 'Success', description: 'Endpoint saved.' });
      } else {
        onCreated(await create.mutateAsync(values));
      }
      onOpenChange(false);
    } catch (error) {
      showServerFieldErrors(error, form.setError);
      toast({ title: 'Error', description: `Failed to save the endpoint. ${describeError(error, '')}`.trim(), variant: 'destructive' });
    }
  }

  const eventsError = form.formState.errors.eventTypes;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={editing ? 'Edit Endpoint' : 'Add Endpoint'} description="HuntStaff sends each chosen event to this URL as a signed POST.">
        <form className="flex flex-col gap-4" onSubmit={form.handleSubmit(save)} noValidate>
          <InputField form={form} name="url" label="Endpoint URL" type="url" placeholder="https://erp.example.com/hooks/huntstaff" hint="https:// and a public address." />
          <InputField form={form} name="description" label="Description" maxLength={200} />
          <fieldset aria-describedby={eventsError ? 'eventTypes-error' : undefined}>
            <legend className="text-sm font-medium">Events to send</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {outgoingEventTypes.map((type) => (
                <label key={type} className="flex items-start gap-2 text-sm">
                  <input type="checkbox" value={type} className="mt-1 h-4 w-4" {...form.register('eventTypes')} />
                  <span>
                    {outgoingEventLabels[type]}
                    <code className="block text-xs text-bark-700">{type}</code>
                  </span>
                </label>
              ))}
            </div>
            {eventsError && <p id="eventTypes-error" role="alert" className="mt-1 text-sm text-red-700">{eventsError.message ?? eventsError.root?.message}</p>}
          </fieldset>
          <FormDialogActions saving={form.formState.isSubmitting} editing={editing} createLabel="Add Endpoint" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
