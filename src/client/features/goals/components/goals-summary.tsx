import { Link } from 'react-router';
import type { Goal } from '@shared/contracts/goals';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { describeError } from '@client/lib/api';
import { useGoals } from '../api';
import { ProgressBar } from '@client/components/ui/progress-bar';

/** The current seasons' goals grouped by season (a business can run overlapping seasons). */
function bySeason(goals: Goal[]): { seasonId: number; seasonName: string; endsOn: string; goals: Goal[] }[] {
  const groups = new Map<number, { seasonId: number; seasonName: string; endsOn: string; goals: Goal[] }>();
  for (const g of goals) {
    const group = groups.get(g.seasonId) ?? { seasonId: g.seasonId, seasonName: g.seasonName, endsOn: g.endsOn, goals: [] };
    group.goals.push(g);
    groups.set(g.seasonId, group);
  }
  return [...groups.values()];
}

/** Business dashboard: per current season, how many staffers reached their goal (decision record 033). */
export function GoalsSummaryCard() {
  const goals = useGoals('current');
  const seasons = bySeason(goals.data ?? []);
  return (
    <Card data-testid="goals-summary-card">
      <CardHeader><CardTitle>Season Goals</CardTitle></CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {goals.isLoading ? <Skeleton className="h-10" /> : goals.isError ? <p role="alert" className="text-red-800">{describeError(goals.error)}</p> : seasons.length ? (
          <ul className="flex flex-col gap-2">
            {seasons.map((s) => {
              const reached = s.goals.filter((g) => g.reached).length;
              return (
                <li key={s.seasonId} className="flex flex-col gap-1">
                  <Link to={`/goals/${s.seasonId}`} className="font-medium text-forest-700 hover:underline break-words">{s.seasonName}</Link>
                  <p className="text-bark-700">{reached} of {s.goals.length} pro staff reached their goal · until {s.endsOn}</p>
                  <ProgressBar label={`${s.seasonName}: pro staff who reached their goal`} percent={Math.floor((reached * 100) / s.goals.length)} valueText={`${reached} of ${s.goals.length}`} reached={reached === s.goals.length} compact />
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-bark-700">No goals for this season yet. Name a season and set targets for your pro staff.</p>
        )}
        <Link to="/goals" className="font-medium text-forest-700 hover:underline">Manage goals</Link>
      </CardContent>
    </Card>
  );
}

/** Roster page: each staffer's overall progress towards this season's goal(s). */
export function RosterGoalsSummary() {
  const goals = useGoals('current');
  if (goals.isLoading || goals.isError || !goals.data?.length) {
    return (
      <p className="mb-4 text-sm text-bark-700" data-testid="roster-goals">
        <Link to="/goals" className="font-medium text-forest-700 hover:underline">Season goals</Link>
        {goals.data && goals.data.length === 0 && ': none set for the current season.'}
      </p>
    );
  }
  return (
    <section aria-labelledby="roster-goals-heading" className="mb-6 rounded-xl border border-bark-200 bg-white p-4" data-testid="roster-goals">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="roster-goals-heading" className="font-semibold">This season’s goals</h2>
        <Link to="/goals" className="text-sm font-medium text-forest-700 hover:underline">All goals</Link>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2">
        {goals.data.map((g) => (
          <li key={g.id} className="min-w-0 text-sm">
            <div className="mb-1 flex flex-wrap justify-between gap-x-2">
              <span className="font-medium break-words">{g.proStaffName}</span>
              <span className="text-bark-700">{g.reached ? 'Reached' : `${g.overallPercent}%`} · <Link to={`/goals/${g.seasonId}`} className="text-forest-700 hover:underline">{g.seasonName}</Link></span>
            </div>
            <ProgressBar label={`${g.proStaffName}, ${g.seasonName}: overall progress`} percent={g.overallPercent} valueText={`${g.overallPercent}% overall`} reached={g.reached} compact />
          </li>
        ))}
      </ul>
    </section>
  );
}
