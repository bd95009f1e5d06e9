import { useState } from 'react';
import { Plus } from 'lucide-react';
import { MAX_TIERS, type ProgramTier } from '@shared/contracts/gear';
import { formatMoney } from '@shared/currency';
import { Button } from '@client/components/ui/button';
import { TitledCard } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { toast } from '@client/components/ui/toast';
import { ApiError, describeError } from '@client/lib/api';
import { formatRate } from '@client/lib/converters';
import { formatMonthDay } from '@client/lib/format-dates';
import { toastError } from '@client/lib/toast-error';
import { useDeleteTier, useTiers } from '../api';
import { ListState } from './gear-bits';
import { PlaceStaffDialog } from './place-staff-dialog';
import { TierDialog } from './tier-dialog';

function allotmentText(tier: ProgramTier): string {
  const parts = [tier.allotmentMinor > 0 ? formatMoney(tier.allotmentMinor, tier.currency) : null, tier.itemsPerYear !== null ? `${tier.itemsPerYear} items` : null];
  return `${parts.filter(Boolean).join(' and ')} a year, renews every ${formatMonthDay(tier.renewsOn)}`;
}

/** "Up to Pro at 5 approved posts in a season", "Up to Elite at USD 5000.00 in attributed sales in a season". */
function promotionText(tier: ProgramTier, tiers: ProgramTier[]): string {
  if (!tier.promotion) return 'None';
  const to = tiers.find((t) => t.id === tier.promotion!.toTierId)?.name ?? 'another tier';
  const { metric, threshold } = tier.promotion;
  const at = metric === 'attributed_sales' ? `${formatMoney(threshold, tier.currency)} in attributed sales` : `${threshold} approved ${threshold === 1 ? 'post' : 'posts'}`;
  return `Up to ${to} at ${at} in a season`;
}

function TierCard({ tier, tiers, campaignsText, onEdit, onDelete }: { tier: ProgramTier; tiers: ProgramTier[]; campaignsText: string; onEdit(): void; onDelete(): void }) {
  const rows: [string, string][] = [
    ['Commission', `${formatRate(tier.commissionRateBps)}, payable after a ${tier.holdDays}-day hold`],
    ['Pro pricing', tier.proPricingPercent > 0 ? `${tier.proPricingPercent}% off` : 'None'],
    ['Gear allotment', allotmentText(tier)],
    ['Campaigns', campaignsText],
    ['Promotion', promotionText(tier, tiers)],
  ];
  return (
    <TitledCard title={tier.name} description={`${tier.staffCount} pro ${tier.staffCount === 1 ? 'staffer' : 'staff'} in this tier`} data-testid="gear-tier">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-bark-700">{label}</dt>
            <dd className="font-medium break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onEdit}>Edit<span className="sr-only"> {tier.name}</span></Button>
        <Button size="sm" variant="outline" onClick={onDelete}>Delete<span className="sr-only"> {tier.name}</span></Button>
      </div>
    </TitledCard>
  );
}

/** The program's tiers: what each pays, seeds and shows; New Tier, Edit, Delete, and placing rostered staff in one. */
export function TiersTab({ campaignTitles }: { campaignTitles: Map<number, string> }) {
  const tiers = useTiers();
  const remove = useDeleteTier();
  const [editing, setEditing] = useState<ProgramTier | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ProgramTier | null>(null);
  const [placing, setPlacing] = useState(false);
  const list = tiers.data ?? [];
  const atLimit = list.length >= MAX_TIERS;

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: 'Tier deleted' });
    } catch (error) {
      // 409 while pro staff are placed in it: the server's sentence says so.
      toastError(error, error instanceof ApiError && error.code === 'CONFLICT' ? describeError(error) : 'Failed to delete the tier.');
    }
  }

  const campaignsText = (tier: ProgramTier) =>
    tier.campaignIds.length === 0 ? 'All campaigns' : tier.campaignIds.map((id) => campaignTitles.get(id) ?? `Campaign #${id}`).join(', ');

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setEditing('new')} disabled={atLimit}><Plus className="h-4 w-4" aria-hidden /> New Tier</Button>
        <Button variant="outline" onClick={() => setPlacing(true)} disabled={list.length === 0}>Place pro staff in a tier</Button>
      </div>
      {atLimit && <p className="text-sm text-bark-700">A program has at most {MAX_TIERS} tiers.</p>}
      <ListState query={tiers} empty={list.length === 0 ? 'No tiers yet. A tier sets the commission, pro pricing and yearly gear allotment of the pro staff you place in it.' : null}>
        <div className="grid gap-4 lg:grid-cols-2">
          {list.map((t) => <TierCard key={t.id} tier={t} tiers={list} campaignsText={campaignsText(t)} onEdit={() => setEditing(t)} onDelete={() => setDeleting(t)} />)}
        </div>
      </ListState>
      <TierDialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} base={editing === 'new' ? null : editing} tiers={list} />
      <PlaceStaffDialog open={placing} onOpenChange={setPlacing} tiers={list} proStaffId={null} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'this tier'}?`}
        description="A tier with pro staff in it cannot be deleted: move them to another tier first."
        confirmLabel="Delete Tier"
        destructive
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
