import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { TitledCard } from '@client/components/ui/card';
import { Select } from '@client/components/ui/input';
import { Field } from '@client/components/ui/label';
import { formatMoney } from '@shared/currency';
import { useGearCompensation } from '../api';
import { ListState } from './gear-bits';

/**
 * The gear's retail value in the books for a calendar year (decision record 038): per brand (staffer) or per staffer
 * (business) and currency, with the tax notice and the CSV statement. Amounts of two currencies are never added.
 */
export function GearCompensationCard({ side }: { side: 'mine' | 'business' }) {
  const thisYear = new Date().getUTCFullYear();
  const [year, setYear] = useState(thisYear);
  const compensation = useGearCompensation(side, year);
  const totals = compensation.data?.totals ?? [];
  return (
    <TitledCard title={side === 'mine' ? 'Gear received' : 'Gear given'} titleId={`gear-compensation-${side}`} data-testid="gear-compensation">
      <div className="flex flex-wrap items-end gap-3">
        <Field id={`gear-year-${side}`} label="Year">
          <Select id={`gear-year-${side}`} value={String(year)} onChange={(event) => setYear(Number(event.target.value))}>
            {[thisYear, thisYear - 1, thisYear - 2].map((value) => <option key={value} value={value}>{value}</option>)}
          </Select>
        </Field>
        <Button asChild variant="outline" size="sm">
          <a href={`/api/gear/compensation/${side}/statement?year=${year}`} download>Download gear statement (CSV)</a>
        </Button>
      </div>
      <div className="mt-3">
        <ListState query={compensation} empty={totals.length === 0 ? `No gear ${side === 'mine' ? 'received' : 'given'} in ${year}.` : null}>
          <ul className="flex flex-col gap-1 text-sm">
            {totals.map((total) => (
              <li key={`${total.businessId}-${total.proStaffId}-${total.currency}`} className="flex flex-wrap justify-between gap-2" data-testid="gear-compensation-total">
                <span>{side === 'mine' ? total.companyName : total.proStaffName}</span>
                <span className="font-medium">{formatMoney(total.valueMinor, total.currency)}</span>
              </li>
            ))}
          </ul>
        </ListState>
      </div>
      {compensation.data && <p className="mt-3 text-xs text-bark-700">{compensation.data.notice}</p>}
    </TitledCard>
  );
}
