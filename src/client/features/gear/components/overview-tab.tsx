import { GearCompensationCard } from './gear-compensation-card';
import { useState } from 'react';
import type { GearOverview } from '@shared/contracts/gear';
import { formatMoney } from '@shared/currency';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { TitledCard } from '@client/components/ui/card';
import { Select } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { ProgressBar } from '@client/components/ui/progress-bar';
import { useGearOverview, useTiers } from '../api';
import { ListState } from './gear-bits';
import { PlaceStaffDialog } from './place-staff-dialog';

/** "USD 120.00 of USD 300.00 used · 3 items": one row's use of its allotment (value in its own currency). */
function UseLine({ label, row }: { label: string; row: { currency: string; limitMinor: number; usedMinor: number; items: number } }) {
  const text = `${formatMoney(row.usedMinor, row.currency)} of ${formatMoney(row.limitMinor, row.currency)} used · ${row.items} ${row.items === 1 ? 'item' : 'items'}`;
  const percent = row.limitMinor > 0 ? Math.min(100, Math.round((row.usedMinor / row.limitMinor) * 100)) : 0;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <p className="text-sm text-bark-700">{text}</p>
      <ProgressBar label={`Allotment used, ${label}`} percent={percent} valueText={text} reached={percent < 100} compact />
    </div>
  );
}

function Overview({ data, onChangeTier }: { data: GearOverview; onChangeTier(proStaffId: number): void }) {
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-xl border border-bark-200 bg-white p-4" data-testid="gear-pending">
          <dt className="text-sm text-bark-700">Requests waiting for you</dt>
          <dd className="text-2xl font-bold">{data.pendingRequests}</dd>
        </div>
        <div className="rounded-xl border border-bark-200 bg-white p-4" data-testid="gear-cost">
          <dt className="text-sm text-bark-700">Gear seeded in {data.season} (retail value)</dt>
          <dd className="flex flex-col gap-0.5">
            {data.cost.length === 0 ? <span className="text-2xl font-bold">None yet</span> : data.cost.map((c) => (
              <span key={c.currency}><span className="text-2xl font-bold">{formatMoney(c.seededMinor, c.currency)}</span> <span className="text-sm text-bark-700">in {c.shipments} {c.shipments === 1 ? 'shipment' : 'shipments'}</span></span>
            ))}
          </dd>
        </div>
      </dl>
      <TitledCard title="By tier" description="Each tier’s allotments added up in their own currency.">
        {data.tiers.length === 0 ? <p className="text-sm text-bark-700">No tiers yet.</p> : (
          <ul className="flex flex-col gap-4">
            {data.tiers.map((t) => (
              <li key={`${t.tierId}-${t.currency}`} data-testid="overview-tier">
                <p className="font-medium">{t.name} <span className="font-normal text-bark-700">· {t.staffCount} pro {t.staffCount === 1 ? 'staffer' : 'staff'}</span></p>
                {/* An empty tier has nothing to use: "0 pro staff" says it all. */}
                {t.staffCount > 0 && <UseLine label={`${t.name} (${t.currency})`} row={t} />}
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
      <TitledCard title="By pro staffer">
        {data.staff.length === 0 ? <p className="text-sm text-bark-700">Nobody is in a tier yet.</p> : (
          <ul className="flex flex-col divide-y divide-bark-100">
            {data.staff.map((s) => (
              <li key={`${s.proStaffId}-${s.currency}`} className="flex flex-col gap-2 py-3" data-testid="overview-staffer">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium break-words">{s.name}</span>
                  <Badge tone="outline">{s.tierName ?? 'No tier'}</Badge>
                  {s.overdueCount > 0 && <Badge tone="red">{s.overdueCount} overdue</Badge>}
                  <Button size="sm" variant="link" className="ml-auto" onClick={() => onChangeTier(s.proStaffId)}>
                    {s.tierName ? <>Change tier<span className="sr-only"> of {s.name}</span></> : <>Place in a tier<span className="sr-only">: {s.name}</span></>}
                  </Button>
                </div>
                {/* Without a tier there is no allotment to use. */}
                {s.tierName && <UseLine label={s.name} row={s} />}
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
    </div>
  );
}

/** The program in one allotment year: pending requests, the season's cost per currency, use per tier and per staffer. */
export function OverviewTab() {
  const thisYear = new Date().getFullYear();
  const [season, setSeason] = useState(thisYear);
  const overview = useGearOverview(season);
  const tiers = useTiers();
  const [placing, setPlacing] = useState<number | null>(null);
  const seasons = Array.from({ length: 5 }, (_, i) => thisYear + 1 - i);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="gear-season">Season</Label>
        <Select id="gear-season" value={season} onChange={(e) => setSeason(Number(e.target.value))} className="w-40">
          {seasons.map((year) => <option key={year} value={year}>{year}</option>)}
        </Select>
      </div>
      <ListState query={overview} empty={null}>
        {overview.data && <Overview data={overview.data} onChangeTier={setPlacing} />}
      </ListState>
      <GearCompensationCard side="business" />
      <PlaceStaffDialog open={placing !== null} onOpenChange={(open) => !open && setPlacing(null)} tiers={tiers.data ?? []} proStaffId={placing} />
    </div>
  );
}
