import { useState, type FormEvent, type ReactNode } from 'react';
import type { SessionUser } from '@shared/contracts/auth';
import type { TwoFactorChallenge } from '@shared/contracts/account';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Field } from '@client/components/ui/label';
import { toast } from '@client/components/ui/toast';
import { ApiError, describeError } from '@client/lib/api';
import { loginTwoFactor } from '../api';

/** The second step of a sign-in with two-factor: the app's code, or a recovery code (decision record 027). */
export function TwoFactorStep({ challenge, onSignedIn, onRestart }: { challenge: TwoFactorChallenge; onSignedIn: (user: SessionUser) => void; onRestart: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await loginTwoFactor({ challengeToken: challenge.challengeToken, code }));
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.serverMessage ?? failure.message) : describeError(failure));
      if (failure instanceof ApiError && failure.status === 401) {
        toast({ title: 'Sign in again', description: failure.serverMessage ?? 'This sign-in has expired.', variant: 'destructive' });
        onRestart();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <TwoFactorCard>
        <form method="post" onSubmit={submit} noValidate className="flex flex-col gap-4">
          <Field id="two-factor-code" label="Authentication code" error={error ?? undefined}>
            <Input
              id="two-factor-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="one-time-code"
              inputMode="text"
              autoFocus
              aria-invalid={Boolean(error)}
            />
          </Field>
          <Button type="submit" size="lg" disabled={busy || code.trim().length < 6}>
            {busy ? 'Please wait...' : 'Verify'}
          </Button>
          <Button type="button" variant="link" onClick={onRestart}>Use a different account</Button>
        </form>
    </TwoFactorCard>
  );
}

/** The two-factor step's card, for the app's form and for the one that posts before the app starts. */
export function TwoFactorCard({ children }: { children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-2xl">Two-Factor Sign-In</CardTitle>
        <CardDescription>Enter the 6-digit code from your authenticator app, or one of your recovery codes.</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
