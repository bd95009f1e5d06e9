import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export function DialogContent({ className, children, title, description, ...props }: ComponentProps<typeof RadixDialog.Content> & { title: ReactNode; description?: ReactNode }) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
      <RadixDialog.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
      >
        <RadixDialog.Title className="pr-8 text-lg font-semibold">{title}</RadixDialog.Title>
        {description && <RadixDialog.Description className="mt-1 text-sm text-bark-700">{description}</RadixDialog.Description>}
        <div className="mt-4">{children}</div>
        <RadixDialog.Close className="absolute right-4 top-4 rounded p-1 text-bark-700 hover:bg-bark-100" aria-label="Close">
          <X className="h-4 w-4" />
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
