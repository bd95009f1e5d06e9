import { useState } from 'react';
import { AlertDialog } from 'radix-ui';
import { Link, useLocation, useNavigate } from 'react-router';
import { LEGAL_UPDATED, TERMS_VERSION } from '@shared/legal';
import { Button } from '@client/components/ui/button';
import { describeError } from '@client/lib/api';
import { useSession } from '@client/features/auth';
import { acceptTerms } from '../api';

/** The pages the notice links to: it steps aside there so they can be read. */
const LEGAL_PATHS = new Set(['/terms-of-service', '/privacy-policy']);

/**
 * Shown over every page while the signed-in account has not accepted the current Terms of Service and Privacy
 * Policy (decision record 027): a modal alert dialog (focus kept inside, Escape and outside clicks do nothing) with
 * links to both pages, "I accept", which records the acceptance on the server, and "Sign out". The server refuses
 * nothing meanwhile: this notice is the whole rule.
 */
export function TermsUpdateNotice() {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Strictly true: a copy stored before the field existed shows nothing until the server has answered.
  if (session.user?.mustAcceptTerms !== true || LEGAL_PATHS.has(pathname)) return null;

  const accept = async () => {
    setSaving(true);
    setError(null);
    try {
      await acceptTerms(TERMS_VERSION);
      await session.refresh();
    } catch (caught) {
      setError(describeError(caught));
    } finally {
      setSaving(false);
    }
  };
  const signOut = async () => {
    await session.signOut();
    navigate('/');
  };

  return (
    <AlertDialog.Root open>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <AlertDialog.Content
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl"
          onEscapeKeyDown={(event) => event.preventDefault()}
        >
          <AlertDialog.Title className="text-lg font-semibold">We updated our Terms of Service</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-bark-700">
            Our Terms of Service and Privacy Policy changed on {LEGAL_UPDATED}. Please read them and accept them to keep using HuntStaff.
          </AlertDialog.Description>
          <ul className="mt-3 space-y-1 text-sm">
            <li>
              <Link to="/terms-of-service" className="font-medium text-forest-800 underline">Terms of Service</Link>
            </li>
            <li>
              <Link to="/privacy-policy" className="font-medium text-forest-800 underline">Privacy Policy</Link>
            </li>
          </ul>
          {error && (
            <p role="alert" className="mt-3 text-sm text-red-700">
              {error}
            </p>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            {/* The dialog's Cancel, so it takes the focus when the notice opens (the step that decides nothing). */}
            <AlertDialog.Cancel asChild>
              <Button type="button" variant="outline" onClick={signOut}>Sign out</Button>
            </AlertDialog.Cancel>
            <Button type="button" disabled={saving} onClick={accept}>I accept</Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
