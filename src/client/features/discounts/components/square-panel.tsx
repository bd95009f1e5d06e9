import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { IntegrationPlatform } from '@shared/contracts/discounts';
import { storeAdminCredentials, type StoreAdminCredentialsInput } from '@shared/contracts/gear';
import type { SquareDiscountsAnswer } from '@shared/contracts/square';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { InputField, SelectField } from '@client/components/ui/form-field';
import { apiRequest } from '@client/lib/api';
import { toastError } from '@client/lib/toast-error';
import { useCredentialsSave } from '@client/features/gear';

const squareCredentials = storeAdminCredentials.options[4];
type SquareInput = z.input<typeof squareCredentials>;
const environments = ['production', 'sandbox'] as const;

/** The Square access token and webhook signature key (sealed on the server, never shown again). */
function SquareCredentialsForm({ platform }: { platform: IntegrationPlatform }) {
  const cleared: SquareInput = { platform: 'square', accessToken: '', signatureKey: '', environment: 'production' };
  const form = useForm<SquareInput, unknown, StoreAdminCredentialsInput>({ resolver: zodResolver(squareCredentials), defaultValues: cleared });
  const submit = useCredentialsSave(platform, form, cleared, 'Square sales are now fetched and credited.');
  const id = (name: string) => `square-${platform.id}-${name}`;
  return (
    <form method="post" onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate autoComplete="off" aria-label={`Square credentials for ${platform.name}`}>
      <InputField form={form} name="accessToken" id={id('accessToken')} label="Square access token" type="password" autoComplete="new-password" hint="From your app in the Square Developer Dashboard, with ORDERS_READ, PAYMENTS_READ and ITEMS_WRITE." />
      <InputField form={form} name="signatureKey" id={id('signatureKey')} label="Webhook signature key" type="password" autoComplete="new-password" hint="Shown on the webhook subscription in the Developer Dashboard." />
      <SelectField form={form} name="environment" id={id('environment')} label="Environment" options={environments} optionLabel={(value) => (value === 'sandbox' ? 'Sandbox' : 'Production')} />
      <div><Button type="submit" size="sm" disabled={form.formState.isSubmitting}>{form.formState.isSubmitting ? 'Saving...' : 'Save Square credentials'}</Button></div>
    </form>
  );
}

/** "Create Square discounts": one Square catalog discount per staffer code, so a till that applies it credits the code. */
function SquareDiscountsButton({ platform }: { platform: IntegrationPlatform }) {
  const [currency, setCurrency] = useState('');
  const create = useMutation({
    mutationFn: () => apiRequest<SquareDiscountsAnswer>('POST', `/api/integration-platforms/${platform.id}/square-discounts`, currency.trim() ? { currency: currency.trim() } : {}),
    onError: (error) => toastError(error, 'Could not create the Square discounts.'),
  });
  const inputId = `square-${platform.id}-currency`;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor={inputId}>Currency of your Square locations (for fixed-amount codes)</Label>
          <Input id={inputId} value={currency} onChange={(event) => setCurrency(event.target.value)} placeholder="USD" maxLength={3} className="w-24" />
        </div>
        <Button type="button" size="sm" variant="outline" onClick={() => create.mutate()} disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create Square discounts'}
        </Button>
      </div>
      {create.data && (
        <ul className="flex flex-col gap-1 text-sm" aria-label="Square discounts">
          {create.data.discounts.length === 0 && <li>No active pro staff code is valid on this store.</li>}
          {create.data.discounts.map((discount) => (
            <li key={discount.codeId}>
              <span className="font-mono">{discount.code}</span>: {discount.outcome === 'skipped' ? `skipped (${discount.reason})` : `${discount.outcome} in Square`}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A Square store's own part of its platform card (decision record 040). */
export function SquarePanel({ platform }: { platform: IntegrationPlatform }) {
  return (
    <section className="mt-4 flex flex-col gap-4 border-t border-bark-200 pt-4" aria-label={`Square for ${platform.name}`}>
      <SquareCredentialsForm platform={platform} />
      <SquareDiscountsButton platform={platform} />
    </section>
  );
}
