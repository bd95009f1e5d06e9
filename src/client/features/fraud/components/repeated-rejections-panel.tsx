import { ListState } from '@client/components/list-state';
import { TitledCard } from '@client/components/ui/card';
import { formatDate } from '@client/lib/format-dates';
import { useRepeatedRejections } from '../api';

/**
 * Staffers whose orders several businesses rejected: how many rejections from how many businesses, never which ones
 * (one business's review is not shown to the others, nor named here).
 */
export function RepeatedRejectionsPanel() {
  const report = useRepeatedRejections();
  const staffers = report.data?.staffers ?? [];
  return (
    <TitledCard title="Repeated Rejections" description="Pro staff with rejected flagged orders, across businesses. Businesses are counted, not named.">
      <ListState query={report} empty={staffers.length === 0 ? 'No pro staffer has repeated rejections.' : null}>
        <ul className="flex flex-col divide-y divide-bark-100 text-sm">
          {staffers.map((s) => (
            <li key={s.proStaffId} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2" data-testid="repeated-rejection">
              <span className="font-medium text-bark-900">{s.proStaffName} <span className="font-normal text-bark-700">(pro staff #{s.proStaffId})</span></span>
              <span className="text-bark-700">
                {s.rejected} rejected by {s.businesses} {s.businesses === 1 ? 'business' : 'businesses'} · last {formatDate(s.lastRejectedAt)}
              </span>
            </li>
          ))}
        </ul>
      </ListState>
    </TitledCard>
  );
}
