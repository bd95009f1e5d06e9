import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';

/** One figure with its label; `compact` (the pro staff summary) drops the icon below the sm breakpoint so two fit a phone row. */
export function StatCard({ label, value, icon: Icon, note, compact = false }: { label: string; value: ReactNode; icon: LucideIcon; note?: ReactNode; compact?: boolean }) {
  return (
    <Card className={cn('flex items-center gap-4', compact ? 'p-3 sm:p-5' : 'p-5')} data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}>
      <span className={cn('h-11 w-11 shrink-0 items-center justify-center rounded-full bg-forest-100 text-forest-700', compact ? 'hidden sm:flex' : 'flex')}>
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-bark-700">{label}</p>
        <p className={cn('font-bold text-bark-900', compact ? 'text-xl sm:text-2xl' : 'text-2xl')} data-testid="stat-value">{value}</p>
        {note && <div className="text-xs">{note}</div>}
      </div>
    </Card>
  );
}
