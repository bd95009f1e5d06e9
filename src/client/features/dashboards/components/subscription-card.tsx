import { Link } from 'react-router';
import { planFor, type UserType } from '@shared/plans';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';

/** The plan, its first features and the way to change it. */
export function SubscriptionCard({ userType, tier }: { userType: UserType; tier: string }) {
  const plan = planFor(userType, tier);
  const isFree = tier === 'free';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Subscription</CardTitle>
        <CardDescription>Your current plan</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-2xl font-bold" data-testid="subscription-tier">{tier.toUpperCase()}</p>
        <ul className="list-disc pl-5 text-sm text-bark-700">
          {plan.features.slice(0, 3).map((feature) => <li key={feature}>{feature}</li>)}
        </ul>
        <Button asChild variant={isFree ? 'accent' : 'outline'}>
          <Link to="/subscription">{isFree ? 'Upgrade Plan' : 'Manage Subscription'}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
