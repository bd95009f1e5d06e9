import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button } from '@client/components/ui/button';
import { TitledCard } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { Input } from '@client/components/ui/input';
import { Field } from '@client/components/ui/label';
import { toast } from '@client/components/ui/toast';
import { useSession } from '@client/features/auth';
import { requestDeletion } from '../api';
import { toastError } from '@client/lib/toast-error';

/** "Delete my account" (decision record 027): password again, a confirmation, then 14 days in which signing in cancels it. */
export function DeleteAccountCard() {
  const session = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (password) setConfirming(true);
  };
  const deletion = useMutation({
    mutationFn: () => requestDeletion(password),
    onSuccess: async ({ deletionScheduledFor }) => {
      const day = new Date(deletionScheduledFor).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
      await session.signOut().catch(() => undefined);
      toast({ title: 'Account deletion scheduled', description: `Your account will be deleted on ${day}. Sign in before then to cancel.` });
      navigate('/');
    },
    onError: (error) => toastError(error),
  });
  return (
    <TitledCard
      title="Delete Account"
      description="Your account is deleted 14 days after you ask; signing in before then cancels it. Your agreements then end and the other side is told. Messages and commission records the law requires us to keep stay, without your name, shown as “Deleted user”."
    >
      <form onSubmit={ask} noValidate className="grid gap-4 sm:grid-cols-2">
        <Field id="delete-account-password" label="Password to confirm">
          <Input id="delete-account-password" type="password" value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="current-password" />
        </Field>
        <div className="sm:col-span-2">
          <Button type="submit" variant="destructive" disabled={deletion.isPending || !password}>Delete My Account</Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete your account?"
        description="You will be signed out everywhere. In 14 days your profile, reviews, ads and other personal data are erased. Sign in before then to keep your account."
        confirmLabel="Delete Account"
        destructive
        onConfirm={() => deletion.mutate()}
      />
    </TitledCard>
  );
}
