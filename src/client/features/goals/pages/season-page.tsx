import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { SessionUser } from '@shared/contracts/auth';
import type { Goal, SeasonDetail } from '@shared/contracts/goals';
import { RequireLogin } from '@client/components/require-login';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { Notice, Page } from '@client/components/ui/page';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/toast';
import { ApiError, describeError } from '@client/lib/api';
import { useDeleteGoal, useDeleteSeason, useSeason } from '../api';
import { GoalDialog } from '../components/goal-dialog';
import { GoalProgress, ReachedBadge, SeasonStatusBadge } from '../components/goal-progress';
import { SeasonDialog } from '../components/season-dialog';

type Staffer = { proStaffId: number; name: string; goal: Goal | null; onRoster: boolean };

/** Everyone with a goal in the season, and everyone on the roster today (who can be given one). */
function staffersOf(season: SeasonDetail): Staffer[] {
  const rows = new Map<number, Staffer>();
  for (const goal of season.goals) rows.set(goal.proStaffId, { proStaffId: goal.proStaffId, name: goal.proStaffName, goal, onRoster: false });
  for (const r of season.roster) {
    const known = rows.get(r.proStaffId);
    rows.set(r.proStaffId, known ? { ...known, onRoster: true } : { proStaffId: r.proStaffId, name: r.name, goal: null, onRoster: true });
  }
  return [...rows.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function StafferRow({ season, staffer, onEdit, onDelete }: { season: SeasonDetail; staffer: Staffer; onEdit(): void; onDelete(goal: Goal): void }) {
  const { goal } = staffer;
  return (
    <li>
      <Card>
        <CardContent className="flex flex-col gap-3 p-4" data-testid="staffer-goal">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h2 className="font-semibold break-words">{staffer.name}</h2>
              {!staffer.onRoster && <p className="text-sm text-bark-700">No longer on your roster</p>}
            </div>
            <div className="flex flex-wrap items-center gap-2">
              {goal && <ReachedBadge goal={goal} />}
              {goal ? (
                <>
                  <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit goal of ${staffer.name}`}>Edit Goal</Button>
                  <Button size="sm" variant="outline" onClick={() => onDelete(goal)} aria-label={`Delete goal of ${staffer.name}`}>Delete</Button>
                </>
              ) : (
                <Button size="sm" onClick={onEdit} aria-label={`Set goal for ${staffer.name}`}>Set Goal</Button>
              )}
            </div>
          </div>
          {goal ? <GoalProgress goal={goal} who={staffer.name} /> : <p className="text-sm text-bark-700">No goal for {season.name} yet.</p>}
        </CardContent>
      </Card>
    </li>
  );
}

function SeasonView({ season }: { season: SeasonDetail }) {
  const navigate = useNavigate();
  const [editingSeason, setEditingSeason] = useState(false);
  const [confirmSeason, setConfirmSeason] = useState(false);
  const [goalFor, setGoalFor] = useState<Staffer | null>(null);
  const [deleting, setDeleting] = useState<Goal | null>(null);
  const removeSeason = useDeleteSeason();
  const removeGoal = useDeleteGoal();
  const staffers = staffersOf(season);
  const reached = season.goals.filter((g) => g.reached).length;
  const failed = (what: string, error: unknown) => toast({ title: 'Error', description: `${what} ${describeError(error, '')}`.trim(), variant: 'destructive' });

  return (
    <Page
      title={season.name}
      description={<>{season.startsOn} to {season.endsOn} · {reached} of {season.goals.length} {season.goals.length === 1 ? 'goal' : 'goals'} reached</>}
      actions={<SeasonStatusBadge status={season.status} />}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 text-sm">
        <Link to="/goals" className="font-medium text-forest-700 hover:underline">← All seasons</Link>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setEditingSeason(true)}>Edit Season</Button>
          <Button size="sm" variant="outline" onClick={() => setConfirmSeason(true)}>Delete Season</Button>
        </div>
      </div>
      <p className="mb-4 text-sm text-bark-700">
        Progress counts attributed sales (after refunds, in the target’s currency) and approved posts, events and field-test reports from {season.startsOn} to {season.endsOn}.
      </p>
      {staffers.length === 0 ? (
        <Notice title="Nobody on your roster yet">Pro staff join your roster when they accept an agreement; then you can set their goals. <Link to="/agreements" className="font-medium text-forest-700 hover:underline">Open the roster</Link></Notice>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Goals by pro staffer">
          {staffers.map((s) => <StafferRow key={s.proStaffId} season={season} staffer={s} onEdit={() => setGoalFor(s)} onDelete={setDeleting} />)}
        </ul>
      )}
      {goalFor && <GoalDialog open onOpenChange={(open) => !open && setGoalFor(null)} seasonId={season.id} staffer={goalFor} goal={goalFor.goal} />}
      <SeasonDialog open={editingSeason} onOpenChange={setEditingSeason} base={season} />
      <ConfirmDialog
        open={confirmSeason}
        onOpenChange={setConfirmSeason}
        title="Delete this season?"
        description="Its goals are deleted with it. Sales and approved proofs are not affected."
        confirmLabel="Delete Season"
        destructive
        onConfirm={() => removeSeason.mutate(season.id, { onSuccess: () => navigate('/goals'), onError: (error) => failed('Failed to delete the season.', error) })}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this goal?"
        description={deleting ? `${deleting.proStaffName}’s targets for ${season.name} are removed.` : ''}
        confirmLabel="Delete Goal"
        destructive
        onConfirm={() => deleting && removeGoal.mutate(deleting.id, { onSuccess: () => setDeleting(null), onError: (error) => failed('Failed to delete the goal.', error) })}
      />
    </Page>
  );
}

function SeasonDetailView({ id, user }: { id: number; user: SessionUser }) {
  const business = user.userType === 'business' && user.businessId !== null;
  const query = useSeason(id, business);
  if (!business) return <Notice title="Season not found" action={<Button asChild variant="outline"><Link to="/goals">My Goals</Link></Button>} />;
  if (query.isLoading) return <Page><Skeleton className="h-64" /></Page>;
  if (query.isError || !query.data) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return <Notice title={missing ? 'Season not found' : 'Could not load the season'} action={<Button asChild variant="outline"><Link to="/goals">Back to Goals</Link></Button>}>{missing ? undefined : describeError(query.error)}</Notice>;
  }
  return <SeasonView season={query.data} />;
}

export default function SeasonPage() {
  const { id } = useParams();
  const numeric = Number(id);
  return (
    <RequireLogin message="Please log in to see this season.">
      {(user) => (Number.isInteger(numeric) && numeric > 0 ? <SeasonDetailView key={numeric} id={numeric} user={user} /> : <Notice title="Season not found" />)}
    </RequireLogin>
  );
}
