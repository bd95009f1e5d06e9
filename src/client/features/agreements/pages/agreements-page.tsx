import { useState } from 'react';
import { Link } from 'react-router';
import { Download, FileSignature, Plus } from 'lucide-react';
import { agreementStatuses, agreementStatusLabels, exclusivityCategories, exclusivityCategoryLabels, type Agreement, type AgreementsQuery } from '@shared/contracts/agreements';
import { useLimitGate } from '@client/components/plan-limit';
import { ProgramPage } from '@client/components/program-page';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { Input, Select } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Page } from '@client/components/ui/page';
import { Skeleton } from '@client/components/ui/skeleton';
import { describeError } from '@client/lib/api';
import { useDebounced } from '@client/lib/use-debounced';
import { rosterCsvUrl, useAgreements } from '../api';
import { formatRate, StatusBadge } from '../components/agreement-bits';
import { OfferDialog } from '../components/offer-dialog';
import { RosterGoalsSummary } from '@client/features/goals';
import { RosterGearSummary } from '@client/features/gear';

function ListSkeleton() {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only">Loading agreements</span>
      {[0, 1, 2].map((i) => <Skeleton key={i} className="h-20" />)}
    </div>
  );
}

function AgreementRow({ agreement, side }: { agreement: Agreement; side: 'business' | 'pro_staff' }) {
  const name = side === 'business' ? agreement.proStaffName : agreement.businessName;
  return (
    <li>
      <Card>
        <CardContent className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="agreement-row">
          <div className="min-w-0">
            <Link to={`/agreements/${agreement.id}`} className="font-semibold text-forest-700 hover:underline break-words">{name}</Link>
            <p className="text-sm text-bark-700">
              {agreement.startDate} to {agreement.endDate} · {formatRate(agreement.commissionRateBps)} commission
              {agreement.exclusivityCategory && <> · Exclusive: {exclusivityCategoryLabels[agreement.exclusivityCategory]}</>}
              {agreement.version > 1 && <> · Version {agreement.version}</>}
            </p>
          </div>
          <StatusBadge status={agreement.status} />
        </CardContent>
      </Card>
    </li>
  );
}

function AgreementList({ query, side, empty }: { query: ReturnType<typeof useAgreements>; side: 'business' | 'pro_staff'; empty: string }) {
  if (query.isLoading) return <ListSkeleton />;
  if (query.isError) return <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">{describeError(query.error)}</p>;
  if (!query.data?.length) {
    return (
      <div className="rounded-xl border border-dashed border-bark-200 p-8 text-center">
        <FileSignature className="mx-auto h-8 w-8 text-bark-500" aria-hidden />
        <p className="mt-2 font-medium">{empty}</p>
      </div>
    );
  }
  return <ul className="flex flex-col gap-3">{query.data.map((a) => <AgreementRow key={a.id} agreement={a} side={side} />)}</ul>;
}

/** A business's roster: every agreement, filtered by status and category, searchable by name, exportable as CSV. */
function Roster() {
  const [status, setStatus] = useState<AgreementsQuery['status'] | ''>('active');
  const [category, setCategory] = useState<AgreementsQuery['category'] | ''>('');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 250);
  const filters: AgreementsQuery = { status: status || undefined, category: category || undefined, q: q || undefined };
  const list = useAgreements(filters);
  const active = useAgreements({ status: 'active' });
  const [offerOpen, setOfferOpen] = useState(false);
  // The Free plan's one agreement (decision record 028): at the limit, the button shows it and an upgrade link.
  const offerGate = useLimitGate(['activeAgreements']);

  return (
    <Page
      title="Pro Staff Roster"
      description="Your pro staff agreements: offers, active staff and past terms."
      actions={<Button onClick={() => offerGate.attempt(() => setOfferOpen(true))}><Plus className="h-4 w-4" aria-hidden /> Offer Agreement</Button>}
    >
      <p className="mb-4 text-sm text-bark-700" data-testid="roster-active-count">
        <span className="font-semibold text-bark-900">{active.data?.length ?? 0}</span> active pro staff
      </p>
      <RosterGoalsSummary />
      <RosterGearSummary />
      <div className="mb-4 grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end">
        <div>
          <Label htmlFor="roster-search">Search by name</Label>
          <Input id="roster-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Name" />
        </div>
        <div>
          <Label htmlFor="roster-status">Status</Label>
          <Select id="roster-status" value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
            <option value="">All statuses</option>
            {agreementStatuses.map((s) => <option key={s} value={s}>{agreementStatusLabels[s]}</option>)}
          </Select>
        </div>
        <div>
          <Label htmlFor="roster-category">Category</Label>
          <Select id="roster-category" value={category} onChange={(e) => setCategory(e.target.value as typeof category)}>
            <option value="">All categories</option>
            {exclusivityCategories.map((c) => <option key={c} value={c}>{exclusivityCategoryLabels[c]}</option>)}
          </Select>
        </div>
        <Button asChild variant="outline">
          <a href={rosterCsvUrl(filters)} download><Download className="h-4 w-4" aria-hidden /> Export CSV</a>
        </Button>
      </div>
      <AgreementList
        query={list}
        side="business"
        empty={
          q || category || status !== 'active'
            ? 'No agreements match.'
            : 'No active pro staff yet. Offer Agreement sends a pro staffer your terms; once they accept, they are on your roster.'
        }
      />
      {offerGate.dialog}
      <OfferDialog open={offerOpen} onOpenChange={setOfferOpen} base={null} />
    </Page>
  );
}

/** A pro staffer's offers to answer and their brands. */
function MyAgreements() {
  const offers = useAgreements({ status: 'offered' });
  const all = useAgreements({});
  const others = { ...all, data: all.data?.filter((a) => a.status !== 'offered') } as typeof all;
  return (
    <Page title="My Agreements" description="Offers from brands, your active agreements and their history.">
      <section aria-labelledby="offers-heading" className="mb-8">
        <h2 id="offers-heading" className="mb-3 text-lg font-semibold">Open Offers</h2>
        <AgreementList query={offers} side="pro_staff" empty="No open offers." />
      </section>
      <section aria-labelledby="brands-heading">
        <h2 id="brands-heading" className="mb-3 text-lg font-semibold">Agreements</h2>
        <AgreementList query={others} side="pro_staff" empty="No agreements yet." />
      </section>
    </Page>
  );
}

export default function AgreementsPage() {
  return <ProgramPage loginMessage="Please log in to see your agreements." business={() => <Roster />} proStaff={() => <MyAgreements />} />;
}
