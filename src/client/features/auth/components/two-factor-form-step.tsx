import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Field } from '@client/components/ui/label';

/**
 * The second step of a sign-in that started as a native form post (before the app had started, decision record
 * 034). The challenge sits in an httpOnly cookie only the server's form route reads, so this form always posts
 * natively, with or without the app; the answer is a redirect to the dashboard or back here with an error code.
 */
export function TwoFactorFormStep({ error }: { error: string | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-2xl">Two-Factor Sign-In</CardTitle>
        <CardDescription>Enter the 6-digit code from your authenticator app, or one of your recovery codes.</CardDescription>
      </CardHeader>
      <CardContent>
        <form method="post" action="/api/auth/login/two-factor/form" className="flex flex-col gap-4">
          <Field id="two-factor-code" label="Authentication code" error={error ?? undefined}>
            <Input id="two-factor-code" name="code" required minLength={6} maxLength={32} autoComplete="one-time-code" inputMode="text" autoFocus aria-invalid={Boolean(error)} />
          </Field>
          <Button type="submit" size="lg">Verify</Button>
          <Button asChild variant="link"><Link to="/auth">Use a different account</Link></Button>
        </form>
      </CardContent>
    </Card>
  );
}
