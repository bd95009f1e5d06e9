import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ExternalLink } from 'lucide-react';
import {
  gearRequestStatusLabels, shipmentStatusLabels, type Allotment, type GearRequest, type GearRequestStatus, type Obligation, type Shipment,
  type ShipmentStatus,
} from '@shared/contracts/gear';
import { formatMoney } from '@shared/currency';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent } from '@client/components/ui/card';
import { ProgressBar } from '@client/components/ui/progress-bar';
import { formatCalendarDate, formatDate } from '@client/lib/format-dates';
import { describeAllotment } from '../format';

const requestTones: Record<GearRequestStatus, 'yellow' | 'green' | 'red' | 'neutral'> = { requested: 'yellow', approved: 'green', rejected: 'red', cancelled: 'neutral' };
const shipmentTones: Record<ShipmentStatus, 'yellow' | 'green' | 'red' | 'neutral' | 'blue'> = {
  ordering: 'yellow', ordered: 'blue', draft: 'yellow', failed: 'red', shipped: 'blue', in_transit: 'blue', delivered: 'green', cancelled: 'neutral',
};

export function RequestStatusBadge({ status }: { status: GearRequestStatus }) {
  return <Badge tone={requestTones[status]} data-testid="gear-request-status">{gearRequestStatusLabels[status]}</Badge>;
}

export function ShipmentStatusBadge({ status }: { status: ShipmentStatus }) {
  return <Badge tone={shipmentTones[status]} data-testid="shipment-status">{shipmentStatusLabels[status]}</Badge>;
}

/** The shared list states (moved to components so the flagged-orders screen uses the same ones). */
export { ListState } from '@client/components/list-state';

/** The allotment as a value bar (what is left, in the allotment currency) with the items left and the renewal day. */
export function AllotmentBar({ allotment, who, compact = false }: { allotment: Allotment; who: string; compact?: boolean }) {
  const text = describeAllotment(allotment);
  const share = allotment.limitMinor > 0 ? allotment.remainingMinor / allotment.limitMinor : allotment.itemsLimit ? (allotment.itemsLimit - allotment.itemsUsed) / allotment.itemsLimit : 0;
  const percent = Math.max(0, Math.min(100, Math.round(share * 100)));
  return (
    <div className="flex min-w-0 flex-col gap-1" data-testid="allotment">
      <p className="text-sm"><span className="font-medium">Allotment:</span> <span className="text-bark-700">{text}</span></p>
      <ProgressBar label={`Allotment left, ${who}`} percent={percent} valueText={text} reached={percent > 0} compact={compact} />
      {!compact && <p className="text-xs text-bark-700">Renews on {formatCalendarDate(allotment.renewsOn)}. Waiting requests hold their value until decided.</p>}
    </div>
  );
}

const obligationLabels: Record<Obligation['status'], string> = { waiting_for_delivery: 'Due after delivery', open: 'Open', done: 'Done', overdue: 'Overdue' };
const obligationTones = { waiting_for_delivery: 'neutral', open: 'yellow', done: 'green', overdue: 'red' } as const;

/** What a shipment owes: each task with its due day, overdue marked, linked to the campaign it belongs to. */
export function ObligationList({ obligations }: { obligations: Obligation[] }) {
  if (obligations.length === 0) return null;
  return (
    <div className="mt-2">
      <p className="text-xs font-semibold uppercase tracking-wide text-bark-700">Owed for this gear</p>
      <ul className="mt-1 flex flex-col gap-1" data-testid="obligations">
        {obligations.map((o) => (
          <li key={o.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid="obligation">
            <Link to={`/campaigns/${o.campaignId}`} className="font-medium text-forest-700 hover:underline break-words">{o.taskTitle}</Link>
            {/* Before delivery the badge alone says it is due after delivery. */}
            {o.dueOn ? <span className="text-bark-700">due {formatCalendarDate(o.dueOn)}</span> : o.status !== 'waiting_for_delivery' && <span className="text-bark-700">due after delivery</span>}
            <Badge tone={obligationTones[o.status]}>{obligationLabels[o.status]}</Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A shipment: its status, the store order, the carrier's tracking link (a new tab), and what it owes. */
export function ShipmentDetails({ shipment }: { shipment: Shipment }) {
  return (
    <div className="mt-3 rounded-lg border border-bark-200 p-3 text-sm" data-testid="shipment">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">Shipment</span>
        <ShipmentStatusBadge status={shipment.status} />
        {shipment.orderName && <span className="text-bark-700">Order {shipment.orderName}</span>}
        {shipment.adminUrl && (
          <a href={shipment.adminUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-medium text-forest-700 hover:underline">
            Open in your store<span className="sr-only"> (order {shipment.orderName ?? shipment.id}, opens in a new tab)</span>
            <ExternalLink className="h-3.5 w-3.5" aria-hidden />
          </a>
        )}
      </div>
      {shipment.failureReason && <p className="mt-1 text-red-800">{shipment.failureReason}</p>}
      {(shipment.trackingNumber || shipment.trackingUrl) && (
        <p className="mt-1 break-words">
          {shipment.carrier && <>{shipment.carrier} · </>}
          {shipment.trackingUrl ? (
            <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-medium text-forest-700 hover:underline">
              Track {shipment.trackingNumber ?? 'the parcel'}<span className="sr-only"> (opens the carrier’s page in a new tab)</span>
              <ExternalLink className="h-3.5 w-3.5" aria-hidden />
            </a>
          ) : (
            <>Tracking number {shipment.trackingNumber}</>
          )}
        </p>
      )}
      {(shipment.shippedAt || shipment.deliveredAt) && (
        <p className="mt-1 text-xs text-bark-700">
          {shipment.shippedAt && <>Shipped {formatDate(shipment.shippedAt)}</>}
          {shipment.shippedAt && shipment.deliveredAt && ' · '}
          {shipment.deliveredAt && <>Delivered {formatDate(shipment.deliveredAt)}</>}
        </p>
      )}
      <ObligationList obligations={shipment.obligations} />
    </div>
  );
}

/**
 * One gear request: who and when, its lines and value, its decision, its shipment; `actions` and `leading` from the
 * screen. The business sees the staffer's name and tier on top; the staffer, inside the brand's card, the request number.
 */
export function GearRequestCard({ request, side, leading, actions }: { request: GearRequest; side: 'business' | 'pro_staff'; leading?: ReactNode; actions?: ReactNode }) {
  const business = side === 'business';
  return (
    <Card data-testid="gear-request">
      <CardContent className="flex flex-col gap-2 p-3 sm:p-4">
        <div className="flex items-start gap-3">
          {leading}
          <div className="min-w-0 flex-1">
            {/* The status wraps under the name when both do not fit one line. */}
            <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
              <p className="min-w-0 font-semibold break-words">
                {business ? request.proStaffName : `Request #${request.id}`}
                {business && request.tierName && <span className="font-normal text-bark-700"> · {request.tierName}</span>}
              </p>
              <RequestStatusBadge status={request.status} />
            </div>
            <p className="text-sm text-bark-700">
              {business && <>Request #{request.id} · </>}{formatDate(request.createdAt)} · {request.itemCount} {request.itemCount === 1 ? 'item' : 'items'} · {formatMoney(request.totalMinor, request.currency)}
            </p>
          </div>
        </div>
        <ul className="flex flex-col gap-1 text-sm" aria-label={`Items of request #${request.id}`}>
          {request.items.map((line) => (
            <li key={line.variantId} className="flex flex-wrap justify-between gap-x-3">
              <span className="min-w-0 break-words">{line.quantity} × {line.productTitle}{line.variantTitle && line.variantTitle !== line.productTitle && <span className="text-bark-700"> · {line.variantTitle}</span>}</span>
              <span className="ml-auto text-bark-700">{formatMoney(line.unitPriceMinor * line.quantity, request.currency)}</span>
            </li>
          ))}
        </ul>
        {request.note && <p className="text-sm text-bark-700 break-words">Note: {request.note}</p>}
        {business && (
          <p className="text-xs text-bark-700 break-words">
            Ship to {request.shippingAddress.name}, {request.shippingAddress.city}, {request.shippingAddress.region} {request.shippingAddress.postalCode}, {request.shippingAddress.country}
          </p>
        )}
        {request.decisionReason && <p className="text-sm break-words"><span className="font-medium">{request.status === 'rejected' ? 'Why declined' : 'Reason'}:</span> {request.decisionReason}</p>}
        {request.shipment && <ShipmentDetails shipment={request.shipment} />}
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </CardContent>
    </Card>
  );
}
