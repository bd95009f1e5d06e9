import { useState } from 'react';
import type { Endpoint, EndpointWithSecret } from '@shared/contracts/webhooks-out';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { useDeleteEndpoint, useRotateSecret, useUpdateEndpoint } from '../api';

/** Each endpoint with its events and state; edit, turn on/off, rotate the secret, delete. */
export function EndpointsList({ endpoints, canChange, onEdit, onSecret }: { endpoints: Endpoint[]; canChange: boolean; onEdit(endpoint: Endpoint): void; onSecret(endpoint: EndpointWithSecret): void }) {
  const update = useUpdateEndpoint();
  const rotate = useRotateSecret();
  const remove = useDeleteEndpoint();
  const [deleting, setDeleting] = useState<Endpoint | null>(null);
  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast({ title: 'Success', description: done });
    } catch (error) {
      toast({ title: 'Error', description: describeError(error), variant: 'destructive' });
    }
  };
  return (
    <>
      <ul className="flex flex-col gap-3" aria-label="Endpoints">
        {endpoints.map((endpoint) => (
          <li key={endpoint.id}>
            <Card>
              <CardContent className="flex flex-col gap-2 p-4" data-testid="endpoint-row">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="min-w-0 break-all font-semibold">{endpoint.url}</p>
                  <Badge tone={endpoint.enabled ? 'green' : 'red'}>{endpoint.enabled ? 'On' : 'Off'}</Badge>
                </div>
                {endpoint.description && <p className="text-sm text-bark-700">{endpoint.description}</p>}
                <p className="text-xs text-bark-700">{endpoint.eventTypes.join(', ')}</p>
                {endpoint.disabledReason && <p role="status" className="text-sm text-red-800">{endpoint.disabledReason}</p>}
                {endpoint.previousSecretExpiresAt && <p className="text-xs text-bark-700">The previous secret still signs until {new Date(endpoint.previousSecretExpiresAt).toLocaleString()}.</p>}
                {canChange && (
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" variant="outline" onClick={() => onEdit(endpoint)}>Edit</Button>
                    <Button size="sm" variant="outline" onClick={() => run(() => update.mutateAsync({ id: endpoint.id, body: { enabled: !endpoint.enabled } }), endpoint.enabled ? 'Endpoint turned off.' : 'Endpoint turned on.')}>
                      {endpoint.enabled ? 'Turn Off' : 'Turn On'}
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => run(async () => onSecret(await rotate.mutateAsync(endpoint.id)), 'New signing secret made.')}>Rotate Secret</Button>
                    <Button size="sm" variant="destructive" onClick={() => setDeleting(endpoint)}>Delete</Button>
                  </div>
                )}
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this endpoint?"
        description="Nothing more is sent to it, and its delivery log is deleted with it."
        confirmLabel="Delete Endpoint"
        destructive
        onConfirm={() => deleting && run(() => remove.mutateAsync(deleting.id), 'Endpoint deleted.')}
      />
    </>
  );
}
