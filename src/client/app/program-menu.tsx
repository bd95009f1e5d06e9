import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cn } from '../components/ui/cn';

export type ProgramItem = { to: string; label: string };

/**
 * Loaded only for signed-in users (lazy, from the header): signed-out pages, the landing page first, do not carry it.
 *
 * The program pages (roster or agreements, campaigns, credentials, goals, gear) as one header entry: the specification's
 * header has no room for four more links at 1,280 px, and these pages belong together. A disclosure button (not a
 * Radix menu: nothing extra in the bundle every page loads) that closes on Escape, on a click outside and on navigation.
 */
export function ProgramMenu({ items, linkClass }: { items: ProgramItem[]; linkClass: (state: { isActive: boolean }) => string }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const active = items.some((item) => location.pathname === item.to || location.pathname.startsWith(`${item.to}/`));

  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className={cn(linkClass({ isActive: active }), 'inline-flex items-center gap-1')}
      >
        Program
        {/* A text arrow, not an icon component: this menu is in the header every page loads (page-weight budget). */}
        <span aria-hidden className={cn('inline-block text-xs transition-transform', open && 'rotate-180')}>▾</span>
      </button>
      {open && (
        <ul id={listId} className="absolute right-0 z-40 mt-1 min-w-44 rounded-md border border-forest-800 bg-forest-700 p-1 shadow-lg">
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={(state) => cn(linkClass(state), 'block')}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The same links in the folded (phone) menu, as a labelled group. */
export function MobileProgramLinks({ userType, linkClass, onNavigate }: { userType: string | null | undefined; linkClass: (state: { isActive: boolean }) => string; onNavigate: () => void }) {
  return (
    <div role="group" aria-labelledby="mobile-program-heading" className="mt-1 flex flex-col gap-1 border-t border-forest-800 pt-2">
      <span id="mobile-program-heading" className="px-3 text-xs font-semibold uppercase tracking-wide text-forest-200">
        Program
      </span>
      {programItemsFor(userType).map((item) => (
        <NavLink key={item.to} to={item.to} className={linkClass} onClick={onNavigate}>
          {item.label}
        </NavLink>
      ))}
    </div>
  );
}

/** The desktop entry for a signed-in user's type. */
export function DesktopProgramMenu({ userType, linkClass }: { userType: string | null | undefined; linkClass: (state: { isActive: boolean }) => string }) {
  return <ProgramMenu items={programItemsFor(userType)} linkClass={linkClass} />;
}

/** The program pages for a signed-in user's type (a missing type is a business, as in the rest of the header). */
export function programItemsFor(userType: string | null | undefined): ProgramItem[] {
  if (userType === 'pro_staff') {
    return [
      { to: '/agreements', label: 'My Agreements' },
      { to: '/campaigns', label: 'Campaigns' },
      { to: '/credentials', label: 'Credentials' },
      { to: '/goals', label: 'Goals' },
      { to: '/my-gear', label: 'My Gear' },
      { to: '/earnings', label: 'Earnings' },
      { to: '/coaching', label: 'Coaching' },
    ];
  }
  return [
    { to: '/agreements', label: 'Roster' },
    { to: '/campaigns', label: 'Campaigns' },
    { to: '/goals', label: 'Goals' },
    { to: '/events', label: 'Events' },
    { to: '/gear', label: 'Gear' },
    { to: '/flagged-orders', label: 'Flagged Orders' },
    // Enterprise API access (decision record 043); the page explains the plan to the others.
    { to: '/api-tokens', label: 'API Tokens' },
    { to: '/webhooks', label: 'Webhooks' },
  ];
}
