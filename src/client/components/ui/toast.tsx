import { Toast as RadixToast } from 'radix-ui';
import { cn } from './cn';
import { dismiss, TOAST_DURATION_MS, useToasts } from './toast-store';

export { toast, type ToastInput } from './toast-store';

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
