import type { ReactNode } from 'react';
import { cn } from './cn';

/** The standard page frame: a width limit, padding and an optional heading. */
export function Page({ title, description, actions, children, className }: { title?: ReactNode; description?: ReactNode; actions?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={cn('mx-auto w-full max-w-6xl px-4 py-8 sm:px-6', className)}>
      {(title || actions) && (
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <div>
            {title && <h1 className="text-2xl font-bold tracking-tight text-bark-900 sm:text-3xl">{title}</h1>}
            {description && <p className="mt-1 text-bark-700">{description}</p>}
          </div>
          {actions}
        </div>
      )}
      {children}
    </div>
  );
}

/** A centred message for empty, signed-out and error states. */
export function Notice({ title, children, action }: { title: ReactNode; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="mx-auto my-12 max-w-md rounded-xl border border-bark-200 bg-white p-8 text-center shadow-sm">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children && <div className="mt-2 text-sm text-bark-700">{children}</div>}
      {action && <div className="mt-4 flex justify-center gap-2">{action}</div>}
    </div>
  );
}
