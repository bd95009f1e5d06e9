import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RequireLogin } from './require-login';
import { Button } from './ui/button';
import { Notice } from './ui/page';

/** Where to send an account of the other type: the page's sentence and a link to its own page. */
export type OtherSide = { title: string; to: string; label: string };
type SideView = ((id: number) => ReactNode) | OtherSide;

function NeedsProfile({ who }: { who: 'business' | 'pro staff' }) {
  return <Notice title={`Please complete your ${who} profile first.`} action={<Button asChild><Link to="/profile">Complete Profile</Link></Button>} />;
}

function show(view: SideView, id: number | null, who: 'business' | 'pro staff') {
  if (typeof view !== 'function') return <Notice title={view.title} action={<Button asChild><Link to={view.to}>{view.label}</Link></Button>} />;
  return id === null ? <NeedsProfile who={who} /> : view(id);
}

/**
 * A program page (agreements, campaigns, goals, gear): signed in, then the business's or the pro staffer's view, each
 * once the account has its profile (its id is handed to the view). A side the page is not for sends the account to its
 * own page. A missing userType is a business, as in the header.
 */
export function ProgramPage({ loginMessage, business, proStaff }: { loginMessage: string; business: SideView; proStaff: SideView }) {
  return (
    <RequireLogin message={loginMessage}>
      {(user) => (user.userType === 'pro_staff' ? show(proStaff, user.proStaffId, 'pro staff') : show(business, user.businessId, 'business'))}
    </RequireLogin>
  );
}
