import { useState } from 'react';
import type { CommissionPayee } from '@shared/contracts/commissions';
import { Input, Select } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { useDebounced } from '@client/lib/use-debounced';
import { usePayees } from '../api';

const payeeLabel = (payee: CommissionPayee) =>
  `${payee.firstName} ${payee.lastName}${payee.location ? ` — ${payee.location}` : ''}${payee.relation === 'accepted' ? ' (accepted)' : payee.relation === 'applied' ? ' (applied)' : ''}`;

/** Picks a pro staffer: those linked to the business's jobs first, then a name/location search over everyone. */
export function PayeePicker({ value, onChange }: { value: string; onChange: (proStaffId: string) => void }) {
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 250);
  const payees = usePayees(debounced);
  const linked = (payees.data ?? []).filter((p) => p.relation !== null);
  const others = (payees.data ?? []).filter((p) => p.relation === null);

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor="commission-pro-staff">Pro Staff Member</Label>
      <Input
        type="search"
        placeholder="Search pro staff by name or location"
        aria-label="Search pro staff"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <Select id="commission-pro-staff" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{payees.isLoading ? 'Loading pro staff...' : 'Select a pro staff member'}</option>
        {linked.length > 0 && (
          <optgroup label="Applied to your jobs">
            {linked.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {payeeLabel(p)}
              </option>
            ))}
          </optgroup>
        )}
        {others.length > 0 && (
          <optgroup label={debounced ? 'Search results' : 'All pro staff'}>
            {others.map((p) => (
              <option key={p.id} value={String(p.id)}>
                {payeeLabel(p)}
              </option>
            ))}
          </optgroup>
        )}
      </Select>
      {payees.data && payees.data.length === 0 && <p className="text-xs text-bark-700">No pro staff match “{debounced}”.</p>}
      {payees.error != null && <p className="text-xs text-red-700">Could not load pro staff.</p>}
    </div>
  );
}
