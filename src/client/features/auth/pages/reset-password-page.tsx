import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { passwordResetRequestBody } from '@shared/contracts/auth';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { InputField } from '@client/components/ui/form-field';
import { toast } from '@client/components/ui/toast';
import { apiRequest } from '@client/lib/api';
import { toastError } from '@client/lib/toast-error';

const newPasswordForm = z
  .object({ password: z.string().min(8, 'Password must be at least 8 characters'), confirm: z.string() })
  .refine((values) => values.password === values.confirm, { path: ['confirm'], message: 'Passwords do not match' });

function RequestLinkForm() {
  const [sent, setSent] = useState(false);
  const form = useForm<z.infer<typeof passwordResetRequestBody>>({ resolver: zodResolver(passwordResetRequestBody), defaultValues: { email: '' } });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await apiRequest('POST', '/api/auth/password-reset/request', values);
      setSent(true);
    } catch (error) {
      toastError(error);
    }
  });
  if (sent) {
    return <p role="status" className="text-sm">If an account exists for that email, a reset link is on its way. It works once, for one hour.</p>;
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <InputField form={form} name="email" id="reset-email" label="Email" type="email" autoComplete="email" markInvalid={false} />
      <Button type="submit" disabled={form.formState.isSubmitting}>Send Reset Link</Button>
    </form>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const form = useForm<z.infer<typeof newPasswordForm>>({ resolver: zodResolver(newPasswordForm), defaultValues: { password: '', confirm: '' } });
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await apiRequest('POST', '/api/auth/password-reset/confirm', { token, password: values.password });
      toast({ title: 'Password updated', description: 'Sign in with your new password.' });
      navigate('/auth');
    } catch (error) {
      toastError(error);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <InputField form={form} name="password" id="new-password" label="New password" type="password" autoComplete="new-password" markInvalid={false} />
      <InputField form={form} name="confirm" id="confirm-password" label="Confirm new password" type="password" autoComplete="new-password" markInvalid={false} />
      <Button type="submit" disabled={isSubmitting}>Set New Password</Button>
    </form>
  );
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">Reset Password</CardTitle>
          <CardDescription>{token ? 'Choose a new password for your account.' : 'We will email you a link to choose a new password.'}</CardDescription>
        </CardHeader>
        <CardContent>
          {token ? <NewPasswordForm token={token} /> : <RequestLinkForm />}
          <p className="mt-6 text-center text-sm"><Link to="/auth" className="text-forest-700 hover:underline">Back to Sign In</Link></p>
        </CardContent>
      </Card>
    </div>
  );
}
