import type { Plan } from '@shared/plans';
import { Badge } from './ui/badge';
import { CardDescription, CardHeader, CardTitle } from './ui/card';

/** Name, badges, monthly price and description of a plan: the top of every plan card. */
export function PlanHeader({ plan, isCurrent = false }: { plan: Plan; isCurrent?: boolean }) {
  return (
    <CardHeader>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>{plan.name}</CardTitle>
        <div className="flex gap-1">
          {plan.popular && <Badge tone="orange">Most Popular</Badge>}
          {isCurrent && <Badge tone="green">Current Plan</Badge>}
        </div>
      </div>
      <p className="text-3xl font-bold">
        {plan.price}
        <span className="text-sm font-normal text-bark-700"> {plan.period}</span>
      </p>
      <CardDescription>{plan.description}</CardDescription>
    </CardHeader>
  );
}
