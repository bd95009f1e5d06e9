import { useState } from 'react';
import { Link } from 'react-router';
import type { MyGear } from '@shared/contracts/gear';
import { CopyButton } from '@client/components/copy-button';
import { ProgramPage } from '@client/components/program-page';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { TitledCard } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { Page } from '@client/components/ui/page';
import { toast } from '@client/components/ui/toast';
import { toastError } from '@client/lib/toast-error';
import { useCancelGearRequest, useMyGear } from '../api';
import { AllotmentBar, GearRequestCard, ListState } from '../components/gear-bits';
import { GearCompensationCard } from '../components/gear-compensation-card';
import { RequestGearDialog } from '../components/request-gear-dialog';

type Program = MyGear['programs'][number];
type Request = Program['requests'][number];

const codeStatusText = { pending: 'Being created in the store', active: 'Active', disabled: 'Disabled', failed: 'The store refused it: the brand has been told' } as const;

function ProPricing({ program }: { program: Program }) {
  const pricing = program.proPricing;
  if (!pricing) return <p className="text-sm text-bark-700">No pro pricing in your tier.</p>;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="pro-pricing">
      <span className="font-medium">Pro pricing:</span>
      <code className="break-all rounded bg-bark-100 px-2 py-1 font-mono font-semibold">{pricing.code}</code>
      <span className="text-bark-700">{pricing.percentOff}% off in the {program.companyName} store</span>
      {pricing.status !== 'active' && <Badge tone={pricing.status === 'pending' ? 'yellow' : 'red'}>{codeStatusText[pricing.status]}</Badge>}
      {pricing.status === 'active' && <CopyButton text={pricing.code} label={`Copy pro-pricing code ${pricing.code}`} toastDescription="Pro-pricing code copied to clipboard.">Copy</CopyButton>}
    </div>
  );
}

function ProgramCard({ program, lastAddress, onCancel }: { program: Program; lastAddress: Request['shippingAddress'] | null; onCancel(request: Request): void }) {
  const [requesting, setRequesting] = useState(false);
  const canRequest = program.tier !== null && program.allotment !== null;
  return (
    <TitledCard
      title={program.companyName}
      titleId={`program-${program.businessId}`}
      aria-labelledby={`program-${program.businessId}`}
      role="region"
      data-testid="gear-program"
      details={
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge tone="outline">{program.tier ? `Tier: ${program.tier.name}` : 'No tier yet'}</Badge>
          {program.overdueCount > 0 && <Badge tone="red">{program.overdueCount} overdue</Badge>}
        </div>
      }
      contentClassName="flex flex-col gap-4"
    >
      {program.allotment ? <AllotmentBar allotment={program.allotment} who={program.companyName} /> : <p className="text-sm text-bark-700">{program.companyName} has not placed you in a tier with an allotment yet.</p>}
      {/* Pro pricing comes with a tier: without one, the sentence above says it all. */}
      {program.tier && <ProPricing program={program} />}
      <div>
        <Button onClick={() => setRequesting(true)} disabled={!canRequest}>Request gear</Button>
      </div>
      <section aria-labelledby={`requests-${program.businessId}`} className="flex flex-col gap-3">
        <h3 id={`requests-${program.businessId}`} className="text-base font-semibold">Requests</h3>
        {program.requests.length === 0 ? (
          <p className="text-sm text-bark-700">No requests yet.</p>
        ) : (
          program.requests.map((r) => (
            <GearRequestCard
              key={r.id}
              request={r}
              side="pro_staff"
              actions={r.status === 'requested' ? <Button variant="outline" size="sm" onClick={() => onCancel(r)}>Cancel request<span className="sr-only"> #{r.id}</span></Button> : undefined}
            />
          ))
        )}
      </section>
      {canRequest && <RequestGearDialog program={program} lastAddress={lastAddress} open={requesting} onOpenChange={setRequesting} />}
    </TitledCard>
  );
}

function MyGearScreen() {
  const gear = useMyGear();
  const cancel = useCancelGearRequest();
  const [cancelling, setCancelling] = useState<Request | null>(null);
  const programs = gear.data?.programs ?? [];
  const latest = programs.flatMap((p) => p.requests).sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];

  async function confirmCancel() {
    if (!cancelling) return;
    try {
      await cancel.mutateAsync(cancelling.id);
      toast({ title: 'Request cancelled', description: 'Its value is back in your allotment.' });
    } catch (error) {
      toastError(error, 'Failed to cancel the request.');
    }
  }

  return (
    <Page title="My Gear" description="Gear from the brands you are on: what is left of your allotment, your pro pricing, your requests and what each shipment asks of you.">
      <ListState query={gear} empty={programs.length === 0 ? <>No gear programs yet. When a brand you are on runs one, it shows here. <Link to="/agreements" className="text-forest-700 underline">See your agreements</Link></> : null}>
        <div className="flex flex-col gap-6">
          {programs.map((p) => <ProgramCard key={p.businessId} program={p} lastAddress={latest?.shippingAddress ?? null} onCancel={setCancelling} />)}
          <GearCompensationCard side="mine" />
        </div>
      </ListState>
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Cancel this request?"
        description="The brand will not see it any more, and its value goes back into your allotment."
        confirmLabel="Cancel Request"
        destructive
        onConfirm={() => void confirmCancel()}
      />
    </Page>
  );
}

export default function MyGearPage() {
  return (
    <ProgramPage
      loginMessage="Please log in to see your gear."
      business={{ title: 'My Gear is for pro staff accounts.', to: '/gear', label: 'Go to Gear' }}
      proStaff={() => <MyGearScreen />}
    />
  );
}
