import { TriangleAlert } from 'lucide-react';
import type { IntegrationPlatformWithSecrets } from '@shared/contracts/discounts';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { CopyButton } from '@client/components/copy-button';

function SecretRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium">{label}</span>
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 break-all rounded-md border border-bark-200 bg-bark-50 px-3 py-2 font-mono text-xs" data-testid={`secret-${label}`}>{value}</code>
        <CopyButton text={value} label={`Copy ${label}`} toastTitle="Copied" toastDescription={`${label} copied to clipboard.`} />
      </div>
    </div>
  );
}

/** The only time the API key is shown in full (after adding a platform or issuing a new key). */
export function PlatformSecretsDialog({ platform, onClose }: { platform: IntegrationPlatformWithSecrets | null; onClose(): void }) {
  const webhookUrl = platform?.storeWebhookPath ? `${window.location.origin}${platform.storeWebhookPath}` : null;
  return (
    <Dialog open={platform !== null} onOpenChange={(open) => !open && onClose()}>
      {platform && (
        <DialogContent title={`Keys for ${platform.name}`}>
          <div className="flex flex-col gap-4">
            <p className="flex gap-2 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
              <TriangleAlert className="h-5 w-5 shrink-0" aria-hidden />
              Copy the keys now: they are shown only once. If you lose one, issue a new one from the platform card.
            </p>
            <SecretRow label="Publishable key" value={platform.publishableKey ?? platform.apiKey} />
            <p className="-mt-2 text-xs text-bark-700">Safe in page source: page views, code checks and unverified order signals.</p>
            {platform.secretKey && !platform.secretKey.includes('•') && (
              <>
                <SecretRow label="Secret key" value={platform.secretKey} />
                <p className="-mt-2 text-xs text-bark-700">Server to server only (track-usage): the only key that can create a commission. Never put it in a page.</p>
              </>
            )}
            <SecretRow label="Webhook secret" value={platform.webhookSecret} />
            {webhookUrl && <SecretRow label="Webhook URL" value={webhookUrl} />}
            <div className="flex justify-end">
              <Button onClick={onClose}>Done</Button>
            </div>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
