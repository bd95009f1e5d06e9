import { useMemo, useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import { flagStatuses, fraudSignalLabels, fraudSignals, type FlagStatus, type FraudSignal } from '@shared/contracts/fraud';
import { BulkDecisionBar, SelectBox } from '@client/components/select-box';
import { ListState } from '@client/components/list-state';
import { Button } from '@client/components/ui/button';
import { Select } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { useFraudFlags, useStafferRisk } from '../api';
import { flagStatusLabels } from '../format';
import { DecideFlagsDialog, type Decision } from './decide-flags-dialog';
import { FlagCard } from './flag-card';

type Filters = { status?: FlagStatus; signal?: FraudSignal; proStaffId?: number };

/** One filter as a labelled select whose first option ("All …") means no filter. */
function FilterSelect<V extends string>({ id, label, all, value, options, optionLabel, onChange }: { id: string; label: string; all: string; value: V | undefined; options: readonly V[]; optionLabel(value: V): string; onChange(value: V | undefined): void }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value === '' ? undefined : (e.target.value as V))} className="sm:w-52">
        <option value="">{all}</option>
        {options.map((option) => <option key={option} value={option}>{optionLabel(option)}</option>)}
      </Select>
    </div>
  );
}

/** The flag list: filters, the open flags' selection boxes, bulk Approve and Reject, and pages of 50. */
export function FlagsTab() {
  const [filters, setFilters] = useState<Filters>({ status: 'open' });
  const [page, setPage] = useState(1);
  const flags = useFraudFlags({ ...filters, page });
  const staffers = useStafferRisk();
  const [selected, setSelected] = useState<number[]>([]);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const list = useMemo(() => flags.data?.flags ?? [], [flags.data]);
  const open = useMemo(() => list.filter((f) => f.status === 'open'), [list]);
  // Only open flags still on screen can be decided; memoised so the dialog keeps its count while it is open.
  const chosen = useMemo(() => selected.filter((id) => open.some((f) => f.id === id)), [selected, open]);
  const allChosen = open.length > 0 && chosen.length === open.length;
  const pages = flags.data ? Math.max(1, Math.ceil(flags.data.total / flags.data.pageSize)) : 1;
  const stafferNames = new Map((staffers.data?.staffers ?? []).map((s) => [String(s.proStaffId), s.proStaffName]));

  const filter = (next: Filters) => {
    setFilters(next);
    setPage(1);
    setSelected([]);
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <FilterSelect id="flag-status" label="Status" all="All statuses" value={filters.status} options={flagStatuses} optionLabel={(s) => flagStatusLabels[s]} onChange={(status) => filter({ ...filters, status })} />
        <FilterSelect id="flag-signal" label="Signal" all="All signals" value={filters.signal} options={fraudSignals} optionLabel={(s) => fraudSignalLabels[s]} onChange={(signal) => filter({ ...filters, signal })} />
        <FilterSelect
          id="flag-staffer"
          label="Pro staff"
          all="All pro staff"
          value={filters.proStaffId === undefined ? undefined : String(filters.proStaffId)}
          options={[...stafferNames.keys()]}
          optionLabel={(id) => stafferNames.get(id) ?? `#${id}`}
          onChange={(id) => filter({ ...filters, proStaffId: id === undefined ? undefined : Number(id) })}
        />
      </div>
      {open.length > 0 && (
        <BulkDecisionBar
          allLabel="Select all open"
          allChosen={allChosen}
          onSelectAll={(all) => setSelected(all ? open.map((f) => f.id) : [])}
          chosen={chosen.length}
          onDecide={setDeciding}
          rejectLabel="Reject"
        />
      )}
      <ListState query={flags} icon={ShieldCheck} empty={list.length === 0 ? (filters.status === 'open' ? 'No flagged orders are waiting for you.' : 'No flagged orders here.') : null}>
        <ul className="flex flex-col gap-3">
          {list.map((flag) => (
            <li key={flag.id}>
              <FlagCard
                flag={flag}
                side="business"
                leading={flag.status === 'open' ? (
                  <SelectBox label={`Select order ${flag.orderId} (${fraudSignalLabels[flag.signal]}, ${flag.proStaffName})`} checked={chosen.includes(flag.id)} onChange={(on) => setSelected(on ? [...selected, flag.id] : selected.filter((s) => s !== flag.id))} />
                ) : undefined}
              />
            </li>
          ))}
        </ul>
        {pages > 1 && (
          <nav aria-label="Pages of flagged orders" className="flex items-center justify-center gap-3 text-sm">
            <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous</Button>
            <span>Page {page} of {pages}</span>
            <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>Next</Button>
          </nav>
        )}
      </ListState>
      <DecideFlagsDialog ids={chosen} decision={deciding} onOpenChange={(isOpen) => !isOpen && setDeciding(null)} onDecided={() => setSelected([])} />
    </div>
  );
}
