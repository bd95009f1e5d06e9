import { Mail, UserRound } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { useMyAccountManager } from '../api';

/** An Enterprise business's named account manager, on its dashboard (decision record 046); nothing on other plans. */
export function AccountManagerCard({ enterprise }: { enterprise: boolean }) {
  const manager = useMyAccountManager(enterprise);
  if (!enterprise || !manager.data?.included) return null;
  const named = manager.data.manager;
  return (
    <Card data-testid="account-manager">
      <CardHeader><CardTitle className="flex items-center gap-2"><UserRound aria-hidden className="h-5 w-5 text-forest-700" /> Your account manager</CardTitle></CardHeader>
      <CardContent className="text-sm">
        {named ? (
          <>
            <p className="min-w-0 font-medium text-bark-900 [overflow-wrap:anywhere]">{named.name}</p>
            <a href={`mailto:${named.email}`} className="mt-1 inline-flex items-center gap-1 break-all text-forest-700 underline"><Mail aria-hidden className="h-4 w-4" />{named.email}</a>
          </>
        ) : (
          <p className="text-bark-700">We are naming your account manager; until then, write to us from Contact Us and we answer by email.</p>
        )}
      </CardContent>
    </Card>
  );
}
