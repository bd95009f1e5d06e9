import type { Promotion } from '@shared/contracts/promotions';
import { Dialog, DialogContent } from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';
import { describeError } from '@client/lib/api';
import { usePromotionAnalytics } from '../api';
import { formatMoney } from '../format';
import { DailyChart } from './daily-chart';

export function AnalyticsDialog({ promotion, onClose }: { promotion: Promotion | null; onClose: () => void }) {
  const analytics = usePromotionAnalytics(promotion?.id ?? null);
  return (
    <Dialog open={promotion !== null} onOpenChange={(open) => !open && onClose()}>
      {promotion && (
        <DialogContent className="max-w-2xl" title={`Analytics: ${promotion.title}`} description="Impressions, clicks and spend per day (UTC).">
          {analytics.isLoading && <div className="flex justify-center py-8"><Spinner /></div>}
          {analytics.isError && <p role="alert" className="text-red-700">{describeError(analytics.error)}</p>}
          {analytics.data && (
            <div className="flex flex-col gap-5">
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {[
                  ['Impressions', String(analytics.data.totals.impressions)],
                  ['Clicks', String(analytics.data.totals.clicks)],
                  ['CTR', `${analytics.data.totals.clickThroughRate}%`],
                  ['Spent', formatMoney(analytics.data.totals.spent)],
                ].map(([label, value]) => (
                  <div key={label} className="rounded-lg bg-bark-100 p-3">
                    <dt className="text-xs text-bark-700">{label}</dt>
                    <dd className="text-lg font-semibold">{value}</dd>
                  </div>
                ))}
              </dl>
              <DailyChart days={analytics.data.days} />
            </div>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
