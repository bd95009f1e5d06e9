import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { platformTypeLabels, type PlatformType } from '@shared/contracts/discounts';
import { rotateCodeBody, type RotateCodeResponse } from '@shared/contracts/fraud';
import { CopyButton } from '@client/components/copy-button';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { FormDialogActions } from '@client/components/ui/form-dialog-actions';
import { InputField } from '@client/components/ui/form-field';
import { showServerFieldErrors } from '@client/lib/server-field-errors';
import { toastError } from '@client/lib/toast-error';
import { useRotateCode } from '../api';

/** 'shopify' reads Shopify; a platform the contract does not know is shown as the server named it. */
const platformLabel = (platform: string) => (platform in platformTypeLabels ? platformTypeLabels[platform as PlatformType] : platform);

export type RotatableCode = { id: number; code: string; platform: string; proStaffName: string | null };
type Values = z.input<typeof rotateCodeBody>;

/** What happened in the store, in words; when HuntStaff could not reach it, the store's own step to do by hand. */
function StoreOutcome({ result, oldCode }: { result: RotateCodeResponse; oldCode: string }) {
  const { store } = result;
  if (store.disabled && store.created) {
    return (
      <div className="flex flex-col gap-1 text-sm text-bark-700">
        <p>{oldCode} is disabled in your {store.platform} store and {result.newCode} is live there with the same terms.</p>
        {/* The store may carry the old code in another shop too: the server says where. */}
        {store.detail && <p data-testid="rotate-manual-step">{store.detail}</p>}
      </div>
    );
  }
  return (
    <div role="alert" className="rounded-md border border-orange-200 bg-orange-50 p-3 text-sm text-orange-900" data-testid="rotate-manual-step">
      <p className="font-medium">One step left in your {platformLabel(store.platform)} store</p>
      <p className="mt-1">{store.detail ?? `Disable ${oldCode} and create ${result.newCode} with the same discount in your store.`}</p>
    </div>
  );
}

/**
 * Rotate a leaked code: the confirm step says what will happen (old code disabled in the store, a replacement with the
 * same terms, the staffer told), the result step shows the new code and anything left to do in the store.
 */
export function RotateCodeDialog({ code, onClose }: { code: RotatableCode | null; onClose(): void }) {
  const rotate = useRotateCode();
  const [result, setResult] = useState<RotateCodeResponse | null>(null);
  const form = useForm<Values, unknown, z.output<typeof rotateCodeBody>>({ resolver: zodResolver(rotateCodeBody), defaultValues: {} });
  const close = () => {
    setResult(null);
    form.reset({});
    onClose();
  };

  const onSubmit = form.handleSubmit(async (body) => {
    if (!code) return;
    try {
      setResult(await rotate.mutateAsync({ id: code.id, newCode: body.newCode }));
    } catch (error) {
      showServerFieldErrors(error, form.setError);
      toastError(error, 'Could not rotate the code.');
    }
  });

  return (
    <Dialog open={code !== null} onOpenChange={(open) => !open && close()}>
      {code && (
        <DialogContent title={result ? 'Code Rotated' : `Rotate ${code.code}`} description={result ? undefined : 'For a code that leaked to coupon sites or forums.'}>
          {result ? (
            <div className="flex flex-col gap-4" data-testid="rotate-result">
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm text-bark-700">New code</span>
                <span className="break-all font-mono text-lg font-bold" data-testid="rotated-code">{result.newCode}</span>
                <CopyButton text={result.newCode} label={`Copy code ${result.newCode}`} toastTitle="Copied" toastDescription="Code copied to clipboard." />
              </div>
              <StoreOutcome result={result} oldCode={code.code} />
              {code.proStaffName && <p className="text-sm text-bark-700">{code.proStaffName} has been sent the new code.</p>}
              <div className="flex justify-end"><Button onClick={close}>Done</Button></div>
            </div>
          ) : (
            <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
              <ul className="list-disc pl-5 text-sm text-bark-900">
                <li>{code.code} is disabled in your {code.platform} store, so it stops working at checkout.</li>
                <li>A replacement with the same discount, limits and commission is created there.</li>
                <li>{code.proStaffName ?? 'The pro staffer'} is moved to the new code and told.</li>
                <li>Orders and commissions already on {code.code} stay in its history.</li>
              </ul>
              <InputField form={form} name="newCode" id="rotate-new-code" label="New code (optional)" hint="Left empty, one is made from the old code." autoComplete="off" registerOptions={{ setValueAs: (v: string) => (v.trim() === '' ? undefined : v) }} describeError />
              <FormDialogActions saving={rotate.isPending} editing={false} createLabel="Rotate Code" onCancel={close} />
            </form>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
