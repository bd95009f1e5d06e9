import { useSyncExternalStore } from 'react';

// The toast store, without the Radix component that draws it (toast.tsx): pages call `toast()`, and the app shell
// loads the Toaster only once there is something to show, so a visitor's first page does not load it (issue 10).
// Decision record 010 §9: at most one toast at a time, shown for 5 s, swiped right to dismiss (50 px).
export const TOAST_DURATION_MS = 5000;

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

export function dismiss(id: number) {
  items = items.map((item) => (item.id === id ? { ...item, open: false } : item));
  emit();
}

const noToasts: ToastItem[] = [];

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => items,
    () => noToasts,
  );
}


/** Whether any toast was ever asked for (the shell mounts the Toaster from then on). */
export function useAnyToast(): boolean {
  return useToasts().length > 0;
}
