import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordBody, type ChangePasswordBody } from '@shared/contracts/auth';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Field } from '../../../components/ui/label';
import { toast } from '../../../components/ui/toast';
import { apiRequest, describeError } from '../../../lib/api';

/** Lets a signed-in user change their password; other devices are signed out. */
export function ChangePasswordCard() {
  const form = useForm<ChangePasswordBody>({ resolver: zodResolver(changePasswordBody), defaultValues: { currentPassword: '', newPassword: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await apiRequest('POST', '/api/auth/change-password', values);
      form.reset();
      toast({ title: 'Password changed', description: 'Other devices have been signed out.' });
    } catch (error) {
      toast({ title: 'Error', description: describeError(error), variant: 'destructive' });
    }
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>Changing your password signs you out on every other device.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <Field id="current-password" label="Current password" error={errors.currentPassword?.message}>
            <Input id="current-password" type="password" autoComplete="current-password" {...form.register('currentPassword')} />
          </Field>
          <Field id="change-new-password" label="New password" error={errors.newPassword?.message}>
            <Input id="change-new-password" type="password" autoComplete="new-password" {...form.register('newPassword')} />
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={isSubmitting}>Change Password</Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
