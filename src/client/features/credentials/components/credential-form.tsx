import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CREDENTIAL_DOCUMENT_ACCEPT,
  CREDENTIAL_DOCUMENT_MAX_BYTES,
  credentialFields,
  credentialTypeLabels,
  credentialTypes,
  type Credential,
  type CredentialFields,
  type CredentialFieldsInput,
} from '@shared/contracts/credentials';
import { Button } from '@client/components/ui/button';
import { InputField, SelectField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Field } from '@client/components/ui/label';
import { toast } from '@client/components/ui/toast';
import { ApiError, describeError } from '@client/lib/api';
import { showServerFieldErrors } from '@client/lib/server-field-errors';
import { useSubmitCredential } from '../api';

const MAX_MB = CREDENTIAL_DOCUMENT_MAX_BYTES / (1024 * 1024);
const allowedTypes = ['application/pdf', 'image/jpeg', 'image/png'];

export const emptyCredential: CredentialFieldsInput = { type: 'guide_license', issuingAuthority: '', number: '', issuedOn: '', expiresOn: '' };

/** A credential's fields from an earlier submission (to correct and send again after a rejection). */
export const fieldsOf = (credential: Credential): CredentialFieldsInput => ({
  type: credential.type,
  issuingAuthority: credential.issuingAuthority,
  number: credential.number,
  issuedOn: credential.issuedOn,
  expiresOn: credential.expiresOn ?? '',
});

/** Submit a credential with its document; the shared schema checks the fields, the server the file and the dates. */
export function CredentialForm({ initial, onSubmitted }: { initial: CredentialFieldsInput; onSubmitted(): void }) {
  const submit = useSubmitCredential();
  const form = useForm<CredentialFieldsInput, unknown, CredentialFields>({ resolver: zodResolver(credentialFields), defaultValues: initial });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const type = form.watch('type');

  function pickFile(picked: File | null) {
    setFile(picked);
    if (!picked) return setFileError(undefined);
    if (picked.type && !allowedTypes.includes(picked.type)) return setFileError('Choose a PDF, JPEG or PNG file');
    if (picked.size > CREDENTIAL_DOCUMENT_MAX_BYTES) return setFileError(`The document can be at most ${MAX_MB} MB`);
    setFileError(undefined);
  }

  const onSubmit = form.handleSubmit(async (fields) => {
    setFormError(null);
    if (!file) return setFileError('Attach the document (PDF, JPEG or PNG)');
    if (fileError) return;
    try {
      await submit.mutateAsync({ fields, file });
      toast({ title: 'Credential submitted', description: 'An admin will review it; we will email you the decision.' });
      form.reset(emptyCredential);
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      onSubmitted();
    } catch (error) {
      showServerFieldErrors(error, form.setError);
      if (error instanceof ApiError && Array.isArray(error.details) && (error.details as { path?: string; message?: string }[]).some((d) => d.path === 'file')) {
        setFileError((error.details as { path?: string; message?: string }[]).find((d) => d.path === 'file')?.message);
      } else if (error instanceof ApiError && error.status === 415) {
        setFileError(describeError(error));
      } else setFormError(describeError(error));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Submit a credential">
      <SelectField form={form} name="type" id="credential-type" label="Type" options={credentialTypes} optionLabel={(value) => credentialTypeLabels[value]} />
      <InputField form={form} name="issuingAuthority" id="credential-authority" label="Issuing state or authority" placeholder="e.g. Montana FWP" describeError />
      <InputField form={form} name="number" id="credential-number" label="Licence or certificate number" autoComplete="off" describeError />
      <InputField form={form} name="issuedOn" id="credential-issued" label="Issue date" type="date" describeError />
      <InputField
        form={form}
        name="expiresOn"
        id="credential-expires"
        label={type === 'hunter_education' ? 'Expiry date (optional)' : 'Expiry date'}
        hint={type === 'hunter_education' ? 'Leave empty if the certificate does not expire.' : undefined}
        type="date"
        describeError
      />
      <Field id="credential-file" label="Document (PDF, JPEG or PNG)" error={fileError} hint={`One file, at most ${MAX_MB} MB. Only you and HuntStaff admins can see it.`}>
        <Input
          ref={fileInput}
          id="credential-file"
          type="file"
          accept={CREDENTIAL_DOCUMENT_ACCEPT}
          aria-invalid={Boolean(fileError)}
          onChange={(event) => pickFile(event.target.files?.[0] ?? null)}
        />
      </Field>
      {formError && <p role="alert" className="text-sm text-red-700 sm:col-span-2">{formError}</p>}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={submit.isPending}>{submit.isPending ? 'Submitting...' : 'Submit for review'}</Button>
      </div>
    </form>
  );
}
