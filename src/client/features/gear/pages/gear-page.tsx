import { useMemo } from 'react';
import { ProgramPage } from '@client/components/program-page';
import { Page } from '@client/components/ui/page';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { useTabParam } from '@client/lib/use-tab-param';
import { useCampaigns } from '@client/features/campaigns/api';
import { useGearRequests } from '../api';
import { OverviewTab } from '../components/overview-tab';
import { RequestsTab } from '../components/requests-tab';
import { ShipmentsTab } from '../components/shipments-tab';
import { StoreTab } from '../components/store-tab';
import { TiersTab } from '../components/tiers-tab';

const tabs = [
  ['requests', 'Requests'],
  ['shipments', 'Shipments'],
  ['tiers', 'Tiers'],
  ['store', 'Catalog & store'],
  ['overview', 'Overview'],
] as const;

function GearScreen({ businessId }: { businessId: number }) {
  const [tab, setTab] = useTabParam(tabs);
  const waiting = useGearRequests('requested');
  const campaigns = useCampaigns(tab === 'tiers');
  const campaignTitles = useMemo(() => new Map((campaigns.data ?? []).map((c) => [c.id, c.title])), [campaigns.data]);
  const pending = waiting.data?.length ?? 0;
  return (
    <Page title="Gear" description="Pay your pro staff in gear: tiers with yearly allotments, requests to approve, seeding orders in your store and what each shipment owes.">
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          {tabs.map(([value, label]) => (
            <TabsTrigger key={value} value={value}>
              {label}
              {value === 'requests' && pending > 0 && <span className="ml-1.5 rounded-full bg-blaze-500 px-1.5 text-xs text-white">{pending}<span className="sr-only"> waiting</span></span>}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="requests"><RequestsTab /></TabsContent>
        <TabsContent value="shipments"><ShipmentsTab /></TabsContent>
        <TabsContent value="tiers"><TiersTab campaignTitles={campaignTitles} /></TabsContent>
        <TabsContent value="store"><StoreTab businessId={businessId} /></TabsContent>
        <TabsContent value="overview"><OverviewTab /></TabsContent>
      </Tabs>
    </Page>
  );
}

export default function GearPage() {
  return (
    <ProgramPage
      loginMessage="Please log in to run your gear program."
      business={(businessId) => <GearScreen businessId={businessId} />}
      proStaff={{ title: 'Gear is for business accounts.', to: '/my-gear', label: 'Go to My Gear' }}
    />
  );
}
