import { BarChart3, Lock } from 'lucide-react';
import { Button } from '@client/components/ui/button';

/**
 * The dashboards' Analytics quick action: disabled, and saying so, on the Free plan. `compact` (the pro staff summary):
 * small, and on a phone a lock stands for "(Upgrade Required)", which stays in the button's name.
 */
export function AnalyticsButton({ isFree, onOpen, compact = false }: { isFree: boolean; onOpen: () => void; compact?: boolean }) {
  const Icon = compact && isFree ? Lock : BarChart3;
  return (
    <Button variant="outline" size={compact ? 'sm' : 'md'} disabled={isFree} onClick={onOpen}>
      <Icon className="h-4 w-4" aria-hidden="true" />
      {isFree ? <span>Analytics<span className={compact ? 'max-sm:sr-only' : undefined}> (Upgrade Required)</span></span> : 'Analytics'}
    </Button>
  );
}
