import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Header } from './header';
import { Footer } from './footer';
import { ErrorBoundary } from './error-boundary';
import { Spinner } from '../components/ui/spinner';
import { PageViewTracker } from '../features/admin/components/page-view-tracker';
import { useSession } from '../features/auth/session';
import { replayEarlyInputIfAny } from './early-input-handoff';

// Only a signed-in account can have something to confirm or protect, so a visitor's first page never loads the
// account feature (the landing page's 150 KiB budget, issue 10).
const AccountNotices = lazy(() => import('../features/account').then((account) => ({ default: account.AccountNotices })));

export function Layout() {
  const location = useLocation();
  const { user } = useSession();
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      <PageViewTracker />
      <Header />
      {user ? (
        <Suspense fallback={null}>
          <AccountNotices />
        </Suspense>
      ) : null}
      <main id="main" className="flex-1">
        {/* Keyed by path so "Try Again" on one page does not stick to the next. */}
        <ErrorBoundary key={location.pathname}>
          <Suspense fallback={<div className="flex justify-center py-24"><Spinner /></div>}>
            <Outlet />
            <PageReady />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}

/**
 * Marks the document once the page is interactive: prerendered HTML is visible before it is
 * hydrated, and end-to-end tests wait for this before they click. What the visitor did to the
 * prerendered controls before that is replayed first (early-input-handoff.ts).
 */
function PageReady() {
  useEffect(() => {
    replayEarlyInputIfAny();
    document.documentElement.dataset.pageReady = 'true';
  }, []);
  return null;
}
