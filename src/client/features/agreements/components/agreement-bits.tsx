import { agreementStatusLabels, exclusivityCategoryLabels, type Agreement, type AgreementStatus } from '@shared/contracts/agreements';
import { formatMoney } from '@shared/currency';
import { Badge } from '@client/components/ui/badge';
import { formatRate } from '@client/lib/converters';

const statusTones: Record<AgreementStatus, 'green' | 'yellow' | 'neutral' | 'red' | 'blue'> = {
  offered: 'yellow',
  active: 'green',
  expired: 'neutral',
  declined: 'red',
  withdrawn: 'neutral',
  ended: 'neutral',
  superseded: 'blue',
};

export function StatusBadge({ status }: { status: AgreementStatus }) {
  return <Badge tone={statusTones[status]} data-testid="agreement-status">{agreementStatusLabels[status]}</Badge>;
}

export { formatRate };

/** The terms of one version, as a definition list. */
export function AgreementTerms({ agreement }: { agreement: Agreement }) {
  const rows: [string, string][] = [
    ['Term', `${agreement.startDate} to ${agreement.endDate}`],
    ['Commission on codes', formatRate(agreement.commissionRateBps)],
    ['Gear allowance per term', formatMoney(agreement.gearAllowanceMinor, agreement.currency)],
    ['Pro-deal discount', `${agreement.proDealDiscountPercent}%`],
    ['Posts / events / field test reports per term', `${agreement.postsPerTerm} / ${agreement.eventsPerTerm} / ${agreement.fieldTestReportsPerTerm}`],
    ['Exclusivity', agreement.exclusivityCategory ? exclusivityCategoryLabels[agreement.exclusivityCategory] : 'Not exclusive'],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-bark-700">{label}</dt>
          <dd className="font-medium text-bark-900 break-words">{value}</dd>
        </div>
      ))}
      <div className="min-w-0 sm:col-span-2">
        <dt className="text-bark-700">Duties</dt>
        <dd className="whitespace-pre-line break-words font-medium text-bark-900">{agreement.duties || 'None listed'}</dd>
      </div>
    </dl>
  );
}
