import { useSyncExternalStore } from 'react';
import { Toast as RadixToast } from 'radix-ui';
import { cn } from './cn';

// Decision record 010 §9: at most one toast at a time, shown for 5 s, swiped right to dismiss (50 px).
const TOAST_DURATION_MS = 5000;

/** `duration` (ms) overrides the 5 s default, e.g. 2000 for copy confirmations. */
export type ToastInput = {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  duration?: number;
  /** A follow-up link, e.g. "Upgrade your plan" on a plan-limit refusal (the toaster sits outside the router). */
  link?: { href: string; label: string };
};
type ToastItem = ToastInput & { id: number; open: boolean };

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function toast(input: ToastInput): void {
  items = [{ ...input, id: nextId++, open: true }];
  emit();
}

function dismiss(id: number) {
  items = items.map((item) => (item.id === id ? { ...item, open: false } : item));
  emit();
}

const noToasts: ToastItem[] = [];

function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => items,
    () => noToasts,
  );
}

export function Toaster() {
  const toasts = useToasts();
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((item) => (
        <RadixToast.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          onOpenChange={(open) => !open && dismiss(item.id)}
          className={cn(
            'rounded-lg border p-4 pr-8 shadow-lg',
            item.variant === 'destructive' ? 'border-red-300 bg-red-700 text-white' : 'border-bark-200 bg-white text-bark-900',
          )}
        >
          <RadixToast.Title className="text-sm font-semibold">{item.title}</RadixToast.Title>
          {item.description && <RadixToast.Description className="mt-1 text-sm opacity-90">{item.description}</RadixToast.Description>}
          {item.link && (
            <a href={item.link.href} className="mt-2 inline-block text-sm font-semibold underline underline-offset-4">
              {item.link.label}
            </a>
          )}
          <RadixToast.Close aria-label="Dismiss" className="absolute right-2 top-2 rounded px-1 text-lg leading-none opacity-70 hover:opacity-100">
            ×
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="fixed bottom-4 right-4 z-[100] flex w-[360px] max-w-[calc(100vw-2rem)] flex-col gap-2 outline-none" />
    </RadixToast.Provider>
  );
}
