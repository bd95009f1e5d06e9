import { toast, type ToastInput } from '@client/components/ui/toast';
import { describeError } from './api';

/** The app's one way to say an action failed: a red "Error" toast with the server's message, else `fallback`. */
export function toastError(error: unknown, fallback?: string, extra: Pick<ToastInput, 'link'> = {}): void {
  toast({ title: 'Error', description: describeError(error, fallback), variant: 'destructive', ...extra });
}
