import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { mismatchKindLabels, type MismatchKind, type ReconciliationGroup } from '@shared/contracts/reconciliation';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { describeError } from '@client/lib/api';
import { useReconciliation } from '../api';

export const RECONCILIATION_ANCHOR = 'payout-reconciliation';

const kindTones: Record<MismatchKind, 'red' | 'orange' | 'yellow'> = {
  missing_at_stripe: 'red',
  reversed: 'red',
  amount_differs: 'orange',
  currency_differs: 'orange',
  not_recorded: 'yellow',
};

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function GroupList({ group }: { group: ReconciliationGroup }) {
  const name = group.companyName ?? 'Business not known to HuntStaff';
  return (
    <section aria-label={`${name} · ${group.currency}`} className="rounded-md border border-bark-100 p-3" data-testid="reconciliation-group">
      <h3 className="font-semibold text-bark-900">
        {name} · {group.currency} <span className="font-normal text-bark-700">({plural(group.mismatches.length, 'mismatch', 'mismatches')})</span>
      </h3>
      <ul className="mt-2 flex flex-col divide-y divide-bark-100">
        {group.mismatches.map((mismatch) => (
          <li key={`${mismatch.kind}:${mismatch.stripeTransferId}`} className="flex flex-col gap-1 py-2 text-sm" data-testid="reconciliation-mismatch">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={kindTones[mismatch.kind]}>{mismatchKindLabels[mismatch.kind]}</Badge>
              <span className="text-bark-900">{mismatch.message}</span>
            </div>
            <p className="break-words text-xs text-bark-700">
              {mismatch.payoutId !== null && <>Payout #{mismatch.payoutId} · </>}
              {mismatch.proStaffId !== null && <>pro staff #{mismatch.proStaffId} · </>}
              Stripe transfer <span className="font-mono">{mismatch.stripeTransferId}</span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Payout reconciliation (decision record 037): per business and currency, every transfer HuntStaff recorded as paid
 * that Stripe does not have, has with another amount or currency, or reversed, and every HuntStaff payout transfer
 * at Stripe that is not recorded as paid. Nothing is corrected from here: a person looks at each one.
 */
export function ReconciliationPanel() {
  const [params] = useSearchParams();
  const initial = { from: params.get('reconcileFrom') ?? '', to: params.get('reconcileTo') ?? '' };
  const [draft, setDraft] = useState(initial);
  const [range, setRange] = useState({ from: initial.from || undefined, to: initial.to || undefined });
  const report = useReconciliation(range);
  const anchor = useRef<HTMLDivElement>(null);

  // The daily task's notification links here: bring the panel into view once the page has drawn it.
  useEffect(() => {
    if (window.location.hash === `#${RECONCILIATION_ANCHOR}`) anchor.current?.scrollIntoView();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { from: draft.from || undefined, to: draft.to || undefined };
    // The same range again means "read Stripe again", not "show what was read a minute ago".
    if (next.from === range.from && next.to === range.to) void report.refetch();
    else setRange(next);
  };

  return (
    <div id={RECONCILIATION_ANCHOR} ref={anchor} className="scroll-mt-20">
      <Card>
        <CardHeader><CardTitle>Payout Reconciliation</CardTitle></CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p className="text-sm text-bark-700">
            Transfers HuntStaff recorded as paid, compared with Stripe’s transfers, per business and currency (UTC days, both included).
          </p>
          <form className="flex flex-wrap items-end gap-3" onSubmit={submit} aria-label="Reconciliation range">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="reconcile-from">From</Label>
              <Input id="reconcile-from" type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} className="w-44" />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="reconcile-to">To</Label>
              <Input id="reconcile-to" type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} className="w-44" />
            </div>
            <Button type="submit" variant="outline" disabled={report.isFetching}>Compare with Stripe</Button>
          </form>
          {report.isPending ? (
            <p className="text-sm text-bark-700">Reading Stripe’s transfers...</p>
          ) : report.isError ? (
            <p role="alert" className="text-sm text-red-700">{describeError(report.error)}</p>
          ) : (
            <>
              <p className="text-sm text-bark-700" data-testid="reconciliation-summary">
                {report.data.from} to {report.data.to}: {plural(report.data.recordedCount, 'transfer', 'transfers')} recorded as paid,{' '}
                {plural(report.data.stripeCount, 'HuntStaff transfer', 'HuntStaff transfers')} at Stripe. Checked{' '}
                {new Date(report.data.checkedAt).toLocaleTimeString('en-US')}.
              </p>
              {report.data.groups.length === 0 ? (
                <p className="rounded-md border border-forest-200 bg-forest-50 p-3 text-sm text-forest-800" data-testid="reconciliation-empty">
                  No mismatches: every transfer recorded as paid matches Stripe, and Stripe has no HuntStaff payout transfer that is not recorded.
                </p>
              ) : (
                <>
                  <p role="status" className="text-sm font-medium text-red-700">
                    {plural(report.data.mismatchCount, 'mismatch', 'mismatches')} with Stripe. Nothing was changed; check each one in Stripe’s Dashboard.
                  </p>
                  {report.data.groups.map((group) => (
                    <GroupList key={`${group.businessId ?? 'unknown'}:${group.currency}`} group={group} />
                  ))}
                </>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
