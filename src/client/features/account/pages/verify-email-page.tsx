import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { describeError } from '@client/lib/api';
import { dashboardPathFor, useSession } from '@client/features/auth';
import { verifyEmail } from '../api';

type State = { status: 'checking' } | { status: 'done' } | { status: 'failed'; message: string };

/** The page the emailed link opens: confirms the address once, then says so (decision record 027). */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const session = useSession();
  const [state, setState] = useState<State>({ status: 'checking' });
  const asked = useRef(false);

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    if (!token) {
      setState({ status: 'failed', message: 'This link is incomplete. Open the link from the email again.' });
      return;
    }
    verifyEmail(token)
      .then(async () => {
        setState({ status: 'done' });
        await session.refresh();
      })
      .catch((error: unknown) => setState({ status: 'failed', message: describeError(error) }));
  }, [token, session]);

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">Confirm Email</CardTitle>
          <CardDescription>Confirming the address of your HuntStaff account.</CardDescription>
        </CardHeader>
        <CardContent>
          {state.status === 'checking' && <Spinner />}
          {state.status === 'done' && (
            <p role="status" className="text-sm">Your email address is confirmed. You can now message, apply, post jobs and create codes.</p>
          )}
          {state.status === 'failed' && <p role="alert" className="text-sm text-red-700">{state.message}</p>}
          <p className="mt-6 text-center text-sm">
            <Link to={session.user ? dashboardPathFor(session.user.userType) : '/auth'} className="text-forest-700 hover:underline">
              {session.user ? 'Go to your dashboard' : 'Sign in'}
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
