import type { ComponentType, ReactNode } from 'react';
import { Package } from 'lucide-react';
import { Skeleton } from './ui/skeleton';
import { describeError } from '@client/lib/api';

/** Loading, error and empty states of a list, the same on every program screen (gear, flagged orders). */
export function ListState({ query, empty, icon: Icon = Package, children }: { query: { isLoading: boolean; isError: boolean; error: unknown }; empty: ReactNode | null; icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>; children?: ReactNode }) {
  if (query.isLoading) {
    return (
      <div role="status" aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only">Loading</span>
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  }
  if (query.isError) return <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">{describeError(query.error)}</p>;
  if (empty !== null) {
    return (
      <div className="rounded-xl border border-dashed border-bark-200 p-8 text-center">
        <Icon className="mx-auto h-8 w-8 text-bark-500" aria-hidden />
        <p className="mt-2 font-medium">{empty}</p>
      </div>
    );
  }
  return <>{children}</>;
}
