import { useId } from 'react';
import { goalMetricLabels, seasonStatusLabels, type Goal, type MetricProgress, type SeasonStatus } from '@shared/contracts/goals';
import { formatMoney } from '@shared/currency';
import { Badge } from '@client/components/ui/badge';
import { cn } from '@client/components/ui/cn';
import { ProgressBar } from '@client/components/ui/progress-bar';

/** "USD 275.00 of USD 1500.00" or "2 of 4". */
export function describeProgress(item: MetricProgress): string {
  if (item.metric === 'sales' && item.currency) return `${formatMoney(item.actual, item.currency)} of ${formatMoney(item.target, item.currency)}`;
  return `${item.actual} of ${item.target}`;
}

/** One bar per target of a goal, each with its metric, the numbers and whether it is met; `compact` (the dashboard) is thinner. */
export function GoalProgress({ goal, who, compact = false }: { goal: Goal; who?: string; compact?: boolean }) {
  const id = useId();
  return (
    <ul className={compact ? 'flex flex-col gap-1.5' : 'flex flex-col gap-3'} aria-label={who ? `Progress of ${who}` : 'Progress'}>
      {goal.progress.map((item) => {
        const label = `${goalMetricLabels[item.metric]}${who ? `, ${who}` : ''}`;
        const text = describeProgress(item);
        return (
          <li key={item.metric} className="min-w-0" data-testid={`goal-metric-${item.metric}`}>
            <div className={cn('flex flex-wrap items-baseline justify-between gap-x-3 text-sm', compact ? 'mb-0.5' : 'mb-1')}>
              <span id={`${id}-${item.metric}`} className="font-medium">{goalMetricLabels[item.metric]}</span>
              <span className="text-bark-700">{text}{item.reached && <span className="ml-1 font-medium text-forest-700">· met</span>}</span>
            </div>
            <ProgressBar label={label} percent={item.percent} valueText={text} reached={item.reached} compact={compact} />
          </li>
        );
      })}
    </ul>
  );
}

export function SeasonStatusBadge({ status }: { status: SeasonStatus }) {
  return <Badge tone={status === 'current' ? 'green' : status === 'upcoming' ? 'blue' : 'neutral'}>{seasonStatusLabels[status]}</Badge>;
}

export function ReachedBadge({ goal }: { goal: Goal }) {
  return goal.reached ? <Badge tone="green">Goal reached</Badge> : <Badge tone="outline">{goal.overallPercent}% overall</Badge>;
}
