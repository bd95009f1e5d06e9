import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Plus, Target } from 'lucide-react';
import type { Goal } from '@shared/contracts/goals';
import { ProgramPage } from '@client/components/program-page';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { Page } from '@client/components/ui/page';
import { Skeleton } from '@client/components/ui/skeleton';
import { describeError } from '@client/lib/api';
import { useGoals, useSeasons } from '../api';
import { GoalProgress, ReachedBadge, SeasonStatusBadge } from '../components/goal-progress';
import { SeasonDialog } from '../components/season-dialog';

function Loading({ what }: { what: string }) {
  return (
    <div role="status" aria-busy="true" className="flex flex-col gap-3">
      <span className="sr-only">Loading {what}</span>
      {[0, 1].map((i) => <Skeleton key={i} className="h-20" />)}
    </div>
  );
}

function Empty({ children }: { children: string }) {
  return (
    <div className="rounded-xl border border-dashed border-bark-200 p-8 text-center">
      <Target className="mx-auto h-8 w-8 text-bark-500" aria-hidden />
      <p className="mt-2 font-medium">{children}</p>
    </div>
  );
}

const Failed = ({ error }: { error: unknown }) => <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">{describeError(error)}</p>;

/** A business's seasons with their status and goal count; New Season opens the form (decision record 033). */
function BusinessSeasons() {
  const seasons = useSeasons();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <Page
      title="Goals"
      description="Seasons and the targets you set for each of your pro staff."
      actions={<Button onClick={() => setOpen(true)}><Plus className="h-4 w-4" aria-hidden /> New Season</Button>}
    >
      {seasons.isLoading ? <Loading what="seasons" /> : seasons.isError ? <Failed error={seasons.error} /> : !seasons.data?.length ? (
        <Empty>No seasons yet. New Season names a range of days, such as “Spring turkey 2027”; then set a goal for each of your pro staff.</Empty>
      ) : (
        <ul className="flex flex-col gap-3">
          {seasons.data.map((s) => (
            <li key={s.id}>
              <Card>
                <CardContent className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="season-row">
                  <div className="min-w-0">
                    <Link to={`/goals/${s.id}`} className="font-semibold text-forest-700 hover:underline break-words">{s.name}</Link>
                    <p className="text-sm text-bark-700">{s.startsOn} to {s.endsOn} · {s.goalCount} {s.goalCount === 1 ? 'goal' : 'goals'}</p>
                  </div>
                  <SeasonStatusBadge status={s.status} />
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <SeasonDialog open={open} onOpenChange={setOpen} base={null} onSaved={(s) => navigate(`/goals/${s.id}`)} />
    </Page>
  );
}

export function StafferGoalCard({ goal }: { goal: Goal }) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 p-4" data-testid="goal-card">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="font-semibold break-words">{goal.seasonName}</h2>
            <p className="text-sm text-bark-700">{goal.businessName} · {goal.startsOn} to {goal.endsOn}</p>
          </div>
          <div className="flex flex-wrap gap-2"><SeasonStatusBadge status={goal.seasonStatus} /><ReachedBadge goal={goal} /></div>
        </div>
        <GoalProgress goal={goal} who={goal.seasonName} />
      </CardContent>
    </Card>
  );
}

/** A pro staffer's goals with every brand, newest season first. */
function MyGoals() {
  const goals = useGoals('all');
  return (
    <Page title="My Goals" description="What your brands set for you each season, and how far you are.">
      {goals.isLoading ? <Loading what="goals" /> : goals.isError ? <Failed error={goals.error} /> : !goals.data?.length ? (
        <Empty>No goals yet. When a brand you are on sets you a goal for a season, it appears here.</Empty>
      ) : (
        <ul className="flex flex-col gap-4">{goals.data.map((g) => <li key={g.id}><StafferGoalCard goal={g} /></li>)}</ul>
      )}
    </Page>
  );
}

export default function GoalsPage() {
  return <ProgramPage loginMessage="Please log in to see your goals." business={() => <BusinessSeasons />} proStaff={() => <MyGoals />} />;
}
