import { useState } from 'react';
import { planFor } from '@shared/plans';
import { useSession } from '@client/features/auth';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/toast';
import { describeError } from '@client/lib/api';
import { useMyApplications, useSetApplicationStatus } from '../api';
import { formatDate } from '../format-date';
import { ApplicationStatusBadge } from './application-status-badge';
import { PlanUsage } from './plan-usage';

const PREVIEW_COUNT = 3;

/** A pro staffer's applications: the newest three, expandable, each withdrawable while undecided. */
export function MyApplications({ proStaffId }: { proStaffId: number | null }) {
  const applications = useMyApplications(proStaffId);
  const setStatus = useSetApplicationStatus();
  const [showAll, setShowAll] = useState(false);
  const { user } = useSession();
  const plan = planFor('pro_staff', user?.subscriptionTier);

  if (proStaffId === null) return <p className="text-sm text-bark-700">Complete your profile to start applying.</p>;
  if (applications.isPending) return <Skeleton className="h-20" />;
  if (applications.isError) return <p role="alert" className="text-sm text-red-700">{describeError(applications.error)}</p>;
  const now = new Date();
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const usage = (
    <PlanUsage
      userType="pro_staff"
      tier={plan.id}
      usage={[{
        used: applications.data.filter((application) => new Date(application.createdAt).getTime() >= monthStart).length,
        limit: plan.limits.applicationsPerMonth,
        what: 'applications this month',
      }]}
    />
  );
  if (applications.data.length === 0) {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm text-bark-700">No applications yet. Apply to an opportunity to get started.</p>
        {usage}
      </div>
    );
  }

  const shown = showAll ? applications.data : applications.data.slice(0, PREVIEW_COUNT);
  const withdraw = async (id: number) => {
    try {
      await setStatus.mutateAsync({ id, status: 'withdrawn' });
      toast({ title: 'Application Withdrawn' });
    } catch (error) {
      toast({ title: 'Could not withdraw', description: describeError(error), variant: 'destructive' });
    }
  };

  return (
    <div className="flex flex-col gap-3">
      {usage}
      <ul className="flex flex-col gap-2" aria-label="My applications">
        {shown.map((application) => (
          <li key={application.id} className="rounded-md border border-bark-200 px-3 py-2 text-sm" data-testid="my-application">
            <div className="flex items-center justify-between gap-2">
              <span className="min-w-0 truncate"><span className="font-medium">Application #{application.id}</span> · {application.job.title}</span>
              <ApplicationStatusBadge status={application.status} />
            </div>
            <div className="flex items-center justify-between gap-x-2 text-xs text-bark-700">
              <span className="min-w-0 truncate">{application.job.businessName} · Applied {formatDate(application.createdAt)}</span>
              {(application.status === 'pending' || application.status === 'shortlisted') && (
                <Button size="sm" variant="ghost" className="h-6 shrink-0 px-2 text-xs" disabled={setStatus.isPending} onClick={() => withdraw(application.id)}>
                  Withdraw<span className="sr-only"> application #{application.id}</span>
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {applications.data.length > PREVIEW_COUNT && (
        <Button variant="link" size="sm" onClick={() => setShowAll(!showAll)}>
          {showAll ? 'Show fewer' : `Show all ${applications.data.length}`}
        </Button>
      )}
    </div>
  );
}
