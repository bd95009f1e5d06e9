import { BarChart3, Pause, Pencil, Play, Trash2 } from 'lucide-react';
import { deliveryStatusLabels, promotionAudienceLabels, promotionTypeLabels, type Promotion } from '@shared/contracts/promotions';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@client/components/ui/card';
import { formatDay, formatMoney } from '../format';

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <dt className="text-xs text-bark-700">{label}</dt>
      <dd className="font-semibold text-bark-900">{value}</dd>
    </div>
  );
}

export function PromotionCard({
  promotion,
  onAnalytics,
  onEdit,
  onToggleActive,
  onDelete,
  busy,
}: {
  promotion: Promotion;
  onAnalytics: () => void;
  onEdit: () => void;
  onToggleActive: () => void;
  onDelete: () => void;
  busy: boolean;
}) {
  const budgetUsed = Number(promotion.budget) > 0 ? Math.min(100, (Number(promotion.totalSpent) / Number(promotion.budget)) * 100) : 0;
  return (
    <Card className="flex flex-col" data-testid="promotion-card">
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <CardTitle>{promotion.title}</CardTitle>
          <Badge tone={promotion.isActive ? 'green' : 'neutral'}>{promotion.isActive ? 'Active' : 'Inactive'}</Badge>
        </div>
        <CardDescription className="line-clamp-2">{promotion.description}</CardDescription>
        <div className="flex flex-wrap gap-1.5 pt-1">
          <Badge tone="orange">{promotionTypeLabels[promotion.promotionType]}</Badge>
          <Badge tone="outline">{promotionAudienceLabels[promotion.targetAudience]}</Badge>
          <Badge tone={promotion.deliveryStatus === 'delivering' ? 'blue' : 'yellow'}>{deliveryStatusLabels[promotion.deliveryStatus]}</Badge>
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3">
        <dl className="grid grid-cols-3 gap-3 text-sm">
          <Stat label="Impressions" value={promotion.totalImpressions} />
          <Stat label="Clicks" value={promotion.totalClicks} />
          <Stat label="CTR" value={`${promotion.clickThroughRate}%`} />
          <Stat label="Spent" value={formatMoney(promotion.totalSpent)} />
          <Stat label="Budget" value={formatMoney(promotion.budget)} />
          <Stat label="Cost/Click" value={formatMoney(promotion.costPerClick)} />
        </dl>
        <div>
          <div className="h-2 overflow-hidden rounded-full bg-bark-100" role="img" aria-label={`${budgetUsed.toFixed(0)}% of budget spent`}>
            <div className="h-full bg-forest-600" style={{ width: `${budgetUsed}%` }} />
          </div>
          <p className="mt-1 text-xs text-bark-700">
            {promotion.dailyBudget ? `Daily budget ${formatMoney(promotion.dailyBudget)} · ${formatMoney(promotion.spentToday)} spent today` : 'No daily cap'}
          </p>
        </div>
        {promotion.targetAudience !== 'all_pro_staff' && (
          <p className="text-sm text-bark-700">
            Targets: {promotion.targetAudience === 'location_based' ? promotion.targetLocation : promotion.targetSpecialties.join(', ')}
          </p>
        )}
        <p className="text-sm text-bark-700">
          {formatDay(promotion.startDate)} – {formatDay(promotion.endDate)}
        </p>
      </CardContent>
      <CardFooter className="flex-wrap">
        <Button variant="outline" size="sm" onClick={onAnalytics} aria-label={`Analytics for ${promotion.title}`}>
          <BarChart3 className="h-4 w-4" aria-hidden="true" /> Analytics
        </Button>
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${promotion.title}`}>
          <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
        </Button>
        <Button variant="outline" size="sm" onClick={onToggleActive} disabled={busy} aria-label={`${promotion.isActive ? 'Pause' : 'Resume'} ${promotion.title}`}>
          {promotion.isActive ? <Pause className="h-4 w-4" aria-hidden="true" /> : <Play className="h-4 w-4" aria-hidden="true" />}
          {promotion.isActive ? 'Pause' : 'Resume'}
        </Button>
        <Button variant="outline" size="sm" onClick={onDelete} disabled={busy} className="text-red-700" aria-label={`Delete ${promotion.title}`}>
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
        </Button>
      </CardFooter>
    </Card>
  );
}
