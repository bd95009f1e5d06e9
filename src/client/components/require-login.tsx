import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SessionUser } from '@shared/contracts/auth';
import { useSession } from '../features/auth/session';
import { Button } from './ui/button';
import { Notice } from './ui/page';

/** Renders children with the signed-in user, or the page's own "Please log in ..." text. */
export function RequireLogin({ message, children }: { message: string; children: (user: SessionUser) => ReactNode }) {
  const { user } = useSession();
  if (!user) {
    return (
      <Notice title={message} action={<Button asChild><Link to="/auth">Sign In</Link></Button>} />
    );
  }
  return <>{children(user)}</>;
}
