import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Plan } from '@shared/plans';
import { PlanHeader } from './plan-header';
import { Button } from './ui/button';
import { Card, CardContent } from './ui/card';

/** A plan offered on a marketing page: its header, what it includes (the children) and a button to the subscription page. */
export function PlanOfferCard({ plan, action, children }: { plan: Plan; action: string; children: ReactNode }) {
  return (
    <Card className={plan.popular ? 'border-2 border-blaze-500' : ''}>
      <PlanHeader plan={plan} />
      <CardContent>
        {children}
        <Button asChild className="mt-5 w-full" variant={plan.popular ? 'accent' : 'outline'}>
          <Link to="/subscription">{action}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
