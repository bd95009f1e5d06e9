import type { ApplicationStatus } from '@shared/contracts/jobs';
import { Badge } from '@client/components/ui/badge';

const tones = {
  pending: 'yellow',
  shortlisted: 'blue',
  accepted: 'green',
  rejected: 'red',
  withdrawn: 'neutral',
} as const;

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return <Badge tone={tones[status]} data-testid="application-status">{status}</Badge>;
}
