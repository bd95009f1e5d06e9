import type { SubscriptionStatusResponse } from '@shared/contracts/billing';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { TitledCard } from '@client/components/ui/card';
import { formatPeriodEnd } from '../api';

const statusLabels: Record<string, { label: string; tone: 'green' | 'blue' | 'yellow' | 'red' | 'neutral' }> = {
  active: { label: 'Active', tone: 'green' },
  trialing: { label: 'Free trial', tone: 'blue' },
  past_due: { label: 'Payment past due', tone: 'yellow' },
  canceled: { label: 'Canceled', tone: 'red' },
};

export function CurrentSubscriptionCard({ status, cancelling, onCancel }: { status: SubscriptionStatusResponse; cancelling: boolean; onCancel(): void }) {
  const shown = statusLabels[status.status ?? ''] ?? { label: status.status ?? 'Unknown', tone: 'neutral' as const };
  return (
    <TitledCard className="mb-8" data-testid="current-subscription" title="Current Subscription" contentClassName="flex flex-wrap items-center justify-between gap-4">
      <div className="flex flex-col gap-1">
        <p className="text-xl font-bold tracking-wide">{status.tier.toUpperCase()}</p>
        <p className="flex items-center gap-2 text-sm text-bark-700">
          Status: <Badge tone={shown.tone}>{shown.label}</Badge>
        </p>
        {status.cancelAtPeriodEnd ? (
          <p className="text-sm font-medium text-red-800">Cancels on {formatPeriodEnd(status.currentPeriodEnd)}</p>
        ) : (
          status.currentPeriodEnd && (
            <p className="text-sm text-bark-700">
              {status.status === 'trialing' ? 'Trial ends' : 'Renews'} on {formatPeriodEnd(status.currentPeriodEnd)}
            </p>
          )
        )}
        {status.status === 'past_due' && (
          <p className="text-sm text-yellow-900">Your last payment failed. We will retry it; update your card with support if it keeps failing.</p>
        )}
      </div>
      {!status.cancelAtPeriodEnd && (
        <Button variant="outline" onClick={onCancel} disabled={cancelling}>
          {cancelling ? 'Cancelling...' : 'Cancel Subscription'}
        </Button>
      )}
    </TitledCard>
  );
}
