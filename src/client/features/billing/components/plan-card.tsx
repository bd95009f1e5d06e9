import { Check } from 'lucide-react';
import type { Plan } from '@shared/plans';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardFooter } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { PlanHeader } from '@client/components/plan-header';

export type PlanCardState = 'not-configured' | 'current' | 'locked' | 'available' | 'change' | 'free';

const buttonText: Record<PlanCardState, string> = {
  'not-configured': 'Stripe Keys Not Configured',
  current: 'Current Plan',
  locked: 'Subscribe Now',
  available: 'Subscribe Now',
  change: 'Switch to This Plan',
  free: 'Free Forever',
};

type Props = {
  plan: Plan;
  state: PlanCardState;
  isCurrent: boolean;
  onChoose(plan: Plan): void;
  /** Offered while the account may still start its free trial; works without payment keys. */
  onStartTrial?: (plan: Plan) => void;
  startingTrial?: boolean;
};

export function PlanCard({ plan, state, isCurrent, onChoose, onStartTrial, startingTrial }: Props) {
  return (
    <Card className={cn('flex flex-col', plan.popular && 'border-2 border-blaze-500', isCurrent && 'ring-2 ring-forest-600')} data-testid={`plan-${plan.id}`}>
      <PlanHeader plan={plan} isCurrent={isCurrent} />
      <CardContent className="flex-1">
        <ul className="flex flex-col gap-2 text-sm">
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-forest-700" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter className="flex flex-col gap-2">
        {onStartTrial && plan.priceCents > 0 && (
          <Button className="w-full" variant="outline" disabled={startingTrial} onClick={() => onStartTrial(plan)}>
            Start 14-day free trial
          </Button>
        )}
        <Button
          className="w-full"
          variant={plan.popular ? 'accent' : 'primary'}
          disabled={state !== 'available' && state !== 'change'}
          onClick={() => onChoose(plan)}
          title={state === 'locked' ? 'Cancel your current subscription to choose another plan' : undefined}
        >
          {buttonText[state]}
        </Button>
      </CardFooter>
    </Card>
  );
}
