import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createPlatformBody, platformTypeLabels, platformTypes, type CreatePlatformBody, type IntegrationPlatformWithSecrets } from '@shared/contracts/discounts';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { Input, Select } from '@client/components/ui/input';
import { Field } from '@client/components/ui/label';
import { InputField } from '@client/components/ui/form-field';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { useCreatePlatform } from '../api';
import { upgradeToastLink } from '@client/components/plan-limit';

type FormValues = { name: string; platformType: CreatePlatformBody['platformType']; storeUrl: string; webhookUrl: string; webhookSecret: string };
const empty: FormValues = { name: '', platformType: 'shopify', storeUrl: '', webhookUrl: '', webhookSecret: '' };

export function PlatformFormDialog({
  open, onOpenChange, businessId, onCreated,
}: { open: boolean; onOpenChange(open: boolean): void; businessId: number; onCreated(platform: IntegrationPlatformWithSecrets): void }) {
  const create = useCreatePlatform(businessId);
  const form = useForm<FormValues>({ resolver: zodResolver(createPlatformBody) as never, defaultValues: empty });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) form.reset(empty);
  }, [open, form]);

  async function onSubmit(values: FormValues) {
    try {
      const platform = await create.mutateAsync({ ...values, isActive: true });
      toast({ title: 'Success', description: 'Integration platform added successfully.' });
      onOpenChange(false);
      onCreated(platform);
    } catch (error) {
      toast({ title: 'Error', description: `Failed to add integration platform. ${describeError(error, '')}`.trim(), variant: 'destructive', link: upgradeToastLink(error) });
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Add Integration Platform" description="We generate an API key and a webhook secret for this store. The key is shown once.">
        <form className="flex flex-col gap-4" onSubmit={form.handleSubmit(onSubmit)} noValidate>
          <InputField form={form} name="name" id="platform-name" label="Name" placeholder="Main web store" />
          <Field id="platformType" label="Platform type" error={errors.platformType?.message}>
            <Select id="platformType" {...form.register('platformType')}>
              {platformTypes.map((type) => <option key={type} value={type}>{platformTypeLabels[type]}</option>)}
            </Select>
          </Field>
          <InputField form={form} name="storeUrl" label="Store URL (optional)" hint="Browser calls with your key are accepted only from this address; pro staff QR cards open it." type="url" placeholder="https://shop.example.com" />
          <InputField form={form} name="webhookUrl" id="platform-webhookUrl" label="Webhook URL (optional)" type="url" placeholder="https://" />
          <Field
            id="webhookSecret"
            label="Store signing secret (optional)"
            error={errors.webhookSecret?.message}
            hint="Shopify signs webhooks with its own secret (Settings > Notifications > Webhooks): paste it here. Leave empty to have one generated."
          >
            <Input id="webhookSecret" autoComplete="off" aria-invalid={Boolean(errors.webhookSecret)} {...form.register('webhookSecret')} />
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>Cancel</Button>
            <Button type="submit" disabled={isSubmitting}>{isSubmitting ? 'Adding...' : 'Add Platform'}</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
