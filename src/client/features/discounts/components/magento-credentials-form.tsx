import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { IntegrationPlatform } from '@shared/contracts/discounts';
import { storeAdminCredentials, type StoreAdminCredentialsInput } from '@shared/contracts/gear';
import { Button } from '@client/components/ui/button';
import { InputField } from '@client/components/ui/form-field';
import { toast } from '@client/components/ui/toast';
import { showServerFieldErrors } from '@client/lib/server-field-errors';
import { toastError } from '@client/lib/toast-error';
import { useSaveStoreCredentials } from '@client/features/gear/api';

// The fourth option of the union is Magento's ({platform, baseUrl, accessToken}); tsc checks the fields used below.
const magentoCredentials = storeAdminCredentials.options[3];
type MagentoInput = z.input<typeof magentoCredentials>;

/** A Magento store's address and integration access token, saved sealed through the store-credentials route (decision record 040). */
export function MagentoCredentialsForm({ platform }: { platform: IntegrationPlatform }) {
  const cleared: MagentoInput = { platform: 'magento', baseUrl: platform.storeUrl ?? '', accessToken: '' };
  const form = useForm<MagentoInput, unknown, StoreAdminCredentialsInput>({ resolver: zodResolver(magentoCredentials), defaultValues: cleared });
  const save = useSaveStoreCredentials();
  const submit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ platformId: platform.id, body });
      toast({ title: 'Magento connected', description: `${platform.name}: its orders are read every few minutes.` });
      form.reset({ ...cleared, baseUrl: form.getValues('baseUrl') });
    } catch (error) {
      showServerFieldErrors(error, form.setError);
      toastError(error, 'Failed to save the Magento credentials.');
    }
  });
  return (
    // method="post" and no action: the token never lands in the address, even before the app has started.
    <form method="post" onSubmit={(event) => void submit(event)} className="flex flex-col gap-3 border-t border-bark-200 pt-4" noValidate autoComplete="off">
      <InputField form={form} name="baseUrl" id={`magento-${platform.id}-base-url`} label="Store address" placeholder="https://shop.example.com" autoCapitalize="none" spellCheck={false} />
      <InputField form={form} name="accessToken" id={`magento-${platform.id}-token`} label="Integration access token" type="password" autoComplete="new-password" hint="System › Extensions › Integrations, with Sales › Operations › Orders and Credit Memos. Saved encrypted, never shown again." />
      <div><Button type="submit" disabled={form.formState.isSubmitting}>{form.formState.isSubmitting ? 'Saving...' : 'Save Magento access'}</Button></div>
    </form>
  );
}
