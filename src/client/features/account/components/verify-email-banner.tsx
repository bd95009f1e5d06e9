import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { useSession } from '@client/features/auth';
import { resendVerification } from '../api';

/**
 * Shown on every page while the signed-in account's email is unconfirmed (decision record 027): says what is held
 * back and why, and sends the link again. The server enforces the rule; this only explains it.
 */
export function VerifyEmailBanner() {
  const { user } = useSession();
  const [sending, setSending] = useState(false);
  // Strictly false: a copy stored before the field existed shows nothing until the server has answered.
  if (!user || user.emailVerified !== false) return null;
  const resend = async () => {
    setSending(true);
    try {
      const { message } = await resendVerification();
      toast({ title: 'Link sent', description: message });
    } catch (error) {
      toast({ title: 'Could not send the link', description: describeError(error), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };
  return (
    <div role="region" aria-label="Confirm your email" className="border-b border-amber-300 bg-amber-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3 text-sm text-amber-950">
        <p className="min-w-0 basis-full break-words sm:flex-1 sm:basis-0">
          <strong>Confirm your email address.</strong> We sent a link to <span className="break-all">{user.email}</span>. Until you open it you can
          complete your profile and look around, but not send messages, apply to or post jobs, or change codes, agreements, campaigns, gear or payments.
        </p>
        <Button type="button" size="sm" variant="outline" disabled={sending} onClick={resend}>
          Resend link
        </Button>
      </div>
    </div>
  );
}
