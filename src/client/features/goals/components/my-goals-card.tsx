import { SummaryCard } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { describeError } from '@client/lib/api';
import { useGoals } from '../api';
import { GoalProgress, ReachedBadge } from './goal-progress';

const SHOWN = 1;

/** Pro staff dashboard: this season's first goal with a bar per target, and how many more there are (decision record 033). */
export function MyGoalsCard() {
  const goals = useGoals('current');
  const list = goals.data ?? [];
  return (
    <SummaryCard title="My Goals" to="/goals" what="goals" data-testid="my-goals-card">
      {goals.isLoading ? <Skeleton className="h-16" /> : goals.isError ? <p role="alert" className="text-red-800">{describeError(goals.error)}</p> : list.length ? (
        <ul className="flex flex-col gap-4">
          {list.slice(0, SHOWN).map((g) => (
            <li key={g.id} className="flex min-w-0 flex-col gap-2">
              <p className="min-w-0 break-words">
                <span className="font-medium">{g.seasonName}</span> <span className="text-bark-700">· {g.businessName} · until <span className="whitespace-nowrap">{g.endsOn}</span></span>{' '}
                <ReachedBadge goal={g} />
              </p>
              <GoalProgress compact goal={g} who={`${g.seasonName}, ${g.businessName}`} />
            </li>
          ))}
          {list.length > SHOWN && <li className="text-bark-700">and {list.length - SHOWN} more this season</li>}
        </ul>
      ) : (
        <p className="text-bark-700">No goals this season. When a brand you are on sets you targets, your progress shows here.</p>
      )}
    </SummaryCard>
  );
}
