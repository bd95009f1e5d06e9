import { useEffect } from 'react';
import { MapPin, Pencil, Trash2, CalendarDays } from 'lucide-react';
import { adAudienceLabels, adTypeLabels, type Advertisement, type AdStatus } from '@shared/contracts/ads';
import { clickThroughRate, formatCents } from '@shared/format';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { AdTags } from './ad-tags';
import { trackAd } from '../api';

const statusTone: Record<AdStatus, 'green' | 'yellow' | 'neutral' | 'blue'> = {
  active: 'green',
  paused: 'yellow',
  completed: 'neutral',
  draft: 'blue',
};

export const formatDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

function isExpired(ad: Advertisement) {
  return Date.parse(ad.endDate) <= Date.now();
}

export function OwnAdCard({ ad, onEdit, onDelete, deleting }: { ad: Advertisement; onEdit: () => void; onDelete: () => void; deleting: boolean }) {
  const expired = isExpired(ad) && ad.status !== 'completed';
  return (
    <Card className="flex flex-col" data-testid="own-ad-card">
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <CardTitle>{ad.title}</CardTitle>
          <Badge tone={expired ? 'red' : statusTone[ad.status]}>{expired ? 'Expired' : ad.status[0].toUpperCase() + ad.status.slice(1)}</Badge>
        </div>
        <CardDescription>
          {adTypeLabels[ad.adType]} · For {adAudienceLabels[ad.targetAudience]}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3">
        <p className="line-clamp-3 text-sm text-bark-800">{ad.description}</p>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <AdDetail term="Budget">{formatCents(ad.budget)}</AdDetail>
          <AdDetail term="Ends">{formatDay(ad.endDate)}</AdDetail>
          <AdDetail term="Impressions">{ad.impressions}</AdDetail>
          <AdDetail term="Clicks">{ad.clicks} <span className="text-xs font-normal text-bark-700">({clickThroughRate(ad.clicks, ad.impressions)}% CTR)</span></AdDetail>
        </dl>
        <AdTags tags={ad.tags} />
      </CardContent>
      <CardFooter>
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${ad.title}`}>
          <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
        </Button>
        <Button variant="outline" size="sm" onClick={onDelete} disabled={deleting} aria-label={`Delete ${ad.title}`} className="text-red-700">
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
        </Button>
      </CardFooter>
    </Card>
  );
}

// Impressions are also deduplicated by the server (once per viewer, ad and day); this just avoids resending.
const impressionsSent = new Set<number>();

export function OpportunityCard({ ad, isOwn, onOpen }: { ad: Advertisement; isOwn: boolean; onOpen: () => void }) {
  useEffect(() => {
    if (isOwn || impressionsSent.has(ad.id)) return;
    impressionsSent.add(ad.id);
    trackAd(ad.id, 'impression').catch(() => impressionsSent.delete(ad.id));
  }, [ad.id, isOwn]);

  return (
    <Card className="relative flex flex-col transition-shadow focus-within:ring-2 focus-within:ring-forest-500 hover:shadow-md" data-testid="opportunity-card">
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <CardTitle>{ad.title}</CardTitle>
          <Badge tone="orange">{adTypeLabels[ad.adType]}</Badge>
        </div>
        {isOwn && <CardDescription>Your advertisement</CardDescription>}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3">
        <p className="line-clamp-3 text-sm text-bark-800">{ad.description}</p>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-bark-700">
          {ad.location && (
            <span className="inline-flex items-center gap-1"><MapPin className="h-3.5 w-3.5" aria-hidden="true" />{ad.location}</span>
          )}
          <span className="inline-flex items-center gap-1"><CalendarDays className="h-3.5 w-3.5" aria-hidden="true" />Until {formatDay(ad.endDate)}</span>
        </div>
        <AdTags tags={ad.tags} />
        {/* The button's ::after covers the card, so the whole card is clickable while the markup stays valid. */}
        <button
          type="button"
          onClick={onOpen}
          aria-label={`View details: ${ad.title}`}
          className="mt-auto self-start text-sm font-medium text-forest-700 after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none"
        >
          View details
        </button>
      </CardContent>
    </Card>
  );
}

/** One figure of an ad (a term and its value) in the card's and the detail dialog's lists. */
export function AdDetail({ term, className, children }: { term: string; className?: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-bark-700">{term}</dt>
      <dd className={cn('font-medium', className)}>{children}</dd>
    </div>
  );
}
