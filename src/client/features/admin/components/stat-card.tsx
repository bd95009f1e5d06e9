import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '@client/components/ui/card';

export function StatCard({ label, value, hint, icon: Icon }: { label: string; value: ReactNode; hint?: ReactNode; icon: LucideIcon }) {
  return (
    <Card className="p-5">
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-sm font-medium text-bark-700">{label}</p>
          <p className="mt-1 text-2xl font-bold text-bark-900">{value}</p>
          {hint && <p className="mt-1 text-xs text-bark-700">{hint}</p>}
        </div>
        <Icon aria-hidden="true" className="h-5 w-5 text-forest-700" />
      </div>
    </Card>
  );
}

/** '12.5%', or a dash when there is no baseline. */
export function formatPercent(value: number | null): string {
  return value === null ? '—' : `${value}%`;
}

export function formatCount(value: number | null): string {
  return value === null ? '—' : value.toLocaleString('en-US');
}
