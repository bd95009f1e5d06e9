import { useQuery } from '@tanstack/react-query';
import type { AdminRefundsResponse } from '@shared/contracts/billing';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { getJson } from '@client/lib/api';
import { money } from '../api';

const statusTones: Record<string, 'green' | 'yellow' | 'red' | 'neutral'> = { succeeded: 'green', pending: 'yellow', requires_action: 'yellow', failed: 'red', canceled: 'red' };

/**
 * Refunds of subscription payments for the admin page (decision record 042): the money-back guarantee's, and those made
 * in Stripe's dashboard. Each status Stripe reported is its own row (the record is append-only), newest first.
 */
export function RefundsPanel() {
  const refunds = useQuery({ queryKey: ['admin', 'refunds'], queryFn: () => getJson<AdminRefundsResponse>('/api/admin/refunds') });
  const rows = refunds.data?.refunds ?? [];
  return (
    <Card data-testid="refunds-panel">
      <CardHeader>
        <CardTitle>Refunds</CardTitle>
      </CardHeader>
      <CardContent>
        {refunds.isPending ? (
          <p className="text-sm text-bark-700">Loading refunds...</p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-bark-700">No subscription payment has been refunded.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-bark-100">
            {rows.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center gap-2 py-2 text-sm" data-testid="refund-row">
                <Badge tone={statusTones[row.status] ?? 'neutral'}>{row.status}</Badge>
                <span className="font-medium tabular-nums">{money(row.amountCents, row.currency)}</span>
                <span className="break-all text-bark-700">{row.email ?? 'Deleted user'}</span>
                <span className="text-bark-700">{row.source === 'app' ? 'money-back guarantee' : 'made in Stripe'}</span>
                <span className="text-xs text-bark-700">{new Date(row.createdAt).toLocaleString('en-US')}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
