import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@client/components/ui/card';

export function StatCard({ label, value, icon: Icon, note }: { label: string; value: ReactNode; icon: LucideIcon; note?: ReactNode }) {
  return (
    <Card className="flex items-center gap-4 p-5" data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}>
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
