import { useState } from 'react';
import { notificationKindLabels, notificationKinds, type NotificationKind, type NotificationSettings, type UpdateNotificationSettingsBody } from '@shared/contracts/notifications';
import { TitledCard } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/toast';
import { toastError } from '@client/lib/toast-error';
import { mergeSettings, useNotificationSettings, useUpdateNotificationSettings } from '../api';

/**
 * Which kinds also come by email, and the weekly digest: each box saves when it changes. The boxes show the user's
 * choice at once (local state, set in the same event, so a controlled checkbox never flips back while the request
 * runs); a refusal shows the saved settings again.
 */
export function EmailSettingsCard() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const [chosen, setChosen] = useState<NotificationSettings | null>(null);
  const shown = chosen ?? settings.data;

  const save = (body: UpdateNotificationSettingsBody) => {
    if (!shown) return;
    setChosen(mergeSettings(shown, body));
    update.mutate(body, {
      onSuccess: () => toast({ title: 'Email settings saved' }),
      onError: (error) => {
        setChosen(null);
        toastError(error);
      },
    });
  };

  return (
    <TitledCard title="Email me about" titleId="email-settings-title" description="Everything is always listed here; choose what also comes by email.">
      {!shown ? (
        <div role="status" aria-busy="true"><span className="sr-only">Loading email settings</span><Skeleton className="h-40" /></div>
      ) : (
        <fieldset aria-labelledby="email-settings-title" className="flex flex-col gap-3">
          {notificationKinds.map((kind: NotificationKind) => (
            <label key={kind} className="flex items-center gap-3 text-sm">
              <input type="checkbox" className="h-4 w-4 accent-forest-700" checked={shown.email[kind]} onChange={(event) => save({ email: { [kind]: event.target.checked } })} />
              {notificationKindLabels[kind]}
            </label>
          ))}
          <hr className="border-bark-200" />
          <label className="flex items-center gap-3 text-sm">
            <input type="checkbox" className="h-4 w-4 accent-forest-700" checked={shown.weeklyDigest} onChange={(event) => save({ weeklyDigest: event.target.checked })} />
            A weekly digest of what I have not read
          </label>
        </fieldset>
      )}
    </TitledCard>
  );
}
