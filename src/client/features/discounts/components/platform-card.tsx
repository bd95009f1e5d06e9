import { KeyRound, Power } from 'lucide-react';
import { platformTypeLabels, type IntegrationPlatform } from '@shared/contracts/discounts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { CopyButton } from './copy-button';

export function PlatformCard({
  platform, onToggle, onRotate, busy,
}: { platform: IntegrationPlatform; onToggle(): void; onRotate(): void; busy: boolean }) {
  const webhookUrl = platform.storeWebhookPath ? `${window.location.origin}${platform.storeWebhookPath}` : null;
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
            <dt className="text-bark-700">API key</dt>
            <dd className="font-mono">{platform.apiKey}</dd>
          </div>
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
        <div className="mt-4 flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onToggle} disabled={busy}>
            <Power className="h-4 w-4" aria-hidden /> {platform.isActive ? 'Deactivate' : 'Activate'}
          </Button>
          <Button variant="outline" size="sm" onClick={onRotate} disabled={busy}>
            <KeyRound className="h-4 w-4" aria-hidden /> New API Key
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
