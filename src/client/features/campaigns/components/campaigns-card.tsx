import { Link } from 'react-router';
import { SummaryCard } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { describeError } from '@client/lib/api';
import { useCampaigns } from '../api';

const SHOWN = 3;

/** Pro staff dashboard: the open campaigns of the brands the staffer is on, the three closing first (decision record 031). */
export function CampaignsCard() {
  const campaigns = useCampaigns();
  const open = (campaigns.data ?? []).filter((c) => c.status === 'open').sort((a, b) => a.closesOn.localeCompare(b.closesOn));
  return (
    <SummaryCard title="Campaigns" to="/campaigns" what="campaigns" data-testid="campaigns-card">
      {campaigns.isLoading ? <Skeleton className="h-10" /> : campaigns.isError ? <p role="alert" className="text-red-800">{describeError(campaigns.error)}</p> : open.length ? (
        <ul className="flex flex-col gap-1.5">
          {open.slice(0, SHOWN).map((c) => (
            <li key={c.id} className="min-w-0">
              <Link to={`/campaigns/${c.id}`} className="font-medium text-forest-700 hover:underline break-words">{c.title}</Link>
              <span className="text-bark-700"> · {c.businessName} · closes <span className="whitespace-nowrap">{c.closesOn}</span></span>
            </li>
          ))}
          {open.length > SHOWN && <li className="text-bark-700">and {open.length - SHOWN} more open</li>}
        </ul>
      ) : (
        <p className="text-bark-700">No open campaigns. Your brands' campaigns appear here when they open.</p>
      )}
    </SummaryCard>
  );
}
