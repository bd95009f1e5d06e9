import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  API_TOKEN_DEFAULT_DAYS, apiTokenScopeLabels, apiTokenScopes, createApiTokenBody,
  type CreateApiTokenBody, type CreatedApiToken,
} from '@shared/contracts/api-tokens';
import { CopyButton } from '@client/components/copy-button';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { FormDialogActions } from '@client/components/ui/form-dialog-actions';
import { InputField, SelectField } from '@client/components/ui/form-field';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { showServerFieldErrors } from '@client/lib/server-field-errors';
import { useCreateApiToken } from '../api';

const lifetimes = ['30', '90', '180', '365'] as const;
type FormValues = { name: string; scopes: string[]; expiresInDays: (typeof lifetimes)[number] };
const defaults: FormValues = { name: '', scopes: [], expiresInDays: String(API_TOKEN_DEFAULT_DAYS) as FormValues['expiresInDays'] };

/** Create API Token: name, scopes, lifetime; then the token, shown this once with a copy button (decision record 043). */
export function CreateTokenDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const create = useCreateApiToken();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const form = useForm<FormValues>({ defaultValues: defaults });

  useEffect(() => {
    if (open) {
      form.reset(defaults);
      setCreated(null);
    }
  }, [open, form]);

  async function save(values: FormValues) {
    // The select and the boxes give text; the shared schema checks the body the server will get.
    const body: CreateApiTokenBody = { name: values.name, scopes: values.scopes as CreateApiTokenBody['scopes'], expiresInDays: Number(values.expiresInDays) };
    const parsed = createApiTokenBody.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) form.setError(String(issue.path[0]) as keyof FormValues, { message: issue.message });
      return;
    }
    try {
      setCreated(await create.mutateAsync(parsed.data));
    } catch (error) {
      showServerFieldErrors(error, form.setError);
      toast({ title: 'Error', description: `Failed to create the token. ${describeError(error, '')}`.trim(), variant: 'destructive' });
    }
  }

  const scopesError = form.formState.errors.scopes?.message;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {created ? (
        <DialogContent title="Copy your API token" description="This is the only time it is shown: we keep only a fingerprint of it. Store it in your system’s secret store now.">
          <div className="flex flex-col gap-4">
            <label htmlFor="new-api-token" className="text-sm font-medium">Token “{created.token.name}”</label>
            <div className="flex gap-2">
              <input id="new-api-token" readOnly value={created.secret} className="min-w-0 flex-1 rounded-md border border-bark-300 bg-bark-50 px-3 py-2 font-mono text-sm" onFocus={(event) => event.target.select()} />
              <CopyButton text={created.secret} label="Copy API token" toastDescription="The API token is on your clipboard.">Copy</CopyButton>
            </div>
            <p className="text-sm text-bark-700">
              Send it as <code className="rounded bg-bark-100 px-1">Authorization: Bearer {created.token.tokenPrefix}…</code> from your server, never from a web page.
            </p>
            <div className="flex justify-end"><Button onClick={() => onOpenChange(false)}>Done</Button></div>
          </div>
        </DialogContent>
      ) : (
        <DialogContent title="Create API Token" description="A token acts as your business, only on the routes its scopes open, until it expires or you revoke it.">
          <form className="flex flex-col gap-4" onSubmit={form.handleSubmit(save)} noValidate>
            <InputField form={form} name="name" id="api-token-name" label="Name" hint="Say which system uses it, e.g. “Warehouse sync”." maxLength={80} />
            <fieldset aria-describedby={scopesError ? 'api-token-scopes-error' : undefined}>
              <legend className="mb-2 text-sm font-medium">Scopes</legend>
              <div className="flex flex-col gap-2">
                {apiTokenScopes.map((scope) => (
                  <label key={scope} className="flex items-start gap-2 text-sm">
                    <input type="checkbox" className="mt-1" value={scope} {...form.register('scopes')} />
                    <span><code className="font-mono">{scope}</code> · {apiTokenScopeLabels[scope]}</span>
                  </label>
                ))}
              </div>
              {scopesError && <p id="api-token-scopes-error" role="alert" className="mt-1 text-xs text-red-700">{scopesError}</p>}
            </fieldset>
            <SelectField form={form} name="expiresInDays" id="api-token-expiry" label="Expires after" options={lifetimes} optionLabel={(days) => (days === '365' ? '1 year' : `${days} days`)} />
            <FormDialogActions saving={form.formState.isSubmitting} editing={false} createLabel="Create Token" onCancel={() => onOpenChange(false)} />
          </form>
        </DialogContent>
      )}
    </Dialog>
  );
}
