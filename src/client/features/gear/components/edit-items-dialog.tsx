import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { editGearRequest, type GearRequest } from '@shared/contracts/gear';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { FormDialogActions } from '@client/components/ui/form-dialog-actions';
import { toast } from '@client/components/ui/toast';
import { showServerFieldErrors } from '@client/lib/server-field-errors';
import { toastError } from '@client/lib/toast-error';
import { useCatalog, useEditGearRequest } from '../api';
import type { CartLine } from '../cart';
import { CatalogPicker } from './catalog-picker';

type FormInput = z.input<typeof editGearRequest>;
type FormOutput = z.output<typeof editGearRequest>;

const cartOf = (request: GearRequest): CartLine[] =>
  request.items.map((l) => ({ variantId: l.variantId, quantity: l.quantity, productTitle: l.productTitle, variantTitle: l.variantTitle, unitPriceMinor: l.unitPriceMinor, currency: request.currency }));
const itemsOf = (cart: CartLine[]) => cart.map((l) => ({ variantId: l.variantId, quantity: l.quantity }));

/** The business changes a waiting request's quantities or items (from its seedable catalog) before approving it. */
export function EditItemsDialog({ request, onOpenChange }: { request: GearRequest | null; onOpenChange(open: boolean): void }) {
  const open = request !== null;
  const catalog = useCatalog({ seedable: 'true' }, open);
  const edit = useEditGearRequest();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(editGearRequest), defaultValues: { items: [] } });
  const [cart, setCart] = useState<CartLine[]>([]);
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!request) return;
    const initial = cartOf(request);
    setCart(initial);
    form.reset({ items: itemsOf(initial) });
  }, [request, form]);

  function changeCart(next: CartLine[]) {
    setCart(next);
    form.setValue('items', itemsOf(next), { shouldValidate: form.formState.isSubmitted });
  }

  async function save(values: FormOutput) {
    if (!request) return;
    try {
      await edit.mutateAsync({ id: request.id, items: values.items });
      toast({ title: 'Request updated', description: `${request.proStaffName} sees the new items.` });
      onOpenChange(false);
    } catch (error) {
      showServerFieldErrors(error, form.setError);
      toastError(error, 'Failed to change the request.');
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={request ? `Edit request #${request.id}` : 'Edit request'} description={request ? `What ${request.proStaffName} asked for; change it before you approve.` : undefined} className="max-w-2xl">
        <CatalogPicker products={catalog.data} query={catalog} cart={cart} onCartChange={changeCart} allotment={null} cartTitle={request ? `${request.proStaffName}'s request` : 'The request'} />
        <form method="post" className="mt-4 flex flex-col gap-3" onSubmit={form.handleSubmit(save)} noValidate>
          {(errors.items?.message ?? errors.items?.root?.message) && <p role="alert" className="text-sm text-red-800">{errors.items?.message ?? errors.items?.root?.message}</p>}
          <FormDialogActions saving={isSubmitting} editing onCancel={() => onOpenChange(false)} createLabel="Save Changes" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
