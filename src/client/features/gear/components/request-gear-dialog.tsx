import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { newGearRequest, type MyGear, type NewGearRequest } from '@shared/contracts/gear';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { FormDialogActions } from '@client/components/ui/form-dialog-actions';
import { InputField, TextareaField } from '@client/components/ui/form-field';
import { toast } from '@client/components/ui/toast';
import { ApiError } from '@client/lib/api';
import { showServerFieldErrors } from '@client/lib/server-field-errors';
import { toastError } from '@client/lib/toast-error';
import { useBusinessCatalog, useRequestGear } from '../api';
import type { CartLine } from '../cart';
import { CatalogPicker } from './catalog-picker';

type Program = MyGear['programs'][number];
type FormInput = z.input<typeof newGearRequest>;

/** A new request ships where the staffer's last one went (any brand's), until they change it. */
function defaultsFor(program: Program, lastAddress: NewGearRequest['shippingAddress'] | null): FormInput {
  return {
    businessId: program.businessId,
    items: [],
    shippingAddress: lastAddress ?? { name: '', line1: '', line2: '', city: '', region: '', postalCode: '', country: 'US', phone: '' },
    note: '',
  };
}

/**
 * Request gear from one brand: the catalog picker (outside the form, so Enter in its search never submits), then the
 * shipping address and a note. The shared `newGearRequest` schema checks it; the server answers CONFLICT when the request
 * is over the allotment or out of stock, shown in the dialog.
 */
export function RequestGearDialog({ program, lastAddress, open, onOpenChange }: { program: Program; lastAddress: NewGearRequest['shippingAddress'] | null; open: boolean; onOpenChange(open: boolean): void }) {
  const catalog = useBusinessCatalog(program.businessId, open);
  const request = useRequestGear();
  const form = useForm<FormInput, unknown, NewGearRequest>({ resolver: zodResolver(newGearRequest), defaultValues: defaultsFor(program, lastAddress) });
  const [cart, setCart] = useState<CartLine[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { errors, isSubmitting, isSubmitted } = form.formState;

  useEffect(() => {
    if (!open) return;
    form.reset(defaultsFor(program, lastAddress));
    setCart([]);
    setRefusal(null);
  }, [open, program, lastAddress, form]);

  function changeCart(next: CartLine[]) {
    setCart(next);
    setRefusal(null);
    form.setValue('items', next.map((l) => ({ variantId: l.variantId, quantity: l.quantity })), { shouldValidate: isSubmitted });
  }

  async function submit(values: NewGearRequest) {
    try {
      await request.mutateAsync(values);
      toast({ title: 'Gear requested', description: `${program.companyName} decides on it; you are notified either way.` });
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONFLICT') {
        setRefusal(error.serverMessage ?? 'The request is over your allotment or out of stock.');
        return;
      }
      showServerFieldErrors(error, form.setError);
      toastError(error, 'Failed to request the gear.');
    }
  }

  const itemsError = errors.items?.message ?? errors.items?.root?.message;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={`Request gear from ${program.companyName}`} description="Pick what you need, then where to ship it." className="max-w-2xl">
        <CatalogPicker products={catalog.data} query={catalog} cart={cart} onCartChange={changeCart} allotment={program.allotment} />
        {/* method="post" and no action: a native submit would never put the address in the URL. */}
        <form method="post" className="mt-4 flex flex-col gap-4" onSubmit={form.handleSubmit(submit)} noValidate>
          {itemsError && <p role="alert" className="text-sm text-red-800">{itemsError}</p>}
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-sm font-semibold">Ship to</legend>
            <InputField form={form} name="shippingAddress.name" label="Recipient name" autoComplete="name" />
            <InputField form={form} name="shippingAddress.line1" label="Street address" autoComplete="address-line1" />
            <InputField form={form} name="shippingAddress.line2" label="Apartment, suite (optional)" autoComplete="address-line2" />
            <div className="grid gap-3 sm:grid-cols-2">
              <InputField form={form} name="shippingAddress.city" label="City" autoComplete="address-level2" />
              <InputField form={form} name="shippingAddress.region" label="State or province" autoComplete="address-level1" />
              <InputField form={form} name="shippingAddress.postalCode" label="Postal code" autoComplete="postal-code" />
              <InputField form={form} name="shippingAddress.country" label="Country (two letters)" autoComplete="country" maxLength={2} className="uppercase" />
            </div>
            <InputField form={form} name="shippingAddress.phone" label="Phone for the carrier (optional)" type="tel" autoComplete="tel" />
          </fieldset>
          <TextareaField form={form} name="note" label="Note to the brand (optional)" rows={3} hint="Sizes you would swap to, what the gear is for." />
          {refusal && <p role="alert" className="rounded-md border border-orange-200 bg-orange-50 p-3 text-sm text-orange-900">{refusal}</p>}
          <FormDialogActions saving={isSubmitting} editing={false} createLabel="Send Request" onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
