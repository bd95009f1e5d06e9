import { cn } from './cn';

/**
 * An accessible bar: role progressbar with its value (0–100) and a label naming what it measures. `reached` paints it
 * green (a goal met, an allotment with room left); otherwise blaze orange.
 */
export function ProgressBar({ label, percent, valueText, reached, compact = false }: { label: string; percent: number; valueText: string; reached: boolean; compact?: boolean }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${valueText} (${percent}%)`}
      className={cn('w-full overflow-hidden rounded-full bg-bark-100', compact ? 'h-1.5' : 'h-2.5')}
    >
      <div className={cn('h-full rounded-full', reached ? 'bg-forest-600' : 'bg-blaze-500')} style={{ width: `${percent}%` }} />
    </div>
  );
}
