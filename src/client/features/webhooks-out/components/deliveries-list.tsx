import type { Delivery, DeliveryStatus, Endpoint } from '@shared/contracts/webhooks-out';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { useResend } from '../api';

const statusTone: Record<DeliveryStatus, 'green' | 'yellow' | 'red' | 'neutral' | 'blue'> = {
  pending: 'blue', retrying: 'yellow', succeeded: 'green', failed: 'red', skipped: 'neutral',
};
const statusLabel: Record<DeliveryStatus, string> = { pending: 'Pending', retrying: 'Retrying', succeeded: 'Delivered', failed: 'Failed', skipped: 'Skipped' };
const when = (iso: string) => new Date(iso).toLocaleString();

/** The delivery log: each delivery's event, status and attempts (status code, time taken, error), with Resend. */
export function DeliveriesList({ deliveries, endpoints }: { deliveries: Delivery[]; endpoints: Endpoint[] }) {
  const resend = useResend();
  if (deliveries.length === 0) return <p className="text-sm text-bark-700">No deliveries yet. They appear here as events happen.</p>;
  const urlOf = (id: number) => endpoints.find((e) => e.id === id)?.url ?? `Endpoint #${id}`;
  async function again(delivery: Delivery) {
    try {
      await resend.mutateAsync(delivery.id);
      toast({ title: 'Resending', description: `${delivery.eventType} is being sent again with the same event id.` });
    } catch (error) {
      toast({ title: 'Error', description: describeError(error), variant: 'destructive' });
    }
  }
  return (
    <ul className="flex flex-col gap-3" aria-label="Deliveries">
      {deliveries.map((delivery) => (
        <li key={delivery.id}>
          <Card>
            <CardContent className="p-4" data-testid="delivery-row">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold"><code>{delivery.eventType}</code> <Badge tone={statusTone[delivery.status]}>{statusLabel[delivery.status]}</Badge></p>
                  <p className="break-all text-xs text-bark-700">{delivery.eventId} → {urlOf(delivery.endpointId)}</p>
                  {delivery.nextAttemptAt && <p className="text-xs text-bark-700">Next attempt {when(delivery.nextAttemptAt)}</p>}
                </div>
                <Button variant="outline" size="sm" onClick={() => again(delivery)} aria-label={`Resend ${delivery.eventType} ${delivery.eventId}`}>Resend</Button>
              </div>
              {delivery.attempts.length > 0 && (
                <table className="mt-3 w-full text-left text-xs">
                  <thead><tr className="text-bark-700"><th className="py-1 pr-2">Attempt</th><th className="py-1 pr-2">Response</th><th className="py-1 pr-2">Time</th><th className="py-1">When / error</th></tr></thead>
                  <tbody>
                    {delivery.attempts.map((attempt) => (
                      <tr key={attempt.attempt} className="border-t border-bark-100">
                        <td className="py-1 pr-2">{attempt.attempt}{attempt.manual ? ' (resend)' : ''}</td>
                        <td className="py-1 pr-2">{attempt.responseStatus ?? '—'}</td>
                        <td className="py-1 pr-2">{attempt.durationMs} ms</td>
                        <td className="break-words py-1">{when(attempt.createdAt)}{attempt.error ? ` · ${attempt.error}` : ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
