import { useState } from 'react';
import type { GearRequest } from '@shared/contracts/gear';
import { Select } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { useGearRequests } from '../api';
import { GearRequestCard, ListState } from './gear-bits';

const filters = {
  all: { label: 'All shipments', keep: () => true },
  attention: { label: 'Needs you (failed or draft orders)', keep: (r: GearRequest) => r.shipment?.status === 'failed' || r.shipment?.status === 'draft' },
  moving: { label: 'Ordered or on the way', keep: (r: GearRequest) => ['ordering', 'ordered', 'shipped', 'in_transit'].includes(r.shipment?.status ?? 'ordering') },
  delivered: { label: 'Delivered', keep: (r: GearRequest) => r.shipment?.status === 'delivered' },
  overdue: { label: 'With overdue tasks', keep: (r: GearRequest) => Boolean(r.shipment?.obligations.some((o) => o.status === 'overdue')) },
} as const;
type Filter = keyof typeof filters;

/** Approved requests and their seeding orders: status, tracking, the order in the store, and what each shipment owes. */
export function ShipmentsTab() {
  const approved = useGearRequests('approved');
  const [filter, setFilter] = useState<Filter>('all');
  const shown = (approved.data ?? []).filter(filters[filter].keep);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="shipment-filter">Show</Label>
        <Select id="shipment-filter" value={filter} onChange={(e) => setFilter(e.target.value as Filter)} className="max-w-xs">
          {Object.entries(filters).map(([value, { label }]) => <option key={value} value={value}>{label}</option>)}
        </Select>
      </div>
      <ListState query={approved} empty={shown.length === 0 ? (filter === 'all' ? 'No shipments yet: they start when you approve a request.' : 'No shipments here.') : null}>
        <ul className="flex flex-col gap-3">
          {shown.map((r) => <li key={r.id}><GearRequestCard request={r} side="business" /></li>)}
        </ul>
      </ListState>
    </div>
  );
}
