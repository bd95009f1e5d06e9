import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@client/components/ui/card';

const statTestId = (label: string) => `stat-${label.toLowerCase().replace(/\s+/g, '-')}`;

/** One figure with its label. */
export function StatCard({ label, value, icon: Icon, note }: { label: string; value: ReactNode; icon: LucideIcon; note?: ReactNode }) {
  return (
    <Card className="flex items-center gap-4 p-5" data-testid={statTestId(label)}>
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-forest-100 text-forest-700">
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-bark-700">{label}</p>
        <p className="text-2xl font-bold text-bark-900" data-testid="stat-value">{value}</p>
        {note && <div className="text-xs">{note}</div>}
      </div>
    </Card>
  );
}

type Stat = { label: string; value: ReactNode };

/**
 * Four figures in one card, side by side at every width (the pro staff summary): they fit a 360 px phone in one short
 * row, each figure above its label.
 */
export function StatStrip({ stats }: { stats: [Stat, Stat, Stat, Stat] }) {
  return (
    <Card>
      <dl className="grid grid-cols-4 divide-x divide-bark-100">
        {stats.map(({ label, value }) => (
          // Label first for screen readers, the figure shown on top; justify-end packs both at the top of the cell.
          <div key={label} className="flex min-w-0 flex-col-reverse justify-end px-1 py-2.5 text-center sm:px-3 sm:py-4 lg:px-5 lg:text-left" data-testid={statTestId(label)}>
            <dt className="text-xs leading-4 text-bark-700 sm:text-sm">{label}</dt>
            <dd className="text-lg font-bold text-bark-900 sm:text-2xl" data-testid="stat-value">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
