import { useId, useState } from 'react';
import { statementQuery, type StatementQueryInput } from '@shared/contracts/commissions';
import { payoutStatementQuery } from '@shared/contracts/payouts';
import { Button } from '@client/components/ui/button';
import { Input, Select } from '@client/components/ui/input';
import { Field } from '@client/components/ui/label';

const STATUSES = {
  commissions: [['all', 'All statuses'], ['pending', 'Pending'], ['paid', 'Paid'], ['cancelled', 'Cancelled']],
  payouts: [['all', 'All statuses'], ['processing', 'Processing'], ['paid', 'Paid'], ['failed', 'Failed']],
} as const;
type Status = (typeof STATUSES)[keyof typeof STATUSES][number][0];

/**
 * Download a CSV statement of the commissions (decision record 024) or payouts (025) in the list: created between two
 * days, of one status or all. A plain link to the statement route (a GET that carries no secret), so the browser saves
 * the file.
 */
export function StatementDownload({ kind, subject = 'commissions' }: { kind: 'business' | 'pro-staff'; subject?: 'commissions' | 'payouts' }) {
  const id = useId();
  const [filter, setFilter] = useState<{ status: Status; from: string; to: string }>({ from: '', to: '', status: 'all' });
  const query = { status: filter.status, ...(filter.from ? { from: filter.from } : {}), ...(filter.to ? { to: filter.to } : {}) };
  const checked = (subject === 'payouts' ? payoutStatementQuery : statementQuery).safeParse(query as StatementQueryInput);
  const error = checked.success ? undefined : checked.error.issues[0]?.message;
  const href = `/api/${subject}/${kind}/statement?${new URLSearchParams(query as Record<string, string>).toString()}`;

  return (
    <section aria-labelledby={`${id}-title`} className="mb-4 rounded-lg border border-bark-100 p-3" data-testid={subject === 'payouts' ? 'payout-statement-download' : 'statement-download'}>
      <h3 id={`${id}-title`} className="text-sm font-semibold text-bark-900">{subject === 'payouts' ? 'Payout statement (CSV)' : 'Statement (CSV)'}</h3>
      <div className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Field id={`${id}-from`} label="From">
          <Input id={`${id}-from`} type="date" value={filter.from} onChange={(event) => setFilter({ ...filter, from: event.target.value })} />
        </Field>
        <Field id={`${id}-to`} label="To">
          <Input id={`${id}-to`} type="date" value={filter.to} onChange={(event) => setFilter({ ...filter, to: event.target.value })} />
        </Field>
        <Field id={`${id}-status`} label="Status">
          <Select id={`${id}-status`} value={filter.status} onChange={(event) => setFilter({ ...filter, status: event.target.value as Status })}>
            {STATUSES[subject].map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </Select>
        </Field>
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">{error}</p>
      ) : (
        <Button asChild variant="outline" size="sm" className="mt-3">
          <a href={href} download>Download CSV</a>
        </Button>
      )}
    </section>
  );
}
