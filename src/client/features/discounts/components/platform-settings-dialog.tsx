import { useEffect, useState, type FormEvent } from 'react';
import { WEBHOOK_SECRET_GRACE_HOURS, type IntegrationPlatform, type UpdatePlatformBody } from '@shared/contracts/discounts';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Field } from '@client/components/ui/label';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { useUpdatePlatform } from '../api';
import { MagentoCredentialsForm } from './magento-credentials-form';

/** Change the signing secret the store uses (old one kept for the grace period) and, for BigCommerce, the API credentials. */
export function PlatformSettingsDialog({ platform, businessId, onClose }: { platform: IntegrationPlatform | null; businessId: number; onClose(): void }) {
  const update = useUpdatePlatform(businessId);
  const [webhookSecret, setWebhookSecret] = useState('');
  const [storeHash, setStoreHash] = useState('');
  const [apiToken, setApiToken] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setWebhookSecret('');
    setApiToken('');
    setStoreHash(platform?.bigcommerceStoreHash ?? '');
    setError(null);
  }, [platform]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!platform) return;
    const body: UpdatePlatformBody = {};
    if (webhookSecret.trim()) body.webhookSecret = webhookSecret.trim();
    if (platform.platformType === 'bigcommerce') {
      if (storeHash.trim() !== (platform.bigcommerceStoreHash ?? '')) body.bigcommerceStoreHash = storeHash.trim();
      if (apiToken.trim()) body.bigcommerceApiToken = apiToken.trim();
    }
    if (Object.keys(body).length === 0) return onClose();
    try {
      await update.mutateAsync({ id: platform.id, body });
      toast({ title: 'Success', description: 'Integration platform settings saved.' });
      onClose();
    } catch (err) {
      setError(describeError(err));
    }
  }

  return (
    <Dialog open={platform !== null} onOpenChange={(open) => !open && onClose()}>
      {platform && (
        <DialogContent title={`Settings for ${platform.name}`} description={`A new signing secret takes effect now; the current one is still accepted for ${WEBHOOK_SECRET_GRACE_HOURS} hours.`}>
          {/* method="post" and no action: never a native GET with secrets in the URL. */}
          <form method="post" onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4" noValidate>
            <Field id="platform-webhook-secret" label="New webhook signing secret (leave empty to keep)">
              <Input id="platform-webhook-secret" type="password" autoComplete="off" value={webhookSecret} onChange={(e) => setWebhookSecret(e.target.value)} />
            </Field>
            {platform.platformType === 'bigcommerce' && (
              <>
                <Field id="platform-bc-hash" label="BigCommerce store hash (from https://api.bigcommerce.com/stores/{hash}/)">
                  <Input id="platform-bc-hash" autoComplete="off" value={storeHash} onChange={(e) => setStoreHash(e.target.value)} />
                </Field>
                <Field id="platform-bc-token" label={platform.hasBigcommerceToken ? 'New API access token (a token is saved; leave empty to keep)' : 'API access token (Orders: read-only)'}>
                  <Input id="platform-bc-token" type="password" autoComplete="off" value={apiToken} onChange={(e) => setApiToken(e.target.value)} />
                </Field>
              </>
            )}
            {error && <p role="alert" className="text-sm text-red-800">{error}</p>}
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={onClose}>Cancel</Button>
              <Button type="submit" disabled={update.isPending}>Save</Button>
            </div>
          </form>
          {platform.platformType === 'magento' && <MagentoCredentialsForm platform={platform} />}
        </DialogContent>
      )}
    </Dialog>
  );
}
