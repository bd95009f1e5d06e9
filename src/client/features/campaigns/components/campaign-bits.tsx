import { campaignStatusLabels, type CampaignStatus } from '@shared/contracts/campaigns';
import { Badge } from '@client/components/ui/badge';

const tones = { scheduled: 'blue', open: 'green', closed: 'neutral' } as const;

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return <Badge tone={tones[status]} data-testid="campaign-status">{campaignStatusLabels[status]}</Badge>;
}

/** "May 1 – May 31" style, from the YYYY-MM-DD days; `closesOn` is the first day it is closed. */
export function campaignDates(campaign: { opensOn: string; closesOn: string }): string {
  return `Opens ${campaign.opensOn} · closes ${campaign.closesOn}`;
}
