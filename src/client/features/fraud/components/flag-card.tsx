import type { ReactNode } from 'react';
import { fraudModeLabels, fraudSignalLabels, type FraudFlag } from '@shared/contracts/fraud';
import { Badge } from '@client/components/ui/badge';
import { formatDate } from '@client/lib/format-dates';
import { describeEvidence, describeSettlement, flagStatusLabels, flagStatusTones, heldAmount } from '../format';

/**
 * One flagged order: the signal, its evidence in words, the order and code, the commission it holds and how the flag
 * settles. `side` picks the name shown (the staffer's on the business's screen) and `leading` is the selection box.
 */
export function FlagCard({ flag, side, leading }: { flag: FraudFlag; side: 'business' | 'pro_staff'; leading?: ReactNode }) {
  const amount = heldAmount(flag);
  return (
    <article className="flex gap-3 rounded-lg border border-bark-200 bg-white p-4" data-testid="fraud-flag" aria-label={`${fraudSignalLabels[flag.signal]} on order ${flag.orderId}`}>
      {leading}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-bark-900">{fraudSignalLabels[flag.signal]}</span>
          <Badge tone={flagStatusTones[flag.status]} data-testid="flag-status">{flagStatusLabels[flag.status]}</Badge>
          {flag.held && <Badge tone="orange">Commission held</Badge>}
          {side === 'business' && <Badge tone="outline">{fraudModeLabels[flag.mode]}</Badge>}
        </div>
        <p className="mt-1 break-words text-sm text-bark-900" data-testid="flag-evidence">{describeEvidence(flag.evidence)}</p>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
          <dt className="text-bark-700">Order</dt>
          <dd className="break-all">{flag.orderId} <span className="text-bark-700">({flag.platform})</span></dd>
          <dt className="text-bark-700">Code</dt>
          <dd className="break-all font-mono">{flag.code}</dd>
          {side === 'business' && (
            <>
              <dt className="text-bark-700">Pro staff</dt>
              <dd>{flag.proStaffName}</dd>
            </>
          )}
          <dt className="text-bark-700">Commission</dt>
          <dd>{amount ?? 'None'}</dd>
        </dl>
        <p className="mt-2 text-xs text-bark-700">Flagged {formatDate(flag.createdAt)} · {describeSettlement(flag)}</p>
        {flag.reason && (
          <p className="mt-2 rounded-md bg-red-50 p-2 text-sm text-red-900" data-testid="flag-reason">
            <span className="font-medium">Reason{side === 'business' ? ' given' : ''}:</span> {flag.reason}
          </p>
        )}
      </div>
    </article>
  );
}
