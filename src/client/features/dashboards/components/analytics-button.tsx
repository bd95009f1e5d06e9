import { BarChart3 } from 'lucide-react';
import { Button } from '@client/components/ui/button';

/** The dashboards' Analytics quick action: disabled, and saying so, on the Free plan. */
export function AnalyticsButton({ isFree, onOpen, size }: { isFree: boolean; onOpen: () => void; size?: 'sm' | 'md' }) {
  return (
    <Button variant="outline" size={size} disabled={isFree} onClick={onOpen}>
      <BarChart3 className="h-4 w-4" aria-hidden="true" />
      {isFree ? 'Analytics (Upgrade Required)' : 'Analytics'}
    </Button>
  );
}
