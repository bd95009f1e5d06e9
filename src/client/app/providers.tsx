import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/api';
import { SessionProvider } from '../features/auth/session';
import { Toaster } from '../components/ui/toast';

export function Providers({ children, prerendered = false }: { children: ReactNode; prerendered?: boolean }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider prerendered={prerendered}>
        {children}
        <Toaster />
      </SessionProvider>
    </QueryClientProvider>
  );
}
