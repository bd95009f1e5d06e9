import { formatMoney, totalsByCurrency } from '@shared/currency';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { useSession } from '@client/features/auth';
import { useProStaffCommissions } from '../api';
import { CommissionList } from './commission-list';
import { StatementDownload } from './statement-download';

/** The signed-in staffer's commissions and their paid and pending totals, one per currency (never added across currencies, decision 013). */
export function useMyCommissionTotals() {
  const { user } = useSession();
  const enabled = user?.userType === 'pro_staff' && user.proStaffId !== null;
  const commissions = useProStaffCommissions(enabled);
  const totalOf = (status: 'paid' | 'pending') =>
    totalsByCurrency((commissions.data ?? []).filter((c) => c.status === status).map((c) => ({ amountMinor: c.amountCents, currency: c.currency ?? 'USD' })));
  const show = (totals: { currency: string; minor: number }[]) => (totals.length ? totals.map((t) => formatMoney(t.minor, t.currency)).join(' · ') : formatMoney(0, 'USD'));
  return { enabled, commissions, totals: { paid: show(totalOf('paid')), pending: show(totalOf('pending')) } };
}

/** Paid and pending, side by side; `compact` (the dashboard's card) without the tinted boxes. */
export function CommissionTotals({ totals, compact = false }: { totals: { paid: string; pending: string }; compact?: boolean }) {
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm">
      <div className={compact ? undefined : 'rounded-lg bg-forest-50 p-3'}>
        <dt className="text-bark-700">Paid</dt>
        <dd className={cn('font-semibold text-forest-800 break-words', compact ? 'text-base' : 'text-base sm:text-lg')}>{totals.paid}</dd>
      </div>
      <div className={compact ? undefined : 'rounded-lg bg-yellow-50 p-3'}>
        <dt className="text-bark-700">Pending</dt>
        <dd className={cn('font-semibold text-yellow-900 break-words', compact ? 'text-base' : 'text-base sm:text-lg')}>{totals.pending}</dd>
      </div>
    </dl>
  );
}

/** The earnings page: the commissions businesses have recorded for the staffer, read-only, with a CSV statement. */
export function ProStaffCommissions() {
  const { enabled, commissions, totals } = useMyCommissionTotals();
  return (
    <Card>
      <CardHeader>
        <CardTitle>My Commissions</CardTitle>
        <CardDescription>Commissions businesses have recorded for you. Payment terms are agreed directly with each business.</CardDescription>
      </CardHeader>
      <CardContent>
        {!enabled ? (
          <p className="text-sm text-bark-700">Please complete your pro staff profile first.</p>
        ) : (
          <>
            {commissions.data && commissions.data.length > 0 && <div className="mb-4"><CommissionTotals totals={totals} /></div>}
            <StatementDownload kind="pro-staff" />
            <CommissionList commissions={commissions.data} isLoading={commissions.isLoading} error={commissions.error} counterparty="business" />
          </>
        )}
      </CardContent>
    </Card>
  );
}
