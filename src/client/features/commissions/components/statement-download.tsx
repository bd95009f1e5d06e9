import { useId, useState } from 'react';
import { statementQuery, type StatementQueryInput } from '@shared/contracts/commissions';
import { Button } from '@client/components/ui/button';
import { Input, Select } from '@client/components/ui/input';
import { Field } from '@client/components/ui/label';

const STATUSES = [['all', 'All statuses'], ['pending', 'Pending'], ['paid', 'Paid'], ['cancelled', 'Cancelled']] as const;

/**
 * Download a CSV statement of the commissions in the list (decision record 024): created between two days, of one
 * status or all. A plain link to the statement route (a GET that carries no secret), so the browser saves the file.
 */
export function StatementDownload({ kind }: { kind: 'business' | 'pro-staff' }) {
  const id = useId();
  const [filter, setFilter] = useState<Required<Pick<StatementQueryInput, 'status'>> & { from: string; to: string }>({ from: '', to: '', status: 'all' });
  const query: StatementQueryInput = { status: filter.status, ...(filter.from ? { from: filter.from } : {}), ...(filter.to ? { to: filter.to } : {}) };
  const checked = statementQuery.safeParse(query);
  const error = checked.success ? undefined : checked.error.issues[0]?.message;
  const href = `/api/commissions/${kind}/statement?${new URLSearchParams(query as Record<string, string>).toString()}`;

  return (
    <section aria-labelledby={`${id}-title`} className="mb-4 rounded-lg border border-bark-100 p-3" data-testid="statement-download">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-bark-900">Statement (CSV)</h3>
      <div className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Field id={`${id}-from`} label="From">
          <Input id={`${id}-from`} type="date" value={filter.from} onChange={(event) => setFilter({ ...filter, from: event.target.value })} />
        </Field>
        <Field id={`${id}-to`} label="To">
          <Input id={`${id}-to`} type="date" value={filter.to} onChange={(event) => setFilter({ ...filter, to: event.target.value })} />
        </Field>
        <Field id={`${id}-status`} label="Status">
          <Select id={`${id}-status`} value={filter.status} onChange={(event) => setFilter({ ...filter, status: event.target.value as typeof filter.status })}>
            {STATUSES.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
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
