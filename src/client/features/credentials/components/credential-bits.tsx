import { BadgeCheck } from 'lucide-react';
import { credentialStatusLabels, credentialTypeLabels, type CredentialStatus, type PublicCredential } from '@shared/contracts/credentials';
import { Badge } from '@client/components/ui/badge';

const statusTone: Record<CredentialStatus, 'yellow' | 'green' | 'red' | 'neutral'> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
  withdrawn: 'neutral',
  revoked: 'red',
  expired: 'neutral',
};

export function CredentialStatusBadge({ status }: { status: CredentialStatus }) {
  return <Badge tone={statusTone[status]}>{credentialStatusLabels[status]}</Badge>;
}

export const formatDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });

/** "Guide licence (MT)": what a profile shows of a verified credential, never its number or document. */
export function VerifiedCredentialList({ credentials }: { credentials: PublicCredential[] }) {
  if (credentials.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Verified credentials" data-testid="verified-credentials">
      {credentials.map((credential, index) => (
        <li key={index}>
          <Badge tone="blue" className="gap-1">
            <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
            {credentialTypeLabels[credential.type]} ({credential.issuingAuthority})
          </Badge>
        </li>
      ))}
    </ul>
  );
}
