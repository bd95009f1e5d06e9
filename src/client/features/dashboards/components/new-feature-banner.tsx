import { useState, type ReactNode } from 'react';
import { Sparkles, X } from 'lucide-react';

/** A dismissible announcement; dismissal is remembered in this browser. */
export function NewFeatureBanner({ storageKey, children }: { storageKey: string; children: ReactNode }) {
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(storageKey) === 'dismissed');
  if (dismissed) return null;
  return (
    <div className="mb-4 flex items-start gap-3 rounded-lg border border-forest-200 bg-forest-50 p-3 text-sm text-forest-900 sm:mb-6 sm:p-4" role="note">
      <Sparkles className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <div className="flex-1">{children}</div>
      <button
        type="button"
        className="rounded p-0.5 hover:bg-forest-100"
        aria-label="Dismiss announcement"
        onClick={() => {
          localStorage.setItem(storageKey, 'dismissed');
          setDismissed(true);
        }}
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}
