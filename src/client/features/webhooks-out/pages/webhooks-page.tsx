import { useState } from 'react';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import type { Endpoint, EndpointWithSecret } from '@shared/contracts/webhooks-out';
import { ProgramPage } from '@client/components/program-page';
import { Button } from '@client/components/ui/button';
import { Page } from '@client/components/ui/page';
import { Skeleton } from '@client/components/ui/skeleton';
import { describeError } from '@client/lib/api';
import { useSession } from '@client/features/auth';
import { useDeliveries, useEndpoints } from '../api';
import { DeliveriesList } from '../components/deliveries-list';
import { EndpointDialog } from '../components/endpoint-dialog';
import { EndpointsList } from '../components/endpoints-list';
import { SecretDialog } from '../components/secret-dialog';

const Failed = ({ error }: { error: unknown }) => <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">{describeError(error)}</p>;
const Loading = ({ what }: { what: string }) => (
  <div role="status" aria-busy="true"><span className="sr-only">Loading {what}</span><Skeleton className="h-20" /></div>
);

/** Endpoints and the delivery log of an Enterprise brand (decision record 044). */
function WebhooksScreen() {
  const { user } = useSession();
  const enterprise = user?.subscriptionTier === 'enterprise';
  const endpoints = useEndpoints();
  const deliveries = useDeliveries();
  const [editing, setEditing] = useState<Endpoint | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);
  const showSecret = (rotated: boolean) => (endpoint: EndpointWithSecret) => setSecret({ value: endpoint.secret, rotated });
  return (
    <Page
      title="Webhooks"
      description={<>HuntStaff tells your own systems when commissions, payouts, proofs, agreements, gear and fraud flags change. How to check the signature: <Link className="text-forest-700 underline" to="/ecommerce-integration#webhooks">the integration guide</Link>.</>}
      actions={enterprise ? <Button onClick={() => { setEditing(null); setDialogOpen(true); }}><Plus className="h-4 w-4" aria-hidden /> Add Endpoint</Button> : undefined}
    >
      {!enterprise && (
        <p role="status" className="mb-4 rounded-md border border-yellow-200 bg-yellow-50 p-4 text-sm text-yellow-900">
          Webhooks are part of API access on the Enterprise plan. <Link className="underline" to="/subscription">Upgrade to Enterprise</Link> to add endpoints.
        </p>
      )}
      <section aria-labelledby="endpoints-heading" className="mb-8">
        <h2 id="endpoints-heading" className="mb-3 text-lg font-semibold">Endpoints</h2>
        {endpoints.isLoading ? <Loading what="endpoints" /> : endpoints.isError ? <Failed error={endpoints.error} /> : !endpoints.data?.length ? (
          <p className="text-sm text-bark-700">No endpoints yet.</p>
        ) : (
          <EndpointsList endpoints={endpoints.data} canChange={enterprise} onEdit={(endpoint) => { setEditing(endpoint); setDialogOpen(true); }} onSecret={showSecret(true)} />
        )}
      </section>
      <section aria-labelledby="deliveries-heading">
        <h2 id="deliveries-heading" className="mb-3 text-lg font-semibold">Deliveries</h2>
        {deliveries.isLoading ? <Loading what="deliveries" /> : deliveries.isError ? <Failed error={deliveries.error} /> : (
          <DeliveriesList deliveries={deliveries.data ?? []} endpoints={endpoints.data ?? []} />
        )}
      </section>
      <EndpointDialog open={dialogOpen} onOpenChange={setDialogOpen} base={editing} onCreated={showSecret(false)} />
      <SecretDialog secret={secret?.value ?? null} rotated={secret?.rotated ?? false} onClose={() => setSecret(null)} />
    </Page>
  );
}

export default function WebhooksPage() {
  return (
    <ProgramPage
      loginMessage="Please log in to manage webhooks."
      business={() => <WebhooksScreen />}
      proStaff={{ title: 'Webhooks are for businesses.', to: '/earnings', label: 'Go to Earnings' }}
    />
  );
}
