import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBody, type ChangePasswordBody } from '@shared/contracts/auth';
import { Button } from '@client/components/ui/button';
import { TitledCard } from '@client/components/ui/card';
import { InputField } from '@client/components/ui/form-field';
import { toast } from '@client/components/ui/toast';
import { changePassword } from '@client/features/auth/api';
import { toastError } from '@client/lib/toast-error';

/** Lets a signed-in user change their password; other devices are signed out. Shown on the profile page. */
export function ChangePasswordCard() {
  const form = useForm<ChangePasswordBody>({ resolver: zodResolver(changePasswordBody), defaultValues: { currentPassword: '', newPassword: '' } });
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await changePassword(values);
      form.reset();
      toast({ title: 'Password changed', description: 'Other devices have been signed out.' });
    } catch (error) {
      toastError(error);
    }
  });
  return (
    <TitledCard title="Password" description="Changing your password signs you out on every other device.">
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <InputField form={form} name="currentPassword" id="current-password" label="Current password" type="password" autoComplete="current-password" markInvalid={false} />
        <InputField form={form} name="newPassword" id="change-new-password" label="New password" type="password" autoComplete="new-password" markInvalid={false} />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={isSubmitting}>Change Password</Button>
        </div>
      </form>
    </TitledCard>
  );
}
