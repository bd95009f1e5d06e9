import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { describeError } from '@client/lib/api';
import { useCampaigns } from '../api';

/** Pro staff dashboard: the open campaigns of the brands the staffer is on (decision record 031). */
export function CampaignsCard() {
  const campaigns = useCampaigns();
  const open = campaigns.data?.filter((c) => c.status === 'open') ?? [];
  return (
    <Card data-testid="campaigns-card">
      <CardHeader><CardTitle>Campaigns</CardTitle></CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {campaigns.isLoading ? <Skeleton className="h-10" /> : campaigns.isError ? <p role="alert" className="text-red-800">{describeError(campaigns.error)}</p> : open.length ? (
          <ul className="flex flex-col gap-2">
            {open.map((c) => (
              <li key={c.id} className="min-w-0">
                <Link to={`/campaigns/${c.id}`} className="font-medium text-forest-700 hover:underline break-words">{c.title}</Link>
                <p className="text-bark-700">{c.businessName} · closes {c.closesOn}{c.assetCount > 0 && <> · {c.assetCount} {c.assetCount === 1 ? 'asset' : 'assets'}</>}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-bark-700">No open campaigns. Your brands' campaigns appear here when they open.</p>
        )}
        {campaigns.data && campaigns.data.length > open.length && <Link to="/campaigns" className="font-medium text-forest-700 hover:underline">See past campaigns</Link>}
      </CardContent>
    </Card>
  );
}
