import { useState } from 'react';
import type { PromotionDay } from '@shared/contracts/promotions';
import { formatCents } from '@shared/format';
import { cn } from '@client/components/ui/cn';
import { formatDay } from '../format';

const metrics = {
  impressions: { label: 'Impressions', value: (d: PromotionDay) => d.impressions, format: (n: number) => String(n), color: 'bg-blue-500' },
  clicks: { label: 'Clicks', value: (d: PromotionDay) => d.clicks, format: (n: number) => String(n), color: 'bg-blaze-500' },
  spend: { label: 'Spend', value: (d: PromotionDay) => d.spentCents, format: formatCents, color: 'bg-forest-600' },
} as const;
type Metric = keyof typeof metrics;

/** A per-day bar chart with a metric switch; the same numbers are in a table for screen readers. */
export function DailyChart({ days }: { days: PromotionDay[] }) {
  const [metric, setMetric] = useState<Metric>('impressions');
  const current = metrics[metric];
  const max = Math.max(1, ...days.map(current.value));

  if (days.length === 0) return <p className="text-sm text-bark-700">No days to chart yet: the promotion has not started.</p>;

  return (
    <div>
      <div role="group" aria-label="Chart metric" className="mb-3 inline-flex gap-1 rounded-lg bg-bark-100 p-1">
        {(Object.keys(metrics) as Metric[]).map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={metric === key}
            onClick={() => setMetric(key)}
            className={cn('rounded-md px-3 py-1 text-sm font-medium', metric === key ? 'bg-white text-forest-800 shadow-sm' : 'text-bark-700 hover:text-bark-900')}
          >
            {metrics[key].label}
          </button>
        ))}
      </div>
      <div aria-hidden="true" className="flex h-40 items-end gap-1 border-b border-l border-bark-200 px-1" data-testid="daily-chart">
        {days.map((day) => {
          const value = current.value(day);
          return (
            <div key={day.day} className="flex h-full min-w-[3px] flex-1 items-end justify-center rounded-t-sm bg-bark-100/60" title={`${formatDay(day.day)}: ${current.format(value)}`}>
              <div className={cn('w-full max-w-12 rounded-t-sm', current.color)} style={{ height: `${(value / max) * 100}%`, minHeight: value > 0 ? 2 : 0 }} />
            </div>
          );
        })}
      </div>
      <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-bark-700">
        <span>{formatDay(days[0].day)}</span>
        <span>Peak {current.format(max === 1 && days.every((d) => current.value(d) === 0) ? 0 : max)}</span>
        <span>{formatDay(days[days.length - 1].day)}</span>
      </div>
      <table className="sr-only">
        <caption>Daily performance</caption>
        <thead>
          <tr><th scope="col">Day</th><th scope="col">Impressions</th><th scope="col">Clicks</th><th scope="col">Spend</th></tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{formatDay(day.day)}</th><td>{day.impressions}</td><td>{day.clicks}</td><td>{formatCents(day.spentCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
