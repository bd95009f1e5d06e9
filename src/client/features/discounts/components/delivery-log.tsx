import { Link } from 'react-router';
import type { DeliveryOutcome, WebhookDelivery } from '@shared/contracts/discounts';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { describeError } from '@client/lib/api';
import { saleChannelLabel } from '@shared/format';
import { formatDateTime } from '../format';
import { useDeliveries } from '../api';

const outcomeLabels: Record<DeliveryOutcome, { label: string; tone: 'green' | 'blue' | 'neutral' | 'yellow' | 'orange' }> = {
  created: { label: 'Commission created', tone: 'green' },
  adjusted: { label: 'Commission adjusted', tone: 'blue' },
  recorded: { label: 'Order recorded', tone: 'neutral' },
  duplicate: { label: 'Duplicate', tone: 'neutral' },
  ignored: { label: 'Ignored', tone: 'orange' },
  unverified: { label: 'Unverified signal', tone: 'yellow' },
};

function Outcome({ delivery }: { delivery: WebhookDelivery }) {
  const { label, tone } = outcomeLabels[delivery.outcome];
  return (
    <div className="flex flex-col gap-1">
      <Badge tone={tone} className="w-fit">{label}</Badge>
      {delivery.reason && <span className="text-xs text-bark-700">{delivery.reason}</span>}
    </div>
  );
}

/** What every store webhook and browser order report did: the answer to "why was this order not credited?". */
export function DeliveryLog() {
  const deliveries = useDeliveries(true);
  return (
    <Card className="mt-6" data-testid="delivery-log">
      <CardHeader>
        <CardTitle>Delivery log</CardTitle>
        <CardDescription>
          Store webhooks and browser reports, newest first. Browser reports are unverified signals: they never create a
          commission, and their amount is never its base. A signed webhook or a secret-key call confirms the order; one
          without an amount shows “Awaiting a verified amount” until a verified amount arrives.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {deliveries.isLoading ? (
          <Skeleton className="h-24" />
        ) : deliveries.isError ? (
          <p role="alert" className="text-sm text-red-800">{describeError(deliveries.error)}</p>
        ) : !deliveries.data?.length ? (
          <p className="text-sm text-bark-700">No deliveries yet. They appear here as soon as your store sends an order.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-bark-100">
            {deliveries.data.map((delivery) => (
              <li key={delivery.id} className="grid gap-2 py-3 text-sm sm:grid-cols-[10rem_1fr_1fr]" data-testid="delivery-row">
                <div className="text-bark-700">
                  <time dateTime={delivery.receivedAt}>{formatDateTime(delivery.receivedAt)}</time>
                  <div className="truncate">{delivery.platformName}</div>
                </div>
                <div className="min-w-0">
                  <div className="font-mono text-xs break-all">{delivery.topic}</div>
                  <div className="break-all">
                    Order {delivery.orderId ?? '—'}
                    {delivery.channel && <span className="text-bark-700" data-testid="delivery-channel"> · {saleChannelLabel(delivery.channel, delivery.locationId)}</span>}
                  </div>
                  <div className="break-all text-bark-700">Codes: {delivery.codesSeen.length ? delivery.codesSeen.join(', ') : 'none'}</div>
                </div>
                <div className="flex flex-col gap-1">
                  <Outcome delivery={delivery} />
                  {delivery.commissionId && (
                    <Link className="text-xs text-forest-700 underline" to={`/business-dashboard?tab=commissions#commission-${delivery.commissionId}`}>
                      Commission #{delivery.commissionId}
                    </Link>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
