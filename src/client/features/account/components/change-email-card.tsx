import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changeEmailBody, type ChangeEmailBody } from '@shared/contracts/account';
import { Button } from '@client/components/ui/button';
import { TitledCard } from '@client/components/ui/card';
import { InputField } from '@client/components/ui/form-field';
import { toast } from '@client/components/ui/toast';
import { showServerFieldErrors } from '@client/lib/server-field-errors';
import { useSession } from '@client/features/auth';
import { changeEmail } from '../api';
import { toastError } from '@client/lib/toast-error';

/** Changes the sign-in email; the new address must be confirmed again (decision record 027). */
export function ChangeEmailCard({ email }: { email: string }) {
  const session = useSession();
  const form = useForm<ChangeEmailBody>({ resolver: zodResolver(changeEmailBody), defaultValues: { email: '', currentPassword: '' } });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      session.signIn(await changeEmail(values));
      form.reset();
      toast({ title: 'Email changed', description: 'Open the link we sent to the new address to confirm it.' });
    } catch (error) {
      showServerFieldErrors(error, form.setError);
      toastError(error);
    }
  });
  return (
    <TitledCard title="Email" description={`You sign in with ${email}. A new address must be confirmed from the link we email to it.`}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <InputField form={form} name="email" id="new-email" label="New email" type="email" autoComplete="email" markInvalid={false} />
        <InputField form={form} name="currentPassword" id="email-current-password" label="Password" type="password" autoComplete="current-password" markInvalid={false} />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={form.formState.isSubmitting}>Change Email</Button>
        </div>
      </form>
    </TitledCard>
  );
}
