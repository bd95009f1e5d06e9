import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Megaphone, Plus } from 'lucide-react';
import { campaignAudienceLabels, type Campaign } from '@shared/contracts/campaigns';
import { useLimitGate } from '@client/components/plan-limit';
import { ProgramPage } from '@client/components/program-page';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { Page } from '@client/components/ui/page';
import { Skeleton } from '@client/components/ui/skeleton';
import { describeError } from '@client/lib/api';
import { useCampaigns } from '../api';
import { campaignDates, CampaignStatusBadge } from '../components/campaign-bits';
import { CampaignDialog } from '../components/campaign-dialog';

function CampaignList({ query, side, empty }: { query: ReturnType<typeof useCampaigns>; side: 'business' | 'pro_staff'; empty: string }) {
  if (query.isLoading) {
    return (
      <div role="status" aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only">Loading campaigns</span>
        {[0, 1].map((i) => <Skeleton key={i} className="h-20" />)}
      </div>
    );
  }
  if (query.isError) return <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">{describeError(query.error)}</p>;
  if (!query.data?.length) {
    return (
      <div className="rounded-xl border border-dashed border-bark-200 p-8 text-center">
        <Megaphone className="mx-auto h-8 w-8 text-bark-500" aria-hidden />
        <p className="mt-2 font-medium">{empty}</p>
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {query.data.map((c: Campaign) => (
        <li key={c.id}>
          <Card>
            <CardContent className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="campaign-row">
              <div className="min-w-0">
                <Link to={`/campaigns/${c.id}`} className="font-semibold text-forest-700 hover:underline break-words">{c.title}</Link>
                <p className="text-sm text-bark-700">
                  {side === 'pro_staff' && <>{c.businessName} · </>}
                  {campaignDates(c)}
                  {side === 'business' && <> · {c.audience === 'selected' ? `${c.members.length || 'Selected'} pro staff` : campaignAudienceLabels.roster}</>}
                  {' · '}{c.assetCount} {c.assetCount === 1 ? 'asset' : 'assets'}
                </p>
              </div>
              <CampaignStatusBadge status={c.status} />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function BusinessCampaigns() {
  const list = useCampaigns();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // The Free plan's one open or scheduled campaign (decision record 031): at the limit, the button says so.
  const gate = useLimitGate(['activeCampaigns']);
  return (
    <Page
      title="Campaigns"
      description="Briefs and brand assets for your pro staff, open between two dates."
      actions={<Button onClick={() => gate.attempt(() => setOpen(true))}><Plus className="h-4 w-4" aria-hidden /> New Campaign</Button>}
    >
      <CampaignList query={list} side="business" empty="No campaigns yet. New Campaign gives your roster a brief and the files and links they need." />
      {gate.dialog}
      <CampaignDialog open={open} onOpenChange={setOpen} base={null} onSaved={(c) => navigate(`/campaigns/${c.id}`)} />
    </Page>
  );
}

function StaffCampaigns() {
  const list = useCampaigns();
  return (
    <Page title="Campaigns" description="Campaigns from the brands you are on, from the day they open.">
      <CampaignList query={list} side="pro_staff" empty="No campaigns yet. Your brands' campaigns appear here when they open." />
    </Page>
  );
}

export default function CampaignsPage() {
  return <ProgramPage loginMessage="Please log in to see your campaigns." business={() => <BusinessCampaigns />} proStaff={() => <StaffCampaigns />} />;
}
