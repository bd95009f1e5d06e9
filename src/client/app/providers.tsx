import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/api';
import { SessionProvider } from '../features/auth/session';
import { useAnyToast } from '../components/ui/toast-store';

// Loaded with the first toast: a visitor's first page does not need it (the landing page's budget, issue 10).
const Toaster = lazy(() => import('../components/ui/toast').then((module) => ({ default: module.Toaster })));

function ToasterWhenNeeded() {
  return useAnyToast() ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

export function Providers({ children, prerendered = false }: { children: ReactNode; prerendered?: boolean }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider prerendered={prerendered}>
        {children}
        <ToasterWhenNeeded />
      </SessionProvider>
    </QueryClientProvider>
  );
}
