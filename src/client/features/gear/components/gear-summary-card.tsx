import { Link } from 'react-router';
import { Badge } from '@client/components/ui/badge';
import { SummaryCard } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { describeError } from '@client/lib/api';
import { useSession } from '@client/features/auth';
import { useMyGear } from '../api';
import { describeAllotment } from '../format';

const SHOWN = 3;

/** Pro staff dashboard: per brand, what is left of the gear allotment and how many shipment tasks are overdue. */
export function GearSummaryCard() {
  const { user } = useSession();
  const hasProfile = user?.proStaffId != null;
  const gear = useMyGear(hasProfile);
  const programs = gear.data?.programs ?? [];
  const overdue = programs.reduce((sum, p) => sum + p.overdueCount, 0);
  return (
    <SummaryCard title="Gear" to="/my-gear" what="gear" data-testid="gear-card">
      {!hasProfile ? <p className="text-bark-700">Please complete your pro staff profile first.</p> : gear.isLoading ? <Skeleton className="h-10" /> : gear.isError ? <p role="alert" className="text-red-800">{describeError(gear.error)}</p> : programs.length ? (
        <ul className="flex flex-col gap-1.5">
          {programs.slice(0, SHOWN).map((p) => (
            <li key={p.businessId} className="min-w-0" data-testid="gear-card-program">
              <span className="font-medium">{p.companyName}</span>
              <span className="text-bark-700"> · {p.allotment ? describeAllotment(p.allotment) : 'no tier yet'}</span>
              {p.overdueCount > 0 && <Badge tone="red" className="ml-2">{p.overdueCount} overdue</Badge>}
            </li>
          ))}
          {programs.length > SHOWN && <li className="text-bark-700">and {programs.length - SHOWN} more brands</li>}
        </ul>
      ) : (
        <p className="text-bark-700">No gear programs yet. Brands you are on can pay you in gear.</p>
      )}
      {overdue > 0 && (
        <p className="font-medium text-red-800">
          {overdue} {overdue === 1 ? 'task is' : 'tasks are'} overdue for gear you received. <Link to="/my-gear" className="underline">See what you owe</Link>
        </p>
      )}
    </SummaryCard>
  );
}
