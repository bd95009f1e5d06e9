import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Menu, X } from 'lucide-react';
import { cn } from '../components/ui/cn';
import { dashboardPathFor, featuresPathFor, useSession } from '../features/auth/session';
import { NotificationBell } from '../features/notifications';

// Only signed-in users have a program; signed-out pages load no code for it (the landing page's script budget).
const DesktopProgramMenu = lazy(() => import('./program-menu').then((module) => ({ default: module.DesktopProgramMenu })));
const MobileProgramLinks = lazy(() => import('./program-menu').then((module) => ({ default: module.MobileProgramLinks })));

type NavItem = { to: string; label: string };

function navItemsFor(user: ReturnType<typeof useSession>['user']): NavItem[] {
  if (!user) {
    return [
      { to: '/business-features', label: 'For Business' },
      { to: '/pro-staff-features', label: 'For Pro Staff' },
      { to: '/auth', label: 'Sign In' },
    ];
  }
  // A missing userType is treated as business.
  const isBusiness = user.userType !== 'pro_staff';
  return [
    { to: '/search', label: 'Browse' },
    { to: featuresPathFor(user.userType), label: 'Features' },
    { to: dashboardPathFor(user.userType), label: 'Dashboard' },
    { to: '/messages', label: 'Messages' },
    { to: '/reviews', label: 'Reviews' },
    { to: '/advertisements', label: 'Ads' },
    ...(isBusiness ? [{ to: '/discount-codes', label: 'Codes' }, { to: '/ecommerce-integration', label: 'E-commerce' }] : []),
    { to: '/profile', label: 'Profile' },
    // Admins reach /admin from the header instead of typing the address.
    ...(user.isAdmin ? [{ to: '/admin', label: 'Admin' }] : []),
  ];
}

export function Header() {
  const session = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const items = navItemsFor(session.user);

  const logout = async () => {
    setOpen(false);
    await session.signOut();
    navigate('/');
  };

  // The full menu with the bell and Program needs about 1,100 px for an admin (shell.spec checks it at 1,280 px): below
  // the xl breakpoint it folds into the menu button.
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn('whitespace-nowrap rounded-md px-3 py-2 xl:px-2.5 text-sm font-medium transition-colors hover:bg-forest-800', isActive ? 'bg-forest-800 text-white' : 'text-forest-50');

  return (
    <header className="sticky top-0 z-30 bg-forest-700 text-white shadow">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Link to="/" className="flex shrink-0 items-center gap-2 text-lg font-bold tracking-tight">
          <img src="/favicon.svg" alt="" className="h-8 w-8" />
          HuntStaff
        </Link>
        <div className="flex items-center gap-1">
          <nav aria-label="Main" className="hidden items-center gap-0.5 xl:flex">
            {items.map((item) => (
              <NavLink key={item.to + item.label} to={item.to} className={linkClass}>
                {item.label}
              </NavLink>
            ))}
            {session.user && (
              <Suspense fallback={null}>
                <DesktopProgramMenu userType={session.user.userType} linkClass={linkClass} />
              </Suspense>
            )}
            {session.user && (
              <button type="button" onClick={logout} className="rounded-md px-3 py-2 text-sm font-medium text-forest-50 hover:bg-forest-800">
                Logout
              </button>
            )}
          </nav>
          <NotificationBell signedIn={Boolean(session.user)} onNavigate={() => setOpen(false)} />
          <button
            type="button"
            className="rounded-md p-2 hover:bg-forest-800 xl:hidden"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen(!open)}
          >
            {open ? <X className="h-6 w-6" /> : <Menu className="h-6 w-6" />}
          </button>
        </div>
      </div>
      {open && (
        <nav id="mobile-menu" aria-label="Mobile" className="flex flex-col gap-1 border-t border-forest-800 px-4 py-3 xl:hidden">
          {items.map((item) => (
            <NavLink key={item.to + item.label} to={item.to} className={linkClass} onClick={() => setOpen(false)}>
              {item.label}
            </NavLink>
          ))}
          {session.user && (
            <Suspense fallback={null}>
              <MobileProgramLinks userType={session.user.userType} linkClass={linkClass} onNavigate={() => setOpen(false)} />
            </Suspense>
          )}
          {session.user && (
            <button type="button" onClick={logout} className="rounded-md px-3 py-2 text-left text-sm font-medium text-forest-50 hover:bg-forest-800">
              Logout
            </button>
          )}
        </nav>
      )}
    </header>
  );
}
