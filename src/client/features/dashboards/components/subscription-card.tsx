import { Link } from 'react-router';
import { planFor, type UserType } from '@shared/plans';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';

/** The plan and the way to change it; `compact` (the pro staff summary) leaves out the plan's features. */
export function SubscriptionCard({ userType, tier, compact = false }: { userType: UserType; tier: string; compact?: boolean }) {
  const plan = planFor(userType, tier);
  const isFree = tier === 'free';
  return (
    <Card>
      <CardHeader className={compact ? 'p-3 pb-2 sm:p-4 sm:pb-2' : undefined}>
        <CardTitle className={compact ? 'text-base' : undefined}>Subscription</CardTitle>
        {!compact && <CardDescription>Your current plan</CardDescription>}
      </CardHeader>
      <CardContent className={compact ? 'flex flex-col gap-2 p-3 pt-0 sm:p-4 sm:pt-0' : 'flex flex-col gap-3'}>
        <p className={compact ? 'text-lg font-bold leading-6' : 'text-2xl font-bold'} data-testid="subscription-tier">{tier.toUpperCase()}</p>
        {!compact && (
          <ul className="list-disc pl-5 text-sm text-bark-700">
            {plan.features.slice(0, 3).map((feature) => <li key={feature}>{feature}</li>)}
          </ul>
        )}
        <Button asChild size={compact ? 'sm' : 'md'} variant={isFree ? 'accent' : 'outline'} className={compact ? 'h-auto min-h-8 py-1.5 text-center' : undefined}>
          <Link to="/subscription">{isFree ? 'Upgrade Plan' : 'Manage Subscription'}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
