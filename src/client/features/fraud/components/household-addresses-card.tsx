import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { householdAddressBody, type HouseholdAddressBody } from '@shared/contracts/fraud';
import { ListState } from '@client/components/list-state';
import { Button } from '@client/components/ui/button';
import { TitledCard } from '@client/components/ui/card';
import { InputField } from '@client/components/ui/form-field';
import { toast } from '@client/components/ui/toast';
import { formatDate } from '@client/lib/format-dates';
import { showServerFieldErrors } from '@client/lib/server-field-errors';
import { toastError } from '@client/lib/toast-error';
import { useAddHouseholdAddress, useHouseholdAddresses, useRemoveHouseholdAddress } from '../api';

const empty: HouseholdAddressBody = { line1: '', line2: '', city: '', postalCode: '', country: '' };

/**
 * A staffer's household addresses, so the brands' own-use check can tell their household's orders from customers'.
 * Only a keyed hash of the normalised address is kept: the list shows a masked label, never the address.
 */
export function HouseholdAddressesCard() {
  const addresses = useHouseholdAddresses();
  const add = useAddHouseholdAddress();
  const remove = useRemoveHouseholdAddress();
  const form = useForm<HouseholdAddressBody, unknown, z.output<typeof householdAddressBody>>({ resolver: zodResolver(householdAddressBody), defaultValues: empty });
  const list = addresses.data?.addresses ?? [];

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await add.mutateAsync(body);
      form.reset(empty);
      toast({ title: 'Address Added', description: 'Only its hash is kept.' });
    } catch (error) {
      showServerFieldErrors(error, form.setError);
      toastError(error, 'Could not add the address.');
    }
  });

  async function removeAddress(id: number) {
    try {
      await remove.mutateAsync(id);
      toast({ title: 'Address Removed', description: 'Its hash is deleted.' });
    } catch (error) {
      toastError(error, 'Could not remove the address.');
    }
  }

  return (
    <TitledCard
      title="Household Addresses"
      data-testid="household-addresses"
      description="Addresses where you or your household receive orders. Brands check orders on your codes against them, so your own purchases are not paid as sales. We keep only a keyed hash of each address (it cannot be read back), enough to recognise it on an order and nothing more."
    >
      <div className="flex flex-col gap-5">
        <ListState query={addresses} empty={null}>
          {list.length === 0 ? (
            <p className="text-sm text-bark-700">No household addresses yet.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-bark-100 rounded-md border border-bark-200">
              {list.map((address) => (
                <li key={address.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm" data-testid="household-address">
                  <span className="min-w-0 break-words"><span className="font-mono">{address.label}</span> <span className="text-bark-700">· added {formatDate(address.createdAt)}</span></span>
                  <Button size="sm" variant="outline" disabled={remove.isPending} onClick={() => void removeAddress(address.id)}>
                    Remove<span className="sr-only"> address {address.label}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </ListState>
        <form method="post" onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-2">
          <InputField form={form} name="line1" id="household-line1" label="Street address" autoComplete="off" describeError />
          <InputField form={form} name="line2" id="household-line2" label="Apartment, suite (optional)" autoComplete="off" describeError />
          <InputField form={form} name="city" id="household-city" label="City" autoComplete="off" describeError />
          <InputField form={form} name="postalCode" id="household-postal" label="Postal code" autoComplete="off" describeError />
          <InputField form={form} name="country" id="household-country" label="Country" hint="2-letter code, e.g. US" maxLength={2} autoComplete="off" describeError />
          <div className="flex items-end">
            <Button type="submit" disabled={add.isPending}>{add.isPending ? 'Adding...' : 'Add Address'}</Button>
          </div>
        </form>
      </div>
    </TitledCard>
  );
}
