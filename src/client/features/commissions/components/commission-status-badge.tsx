import type { CommissionStatus } from '@shared/contracts/commissions';
import { Badge } from '@client/components/ui/badge';

const labels: Record<CommissionStatus, string> = { pending: 'Pending', paid: 'Paid', cancelled: 'Cancelled' };

/** Decision record 010 §4: paid green, cancelled red, anything else yellow. */
export function CommissionStatusBadge({ status }: { status: CommissionStatus }) {
  const tone = status === 'paid' ? 'green' : status === 'cancelled' ? 'red' : 'yellow';
  return (
    <Badge tone={tone} data-status={status}>
      {labels[status] ?? status}
    </Badge>
  );
}
