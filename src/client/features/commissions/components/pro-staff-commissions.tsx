import { formatMoney, totalsByCurrency } from '@shared/currency';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { useSession } from '@client/features/auth';
import { useProStaffCommissions } from '../api';
import { CommissionList } from './commission-list';
import { StatementDownload } from './statement-download';

/** Pro staff dashboard: the commissions businesses have recorded for them, read-only. */
export function ProStaffCommissions() {
  const { user } = useSession();
  const enabled = user?.userType === 'pro_staff' && user.proStaffId !== null;
  const commissions = useProStaffCommissions(enabled);
  // One total per currency: amounts in different currencies are never added (decision 013).
  const totalOf = (status: 'paid' | 'pending') =>
    totalsByCurrency((commissions.data ?? []).filter((c) => c.status === status).map((c) => ({ amountMinor: c.amountCents, currency: c.currency ?? 'USD' })));
  const show = (totals: { currency: string; minor: number }[]) => (totals.length ? totals.map((t) => formatMoney(t.minor, t.currency)).join(' · ') : formatMoney(0, 'USD'));
  const totals = { paid: show(totalOf('paid')), pending: show(totalOf('pending')) };

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
            {commissions.data && commissions.data.length > 0 && (
              <dl className="mb-4 grid grid-cols-2 gap-3 text-sm">
                <div className="rounded-lg bg-forest-50 p-3">
                  <dt className="text-bark-700">Paid</dt>
                  <dd className="text-lg font-semibold text-forest-800">{totals.paid}</dd>
                </div>
                <div className="rounded-lg bg-yellow-50 p-3">
                  <dt className="text-bark-700">Pending</dt>
                  <dd className="text-lg font-semibold text-yellow-900">{totals.pending}</dd>
                </div>
              </dl>
            )}
            <StatementDownload kind="pro-staff" />
            <CommissionList commissions={commissions.data} isLoading={commissions.isLoading} error={commissions.error} counterparty="business" />
          </>
        )}
      </CardContent>
    </Card>
  );
}
