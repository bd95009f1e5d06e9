import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { IntegrationPlatform } from '@shared/contracts/discounts';
import { storeAdminCredentials, type StoreAdminCredentialsInput } from '@shared/contracts/gear';
import { squarespaceSubscriptionPath, type SquarespaceSubscription } from '@shared/contracts/squarespace';
import { Button } from '@client/components/ui/button';
import { InputField } from '@client/components/ui/form-field';
import { toast } from '@client/components/ui/toast';
import { apiRequest, getJson } from '@client/lib/api';
import { useRefreshingMutation } from '@client/lib/mutations';
import { showServerFieldErrors } from '@client/lib/server-field-errors';
import { toastError } from '@client/lib/toast-error';
import { useSaveStoreCredentials } from '@client/features/gear/api';

const squarespaceKey = storeAdminCredentials.options.find((option) => option.shape.platform.value === 'squarespace')!;
type KeyInput = z.input<typeof squarespaceKey>;

/**
 * A Squarespace platform's connection (decision record 040): its API key, saved sealed through the store-credentials
 * route, and Subscribe, which has Squarespace send order notifications to this platform's webhook URL.
 */
export function SquarespaceConnect({ platform }: { platform: IntegrationPlatform }) {
  const path = squarespaceSubscriptionPath(platform.id);
  const queryKey = ['integration-platforms', 'squarespace', platform.id];
  const subscription = useQuery({ queryKey, queryFn: () => getJson<SquarespaceSubscription | null>(path) });
  const subscribe = useRefreshingMutation(() => apiRequest<SquarespaceSubscription>('POST', path, {}), queryKey);
  const saveKey = useSaveStoreCredentials();
  const cleared: KeyInput = { platform: 'squarespace', apiKey: '' };
  const form = useForm<KeyInput, unknown, StoreAdminCredentialsInput>({ resolver: zodResolver(squarespaceKey), defaultValues: cleared });
  const submit = form.handleSubmit(async (body) => {
    try {
      await saveKey.mutateAsync({ platformId: platform.id, body });
      toast({ title: 'Key saved', description: 'Kept sealed; it is never shown again. Now press Subscribe.' });
      form.reset(cleared);
    } catch (error) {
      showServerFieldErrors(error, form.setError);
      toastError(error, 'Failed to save the Squarespace key.');
    }
  });
  const onSubscribe = async () => {
    try {
      await subscribe.mutateAsync(undefined);
      toast({ title: 'Subscribed', description: 'Squarespace now sends this store’s new and updated orders here.' });
    } catch (error) {
      toastError(error, 'Squarespace refused the subscription.');
    }
  };
  const current = subscription.data;
  return (
    <div className="mt-4 flex flex-col gap-3 border-t border-bark-200 pt-4" data-testid={`squarespace-${platform.id}`}>
      <form method="post" onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate autoComplete="off">
        <InputField form={form} name="apiKey" id={`squarespace-${platform.id}-key`} label="Squarespace API key" type="password" autoComplete="new-password" hint="Orders: read permission. Managing webhook subscriptions takes an OAuth token with Orders access." />
        <div><Button type="submit" size="sm" disabled={form.formState.isSubmitting}>{form.formState.isSubmitting ? 'Saving...' : 'Save key'}</Button></div>
      </form>
      <p className="text-sm text-bark-700">
        {current ? `Subscribed (${current.topics.join(', ')}) since ${new Date(current.subscribedAt).toLocaleString()}.` : 'Not subscribed: Squarespace sends no orders yet.'}
      </p>
      <div>
        <Button size="sm" variant="outline" onClick={() => void onSubscribe()} disabled={subscribe.isPending}>
          {subscribe.isPending ? 'Subscribing...' : current ? 'Subscribe again' : 'Subscribe'}
        </Button>
      </div>
    </div>
  );
}
