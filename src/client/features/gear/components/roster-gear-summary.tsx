import { Link } from 'react-router';
import { useGearOverview } from '../api';

/**
 * Roster page: the staff whose seeded gear owes content past its due date (decision record 038), each with a link to
 * the shipments; one line when nobody is overdue.
 */
export function RosterGearSummary() {
  const overview = useGearOverview(new Date().getUTCFullYear());
  const overdue = (overview.data?.staff ?? []).filter((member) => member.overdueCount > 0);
  if (overdue.length === 0) {
    return (
      <p className="mb-4 text-sm text-bark-700" data-testid="roster-gear">
        <Link to="/gear" className="font-medium text-forest-700 hover:underline">Gear</Link>
        {overview.data && ': no content overdue for seeded gear.'}
      </p>
    );
  }
  return (
    <section aria-labelledby="roster-gear-heading" className="mb-6 rounded-xl border border-red-200 bg-red-50 p-4" data-testid="roster-gear">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="roster-gear-heading" className="font-semibold">Content overdue for seeded gear</h2>
        <Link to="/gear?tab=shipments" className="text-sm font-medium text-forest-700 hover:underline">See shipments</Link>
      </div>
      <ul className="flex flex-col gap-1 text-sm">
        {overdue.map((member) => (
          <li key={member.proStaffId} className="flex flex-wrap justify-between gap-2">
            <span className="font-medium break-words">{member.name}</span>
            <span className="text-red-800">{member.overdueCount} overdue</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
