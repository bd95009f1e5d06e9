import { Link } from 'react-router';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { platformTypeLabels, type IntegrationPlatform } from '@shared/contracts/discounts';
import { storeAdminCredentials, type StoreAdminCredentialsInput } from '@shared/contracts/gear';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { TitledCard } from '@client/components/ui/card';
import { InputField } from '@client/components/ui/form-field';
import { toast } from '@client/components/ui/toast';
import { showServerFieldErrors } from '@client/lib/server-field-errors';
import { toastError } from '@client/lib/toast-error';
import { useSaveStoreCredentials } from '../api';

const [shopifyCredentials, wooCredentials] = storeAdminCredentials.options;
type ShopifyInput = z.input<typeof shopifyCredentials>;
type WooInput = z.input<typeof wooCredentials>;

/** The stores the gear program can order in (the admin API it needs exists for these three). */
export const gearStoreTypes = ['shopify', 'woocommerce', 'bigcommerce'] as const;
export const isGearStore = (platform: IntegrationPlatform) => (gearStoreTypes as readonly string[]).includes(platform.platformType);

/** Saves one store's admin credentials; the secrets are cleared from the form once saved (the server never shows them again). */
export function useCredentialsSave<T extends FieldValues>(
  platform: IntegrationPlatform, form: UseFormReturn<T, unknown, StoreAdminCredentialsInput>, cleared: T,
  savedText = 'the gear program can now read its catalog and create orders.',
) {
  const save = useSaveStoreCredentials();
  return form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ platformId: platform.id, body });
      toast({ title: 'Store connected', description: `${platform.name}: ${savedText}` });
      form.reset(cleared);
    } catch (error) {
      showServerFieldErrors(error, form.setError);
      toastError(error, 'Failed to save the store credentials.');
    }
  });
}

function ShopifyForm({ platform }: { platform: IntegrationPlatform }) {
  const cleared: ShopifyInput = { platform: 'shopify', shopDomain: '', accessToken: '' };
  const form = useForm<ShopifyInput, unknown, StoreAdminCredentialsInput>({ resolver: zodResolver(shopifyCredentials), defaultValues: cleared });
  const submit = useCredentialsSave(platform, form, cleared);
  const id = (name: string) => `store-${platform.id}-${name}`;
  return (
    // method="post" and no action: the token never lands in the address, even before the app has started.
    <form method="post" onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate autoComplete="off">
      <InputField form={form} name="shopDomain" id={id('shopDomain')} label="Shop domain" placeholder="hunt-co.myshopify.com" autoCapitalize="none" spellCheck={false} />
      <InputField form={form} name="accessToken" id={id('accessToken')} label="Admin API access token" type="password" autoComplete="new-password" hint="From a custom app with read_products, write_orders, write_draft_orders and write_discounts." />
      <div><Button type="submit" disabled={form.formState.isSubmitting}>{form.formState.isSubmitting ? 'Saving...' : 'Save credentials'}</Button></div>
    </form>
  );
}

function WooForm({ platform }: { platform: IntegrationPlatform }) {
  const cleared: WooInput = { platform: 'woocommerce', siteUrl: platform.storeUrl ?? '', consumerKey: '', consumerSecret: '' };
  const form = useForm<WooInput, unknown, StoreAdminCredentialsInput>({ resolver: zodResolver(wooCredentials), defaultValues: cleared });
  const submit = useCredentialsSave(platform, form, cleared);
  const id = (name: string) => `store-${platform.id}-${name}`;
  return (
    <form method="post" onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate autoComplete="off">
      <InputField form={form} name="siteUrl" id={id('siteUrl')} label="Store address (https://)" type="url" placeholder="https://shop.example.com" />
      <InputField form={form} name="consumerKey" id={id('consumerKey')} label="Consumer key" type="password" autoComplete="new-password" placeholder="ck_…" />
      <InputField form={form} name="consumerSecret" id={id('consumerSecret')} label="Consumer secret" type="password" autoComplete="new-password" placeholder="cs_…" hint="A REST API key with Read/Write permission." />
      <div><Button type="submit" disabled={form.formState.isSubmitting}>{form.formState.isSubmitting ? 'Saving...' : 'Save credentials'}</Button></div>
    </form>
  );
}

/** One connected store's admin access for the gear program: Shopify and WooCommerce take credentials here; BigCommerce uses the store's API token. */
export function StoreCredentialsCard({ platform, ready }: { platform: IntegrationPlatform; ready: boolean | null }) {
  return (
    <TitledCard
      title={platform.name}
      details={<div className="flex flex-wrap gap-2"><Badge tone="outline">{platformTypeLabels[platform.platformType]}</Badge>{ready !== null && <Badge tone={ready ? 'green' : 'yellow'}>{ready ? 'Ready for gear orders' : 'Credentials needed'}</Badge>}</div>}
      data-testid="store-credentials"
    >
      {platform.platformType === 'shopify' && <ShopifyForm platform={platform} />}
      {platform.platformType === 'woocommerce' && <WooForm platform={platform} />}
      {platform.platformType === 'bigcommerce' && (
        <p className="text-sm text-bark-700">
          BigCommerce uses this store’s API account token{platform.hasBigcommerceToken ? '' : ' (none saved yet)'}. Give the token Products read-only and Orders and Marketing modify scopes, and set it under{' '}
          <Link to="/discount-codes" className="font-medium text-forest-700 underline">Integration Platforms</Link>.
        </p>
      )}
    </TitledCard>
  );
}
