import { Link } from 'react-router';
import { Clock } from 'lucide-react';
import { planFor, type UserType } from '@shared/plans';
import { daysLeftText, useSubscriptionStatus } from '../api';

/** Dashboard badge while a free trial runs: the plan, the days left and the way to keep it. */
export function TrialBanner({ userType }: { userType: UserType }) {
  const status = useSubscriptionStatus(true);
  const trial = status.data?.trial;
  if (!trial?.active) return null;
  return (
    <p role="status" data-testid="trial-banner" className="mb-6 flex flex-wrap items-center gap-2 rounded-lg border border-forest-200 bg-forest-50 px-4 py-2 text-sm text-forest-900">
      <Clock aria-hidden="true" className="h-4 w-4 shrink-0" />
      <span>
        <strong>{planFor(userType, trial.tier).name} trial</strong>: {daysLeftText(trial.daysLeft)}
      </span>
      <Link to="/subscription" className="font-medium underline underline-offset-2">Keep {planFor(userType, trial.tier).name}</Link>
    </p>
  );
}
