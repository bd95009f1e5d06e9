import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@shared/contracts/auth';
import { apiRequest, ApiError } from '@client/lib/api';

/** Local storage key holding the signed-in user (decision record 010 §9: named after the product's user). */
export const USER_STORAGE_KEY = 'huntstaffUser';

function readStoredUser(): SessionUser | null {
  try {
    const raw = localStorage.getItem(USER_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as unknown;
    // Decision record 010 §4/5: a saved session counts only if it is an object with an id.
    if (parsed && typeof parsed === 'object' && 'id' in parsed && (parsed as { id: unknown }).id) return parsed as SessionUser;
  } catch {
    // Corrupt data is discarded below.
  }
  localStorage.removeItem(USER_STORAGE_KEY);
  return null;
}

/** The server's marker after a sign-in by the HTML form (SIGNED_IN_BY_FORM_COOKIE in form-routes.ts), taken once. */
const SIGNED_IN_BY_FORM_COOKIE = 'hs_signed_in_by_form';
function takeSignedInByFormMarker(): boolean {
  if (!document.cookie.split('; ').includes(`${SIGNED_IN_BY_FORM_COOKIE}=1`)) return false;
  document.cookie = `${SIGNED_IN_BY_FORM_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  return true;
}

type SessionContextValue = {
  user: SessionUser | null;
  signIn(user: SessionUser): void;
  signOut(): Promise<void>;
  /** Re-reads the user from the server (after creating a profile or changing plan). */
  refresh(): Promise<void>;
};

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * `prerendered`: the page was rendered to HTML without a session, so the first client render
 * must match it (signed out) and the stored user is applied right after hydration.
 */
export function SessionProvider({ children, prerendered = false }: { children: ReactNode; prerendered?: boolean }) {
  const [user, setUser] = useState<SessionUser | null>(() => (prerendered ? null : readStoredUser()));
  const queryClient = useQueryClient();

  useLayoutEffect(() => {
    if (prerendered) setUser(readStoredUser());
  }, [prerendered]);

  // Counts sign-ins and sign-outs. A session check applies its answer only if none happened while it
  // was under way: a late 401 about the previous session must not sign out the user who just signed in.
  const generation = useRef(0);

  const store = useCallback((next: SessionUser | null) => {
    setUser(next);
    if (next) localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(next));
    else localStorage.removeItem(USER_STORAGE_KEY);
  }, []);

  const refresh = useCallback(async () => {
    const asked = generation.current;
    const stillCurrent = () => generation.current === asked;
    try {
      const me = await apiRequest<SessionUser>('GET', '/api/auth/me');
      if (stillCurrent()) store(me);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && stillCurrent()) store(null);
    }
  }, [store]);

  // The stored copy is only a hint for the first paint; the server has the last word.
  // Without one there is nobody to confirm (the session cookie goes with the stored user), unless the sign-in was a
  // native form post made before the app started (decision record 034), which leaves a marker cookie saying so.
  useEffect(() => {
    if (readStoredUser() || takeSignedInByFormMarker()) void refresh();
  }, [refresh]);

  const value = useMemo<SessionContextValue>(
    () => ({
      user,
      signIn: (next) => {
        generation.current += 1;
        queryClient.clear();
        store(next);
      },
      signOut: async () => {
        generation.current += 1;
        try {
          await apiRequest('POST', '/api/auth/logout');
        } finally {
          store(null);
          queryClient.clear();
        }
      },
      refresh,
    }),
    [user, store, refresh, queryClient],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}

export function dashboardPathFor(userType: string | null | undefined): string {
  return userType === 'pro_staff' ? '/pro-staff-dashboard' : '/business-dashboard';
}

export function featuresPathFor(userType: string | null | undefined): string {
  return userType === 'pro_staff' ? '/pro-staff-features' : '/business-features';
}
