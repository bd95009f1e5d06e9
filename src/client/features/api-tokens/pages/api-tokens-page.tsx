import { useState } from 'react';
import { Link } from 'react-router';
import { KeyRound, Plus } from 'lucide-react';
import type { ApiToken } from '@shared/contracts/api-tokens';
import { ProgramPage } from '@client/components/program-page';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { Notice, Page } from '@client/components/ui/page';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { formatDate, formatDateTime } from '@client/lib/format-dates';
import { useApiTokens, useRevokeApiToken } from '../api';
import { CreateTokenDialog } from '../components/create-token-dialog';

const statusTone = { active: 'green', expired: 'yellow', revoked: 'neutral' } as const;
const statusLabel = { active: 'Active', expired: 'Expired', revoked: 'Revoked' } as const;

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke(token: ApiToken): void }) {
  return (
    <Card>
      <CardContent className="flex flex-wrap items-start justify-between gap-3 p-4" data-testid="api-token-row">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold break-words">{token.name}</h2>
            <Badge tone={statusTone[token.status]}>{statusLabel[token.status]}</Badge>
          </div>
          <p className="mt-1 font-mono text-sm text-bark-700">{token.tokenPrefix}…</p>
          <p className="mt-1 text-sm text-bark-700">{token.scopes.join(', ')}</p>
          <p className="mt-1 text-sm text-bark-700">
            Created {formatDate(token.createdAt)} · {token.status === 'expired' ? 'Expired' : 'Expires'} {formatDate(token.expiresAt)} ·{' '}
            {token.lastUsedAt ? `Last used ${formatDateTime(token.lastUsedAt)}` : 'Never used'}
            {token.revokedAt && ` · Revoked ${formatDateTime(token.revokedAt)}`}
          </p>
        </div>
        {token.status === 'active' && (
          <Button variant="outline" size="sm" onClick={() => onRevoke(token)} aria-label={`Revoke ${token.name}`}>Revoke</Button>
        )}
      </CardContent>
    </Card>
  );
}

function ApiTokensScreen() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const apiAccess = tokens.data?.apiAccess ?? false;

  async function confirmRevoke() {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      toast({ title: 'Token revoked', description: `“${revoking.name}” no longer works.` });
    } catch (error) {
      toast({ title: 'Error', description: describeError(error), variant: 'destructive' });
    }
  }

  return (
    <Page
      title="API Tokens"
      description={<>Let your own systems read your roster, commissions and payouts and manage discount codes. The <Link className="font-medium text-forest-700 underline" to="/api-reference/" reloadDocument>API reference</Link> lists what each scope opens.</>}
      actions={apiAccess && <Button onClick={() => setCreating(true)}><Plus className="h-4 w-4" aria-hidden /> Create Token</Button>}
    >
      {tokens.isLoading ? (
        <div role="status" aria-busy="true" className="flex flex-col gap-3"><span className="sr-only">Loading API tokens</span><Skeleton className="h-24" /></div>
      ) : tokens.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">{describeError(tokens.error)}</p>
      ) : (
        <div className="flex flex-col gap-4">
          {!apiAccess && (
            <Notice title="API access comes with the Enterprise plan" action={<Button asChild><Link to="/subscription">See Plans</Link></Button>}>
              With it, your systems can read your roster, commissions and payouts and manage discount codes with API tokens.
              {tokens.data!.tokens.length > 0 && ' Tokens made on Enterprise are refused until the business is on it again; you can still revoke them.'}
            </Notice>
          )}
          {tokens.data!.tokens.length === 0 ? (
            apiAccess && (
              <div className="rounded-xl border border-dashed border-bark-200 p-8 text-center">
                <KeyRound className="mx-auto h-8 w-8 text-bark-500" aria-hidden />
                <p className="mt-2 font-medium">No API tokens yet. Create Token gives you one for each system that calls HuntStaff.</p>
              </div>
            )
          ) : (
            <ul className="flex flex-col gap-3">{tokens.data!.tokens.map((token) => <li key={token.id}><TokenRow token={token} onRevoke={setRevoking} /></li>)}</ul>
          )}
        </div>
      )}
      <CreateTokenDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke this token?"
        description={`Calls with “${revoking?.name ?? ''}” are refused from now on. This cannot be undone; create a new token if you need one.`}
        confirmLabel="Revoke Token"
        destructive
        onConfirm={confirmRevoke}
      />
    </Page>
  );
}

export default function ApiTokensPage() {
  return (
    <ProgramPage
      loginMessage="Please log in to manage API tokens."
      business={() => <ApiTokensScreen />}
      proStaff={{ title: 'API tokens are for Enterprise businesses.', to: '/pro-staff-dashboard', label: 'Go to Dashboard' }}
    />
  );
}
