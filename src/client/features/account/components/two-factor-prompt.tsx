import { Link, useLocation } from 'react-router';
import { Button } from '@client/components/ui/button';
import { useSession } from '@client/features/auth';
import { dismissTwoFactorPrompt } from '../api';

/** Where the prompt shows: the landing screens after sign-in, not the working ones (a phone keeps its composer on screen). */
const PROMPT_PATHS = new Set(['/business-dashboard', '/pro-staff-dashboard', '/admin', '/profile']);

/** Business accounts and admins are asked to turn on two-factor sign-in until they do or say "not now" (record 027). */
export function TwoFactorPrompt() {
  const session = useSession();
  const { pathname } = useLocation();
  const user = session.user;
  if (!user?.twoFactorPrompt || !user.emailVerified || !PROMPT_PATHS.has(pathname)) return null;
  const dismiss = async () => {
    await dismissTwoFactorPrompt().catch(() => undefined);
    await session.refresh();
  };
  return (
    <div role="region" aria-label="Two-factor sign-in" className="border-b border-forest-200 bg-forest-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3 text-sm text-forest-900">
        <p className="min-w-0 basis-full sm:flex-1 sm:basis-0">
          <strong>Protect your account.</strong> {user.isAdmin ? 'Admins' : 'Business accounts'} control money and messages: add a code from an
          authenticator app to every sign-in.
        </p>
        <Link to="/profile#two-factor" className="font-medium text-forest-800 underline">Turn on two-factor sign-in</Link>
        <Button type="button" size="sm" variant="ghost" onClick={dismiss}>Not now</Button>
      </div>
    </div>
  );
}
