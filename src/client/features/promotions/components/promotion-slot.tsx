import { useEffect, useSyncExternalStore } from 'react';
import { ExternalLink } from 'lucide-react';
import { promotionTypeLabels, type PromotionForViewer } from '@shared/contracts/promotions';
import { Badge } from '@client/components/ui/badge';
import { cn } from '@client/components/ui/cn';
import { useSession } from '@client/features/auth';
import { trackPromotion, useEligiblePromotions } from '../api';

// The server counts an impression once per viewer, promotion and day; this only avoids resending per page view.
const impressionsSent = new Set<number>();

function SponsoredCard({ promotion, wide }: { promotion: PromotionForViewer; wide: boolean }) {
  useEffect(() => {
    if (impressionsSent.has(promotion.id)) return;
    impressionsSent.add(promotion.id);
    void trackPromotion(promotion.id, 'impression').then((result) => {
      if (!result) impressionsSent.delete(promotion.id);
    });
  }, [promotion.id]);

  const body = (
    <>
      {promotion.imageUrl && (
        <img src={promotion.imageUrl} alt="" loading="lazy" className={cn('rounded-md object-cover', wide ? 'h-20 w-28 shrink-0' : 'h-32 w-full')} />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2 text-xs text-bark-700">
          <span className="font-semibold uppercase tracking-wide">Sponsored</span>
          <span>· {promotion.companyName}</span>
          {promotion.promotionType !== 'banner' && <Badge tone="orange">{promotionTypeLabels[promotion.promotionType]}</Badge>}
        </div>
        <p className="font-semibold text-bark-900">{promotion.title}</p>
        <p className="line-clamp-2 text-sm text-bark-700">{promotion.description}</p>
        {promotion.targetUrl && (
          <span className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-forest-700">
            Learn more <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
          </span>
        )}
      </div>
    </>
  );
  const className = cn(
    'flex gap-3 rounded-xl border bg-white p-4 text-left shadow-sm',
    wide ? 'flex-row items-center' : 'flex-col',
    promotion.promotionType === 'spotlight' ? 'border-blaze-400' : 'border-bark-200',
  );

  if (!promotion.targetUrl) return <div className={className} data-testid="sponsored-promotion">{body}</div>;
  return (
    <a
      href={promotion.targetUrl}
      target="_blank"
      rel="noopener noreferrer sponsored"
      className={cn(className, 'transition-shadow hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-forest-500')}
      onClick={() => void trackPromotion(promotion.id, 'click')}
      data-testid="sponsored-promotion"
    >
      {body}
    </a>
  );
}

// When a page has both slots (the pro staff dashboard embeds the job list), the job list's slot
// steps aside so the same promotion is not shown twice.
let dashboardSlots = 0;
const slotListeners = new Set<() => void>();
const subscribeSlots = (listener: () => void) => {
  slotListeners.add(listener);
  return () => slotListeners.delete(listener);
};
function useDashboardSlot(isDashboard: boolean): boolean {
  useEffect(() => {
    if (!isDashboard) return;
    dashboardSlots += 1;
    slotListeners.forEach((listener) => listener());
    return () => {
      dashboardSlots -= 1;
      slotListeners.forEach((listener) => listener());
    };
  }, [isDashboard]);
  return useSyncExternalStore(subscribeSlots, () => dashboardSlots > 0, () => false);
}

/**
 * Paid promotions shown to the signed-in pro staffer (dashboard and job list). The server picks the
 * running, funded promotions aimed at them; showing one records an impression, clicking charges the click.
 */
export function PromotionSlot({ placement }: { placement: 'dashboard' | 'jobs' }) {
  const { user } = useSession();
  const dashboardShown = useDashboardSlot(placement === 'dashboard');
  const yieldToDashboard = placement === 'jobs' && dashboardShown;
  const enabled = user?.userType === 'pro_staff' && user.proStaffId !== null && !yieldToDashboard;
  const { data } = useEligiblePromotions(placement, enabled);
  if (!enabled || !data || data.length === 0) return null;
  return (
    <section aria-label="Sponsored" className={cn('grid gap-3', placement === 'jobs' && 'md:grid-cols-2')}>
      {data.map((promotion) => (
        <SponsoredCard key={promotion.id} promotion={promotion} wide={placement === 'jobs'} />
      ))}
    </section>
  );
}
