import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const VISITOR_KEY = 'huntstaffVisitor';
const DEBOUNCE_MS = 1000;

/** A random id per browser tab session, so the admin page can count anonymous visitors (not a fingerprint). */
function visitorId(): string | undefined {
  try {
    let id = sessionStorage.getItem(VISITOR_KEY);
    if (!id) {
      id = crypto.randomUUID();
      sessionStorage.setItem(VISITOR_KEY, id);
    }
    return id;
  } catch {
    return undefined;
  }
}

/** Records one page view per route change, after the route settles; failures are ignored. */
export function PageViewTracker() {
  const { pathname } = useLocation();
  const last = useRef<string | null>(null);

  useEffect(() => {
    if (pathname === last.current) return;
    const timer = setTimeout(() => {
      last.current = pathname;
      void fetch('/api/page-views', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ path: pathname, visitorId: visitorId() }),
        credentials: 'include',
        keepalive: true,
      }).catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [pathname]);

  return null;
}
