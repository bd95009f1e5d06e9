import { KeyRound, Power, Settings, Trash2 } from 'lucide-react';
import { platformTypeLabels, WEBHOOK_SECRET_GRACE_HOURS, type IntegrationPlatform } from '@shared/contracts/discounts';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { formatDateTime } from '../format';
import type { RotatableKey } from '../api';
import { CopyButton } from '@client/components/copy-button';
import { SquarePanel } from './square-panel';
import { SquarespaceConnect } from './platform-squarespace';

const rotateQuestions: Record<RotatableKey, (name: string) => string> = {
  publishable: (name) => `Issue a new publishable key for ${name}? The current one stops working immediately: update your storefront snippet.`,
  secret: (name) => `Issue a new secret key for ${name}? The current one stops working immediately: update your server.`,
  webhookSecret: (name) =>
    `Issue a new webhook signing secret for ${name}? The current one is still accepted for ${WEBHOOK_SECRET_GRACE_HOURS} hours while you update your store.`,
};

export function PlatformCard({
  platform, onToggle, onRotate, onSettings, onDelete, busy,
}: {
  platform: IntegrationPlatform;
  onToggle(): void;
  onRotate(key: RotatableKey): void;
  onSettings(): void;
  onDelete(): void;
  busy: boolean;
}) {
  const webhookUrl = platform.storeWebhookPath ? `${window.location.origin}${platform.storeWebhookPath}` : null;
  const rotate = (key: RotatableKey) => window.confirm(rotateQuestions[key](platform.name)) && onRotate(key);
  return (
    <Card data-testid={`platform-${platform.id}`}>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div>
          <CardTitle>{platform.name}</CardTitle>
          <div className="mt-1 flex gap-2">
            <Badge tone="outline">{platformTypeLabels[platform.platformType]}</Badge>
            <Badge tone={platform.isActive ? 'green' : 'neutral'}>{platform.isActive ? 'Active' : 'Inactive'}</Badge>
          </div>
        </div>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-2 text-sm">
          <div>
            <dt className="text-bark-700">Publishable key (page source: page views, code checks, unverified order signals)</dt>
            <dd className="break-all font-mono">{platform.publishableKey ?? platform.apiKey}</dd>
          </div>
          <div>
            <dt className="text-bark-700">Secret key (your server only: payable orders)</dt>
            <dd className="break-all font-mono">{platform.secretKey ?? 'Not issued yet'}</dd>
          </div>
          <div>
            <dt className="text-bark-700">Webhook signing secret</dt>
            <dd className="font-mono">
              {platform.webhookSecretHint}
              {platform.previousSecretExpiresAt && (
                <span className="ml-2 font-sans text-xs text-bark-700">previous secret accepted until {formatDateTime(platform.previousSecretExpiresAt)}</span>
              )}
            </dd>
          </div>
          {platform.platformType === 'bigcommerce' && (
            <div>
              <dt className="text-bark-700">BigCommerce API</dt>
              <dd>{platform.bigcommerceStoreHash && platform.hasBigcommerceToken ? `Store ${platform.bigcommerceStoreHash}, token saved` : 'Not connected: orders cannot be fetched'}</dd>
            </div>
          )}
          <div>
            <dt className="text-bark-700">Business ID</dt>
            <dd className="font-mono">{platform.businessId}</dd>
          </div>
          {platform.storeUrl && (
            <div>
              <dt className="text-bark-700">Store URL</dt>
              <dd className="break-all">{platform.storeUrl}</dd>
            </div>
          )}
          {webhookUrl && (
            <div>
              <dt className="text-bark-700">Order webhook URL</dt>
              <dd className="flex items-center gap-2">
                <code className="min-w-0 flex-1 break-all text-xs">{webhookUrl}</code>
                <CopyButton text={webhookUrl} label={`Copy webhook URL for ${platform.name}`} toastTitle="Copied" toastDescription="Webhook URL copied to clipboard." />
              </dd>
            </div>
          )}
        </dl>
        {platform.platformType === 'square' && <SquarePanel platform={platform} />}
        <div className="mt-4 flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onToggle} disabled={busy}>
            <Power className="h-4 w-4" aria-hidden /> {platform.isActive ? 'Deactivate' : 'Activate'}
          </Button>
          <Button variant="outline" size="sm" onClick={() => rotate('publishable')} disabled={busy}>
            <KeyRound className="h-4 w-4" aria-hidden /> New Publishable Key
          </Button>
          <Button variant="outline" size="sm" onClick={() => rotate('secret')} disabled={busy}>
            <KeyRound className="h-4 w-4" aria-hidden /> {platform.secretKey ? 'New Secret Key' : 'Issue Secret Key'}
          </Button>
          {/* Squarespace issues its own signing secret: Subscribe again replaces it (decision record 040). */}
          {platform.platformType !== 'squarespace' && (
            <Button variant="outline" size="sm" onClick={() => rotate('webhookSecret')} disabled={busy}>
              <KeyRound className="h-4 w-4" aria-hidden /> New Signing Secret
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={onSettings} disabled={busy}>
            <Settings className="h-4 w-4" aria-hidden /> Settings
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() => window.confirm(`Delete ${platform.name}? Its keys stop working. Orders, commissions and the delivery log are kept.`) && onDelete()}
          >
            <Trash2 className="h-4 w-4" aria-hidden /> Delete
          </Button>
        </div>
        {platform.platformType === 'squarespace' && <SquarespaceConnect platform={platform} />}
      </CardContent>
    </Card>
  );
}
