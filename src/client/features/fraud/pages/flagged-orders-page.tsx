import { ProgramPage } from '@client/components/program-page';
import { Page } from '@client/components/ui/page';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { useTabParam } from '@client/lib/use-tab-param';
import { FlagsTab } from '../components/flags-tab';
import { SettingsTab } from '../components/settings-tab';
import { StaffersTab } from '../components/staffers-tab';

const tabs = [
  ['flags', 'Flagged orders'],
  ['staffers', 'Pro staff risk'],
  ['settings', 'Settings'],
] as const;

/** The business's review of code abuse (decision record 039): flags with their evidence, decisions, risk per staffer, rules. */
function FlaggedOrdersScreen() {
  const [tab, setTab] = useTabParam(tabs);
  return (
    <Page title="Flagged Orders" description="Orders on your codes that look like own use or a leaked code, with why they were flagged. Approve to pay the commission, reject to reverse it.">
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          {tabs.map(([value, label]) => <TabsTrigger key={value} value={value}>{label}</TabsTrigger>)}
        </TabsList>
        <TabsContent value="flags"><FlagsTab /></TabsContent>
        <TabsContent value="staffers"><StaffersTab /></TabsContent>
        <TabsContent value="settings"><SettingsTab /></TabsContent>
      </Tabs>
    </Page>
  );
}

export default function FlaggedOrdersPage() {
  return (
    <ProgramPage
      loginMessage="Please log in to review flagged orders."
      business={() => <FlaggedOrdersScreen />}
      proStaff={{ title: 'Flagged orders are reviewed by businesses.', to: '/earnings', label: 'Go to Earnings' }}
    />
  );
}
