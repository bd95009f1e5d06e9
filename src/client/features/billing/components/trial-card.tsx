import type { TrialStatus } from '@shared/contracts/billing';
import { planFor, type UserType } from '@shared/plans';
import { Badge } from '@client/components/ui/badge';
import { TitledCard } from '@client/components/ui/card';
import { daysLeftText, formatPeriodEnd } from '../api';

/** The account's free trial on the subscription page: running (days left) or over. */
export function TrialCard({ userType, trial, canAddCard }: { userType: UserType; trial: TrialStatus; canAddCard: boolean }) {
  const name = planFor(userType, trial.tier).name;
  return (
    <TitledCard className="mb-8" data-testid="trial-status" title="Free Trial" contentClassName="flex flex-col gap-1 text-sm">
      <p className="text-xl font-bold tracking-wide">{name.toUpperCase()}</p>
      {trial.active ? (
        <>
          <p className="flex items-center gap-2">
            <Badge tone="blue">{daysLeftText(trial.daysLeft)}</Badge>
            <span className="text-bark-700">Ends on {formatPeriodEnd(trial.endsAt)}. No card needed.</span>
          </p>
          <p className="text-bark-700">
            {canAddCard
              ? `To keep ${name} after the trial, subscribe below: billing starts only when the trial ends.`
              : `After the trial your account returns to the Free plan unless you subscribe.`}
          </p>
        </>
      ) : (
        <p className="text-bark-700">Your {name} trial ended on {formatPeriodEnd(trial.endsAt)}. Your account is on the Free plan.</p>
      )}
    </TitledCard>
  );
}
