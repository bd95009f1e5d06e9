import { Link } from 'react-router';
import { planFor, type UserType } from '@shared/plans';

type Usage = { used: number; limit: number | null; what: string };

/** "n of m used" lines for the plan limits that apply, with an upgrade link once one is reached. */
export function PlanUsage({ userType, tier, usage }: { userType: UserType; tier: string; usage: Usage[] }) {
  const plan = planFor(userType, tier);
  const limited = usage.filter((item) => item.limit !== null);
  const reached = limited.some((item) => item.used >= (item.limit ?? Infinity));
  return (
    <p className="text-sm text-bark-700" data-testid="plan-usage">
      <span className="font-medium text-bark-900">{plan.name} plan:</span>{' '}
      {limited.length === 0 ? 'unlimited' : limited.map((item) => `${item.used} of ${item.limit} ${item.what}`).join(' · ')}
      {reached && (
        <>
          {' · '}
          <Link to="/subscription" className="font-medium text-forest-700 underline underline-offset-4">Upgrade for more</Link>
        </>
      )}
    </p>
  );
}
