import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Field } from '@client/components/ui/label';
import { TwoFactorCard } from './two-factor-step';

/**
 * The second step of a sign-in that started as a native form post (before the app had started, decision record
 * 034). The challenge sits in an httpOnly cookie only the server's form route reads, so this form always posts
 * natively, with or without the app; the answer is a redirect to the dashboard or back here with an error code.
 */
export function TwoFactorFormStep({ error }: { error: string | null }) {
  return (
    <TwoFactorCard>
        <form method="post" action="/api/auth/login/two-factor/form" className="flex flex-col gap-4">
          <Field id="two-factor-code" label="Authentication code" error={error ?? undefined}>
            <Input id="two-factor-code" name="code" required minLength={6} maxLength={32} autoComplete="one-time-code" inputMode="text" autoFocus aria-invalid={Boolean(error)} />
          </Field>
          <Button type="submit" size="lg">Verify</Button>
          <Button asChild variant="link"><Link to="/auth">Use a different account</Link></Button>
        </form>
    </TwoFactorCard>
  );
}
