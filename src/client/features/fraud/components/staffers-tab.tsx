import { Users } from 'lucide-react';
import { fraudSignalLabels, fraudSignals } from '@shared/contracts/fraud';
import { ListState } from '@client/components/list-state';
import { useStafferRisk } from '../api';

/** Per-staffer risk: open, approved and rejected flags, and which signals fired how often; most open first. */
export function StaffersTab() {
  const risk = useStafferRisk();
  const staffers = [...(risk.data?.staffers ?? [])].sort((a, b) => b.open - a.open || b.rejected - a.rejected);
  return (
    <ListState query={risk} icon={Users} empty={staffers.length === 0 ? 'None of your pro staff has a flagged order.' : null}>
      {/* A table that scrolls inside itself on a phone rather than widening the page. */}
      <div className="overflow-x-auto rounded-lg border border-bark-200 bg-white">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">Flagged orders per pro staffer</caption>
          <thead className="bg-bark-50 text-bark-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">Pro staff</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">Open</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">Approved</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">Rejected</th>
              <th scope="col" className="px-3 py-2 font-medium">Signals</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-bark-100">
            {staffers.map((s) => (
              <tr key={s.proStaffId} data-testid="staffer-risk">
                <th scope="row" className="px-3 py-2 font-medium text-bark-900">{s.proStaffName}</th>
                <td className="px-3 py-2 text-right">{s.open}</td>
                <td className="px-3 py-2 text-right">{s.approved}</td>
                <td className={s.rejected > 0 ? 'px-3 py-2 text-right font-semibold text-red-800' : 'px-3 py-2 text-right'}>{s.rejected}</td>
                <td className="px-3 py-2 text-bark-700">
                  {fraudSignals.filter((signal) => (s.bySignal[signal] ?? 0) > 0).map((signal) => `${fraudSignalLabels[signal]} ${s.bySignal[signal]}`).join(' · ') || 'None'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ListState>
  );
}
